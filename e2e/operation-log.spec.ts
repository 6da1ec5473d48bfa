import { expect, test, type Page } from '@playwright/test';
import { localeStrings } from './support/layout.ts';
import { api } from './support/api.ts';
import { signIn } from './support/sign-in.ts';

// The operation log read as staff read it, in Chinese: every action and kind of target can be
// filtered and reads translated, a chat access policy is named by game, region and channel (not
// `gn:7`), and an edit counts only the fields that changed, not its version and timestamps.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;
const oplog = localeStrings('oplog') as Strings;
const rows = (page: Page) => page.locator('.rx-data-table tbody tr.ant-table-row');
/** A button's name: antd puts a space between two CJK characters. */
const spaced = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

/** Whether a filter select offers an option, found by typing its label into the select's search. */
async function offers(page: Page, id: string, label: string): Promise<void> {
  const select = page.locator(`form[role=search] #${id}`);
  await select.click();
  await select.fill(label);
  await expect(
    page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first(),
  ).toBeVisible();
  await select.fill('');
  await page.keyboard.press('Escape');
}

test('the operation log names actions, targets and changes in words', async ({ page }) => {
  test.setTimeout(90_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  await signIn(page, 'admin', 'zh', '/main/useraccount/account-operation-log');
  const channel = await api<{ id: number; version: number }>(page, 'POST', '/channels', {
    code: `log_${tag}`,
    name: `日志${tag}`,
    kind: 'web',
  });
  await api(page, 'POST', '/social-access', {
    kind: 'chat',
    region: 'gn',
    channel_id: channel.id,
    chat: { world: true, private: false, guild: true, daily_messages: 0 },
  });
  await api(page, 'PUT', `/channels/${channel.id}`, { name: `日志${tag}改`, version: channel.version });

  for (const action of ['publish', 'rollback', 'sign_in', 'export', 'kill_switch_on']) {
    await offers(page, 'action', oplog.actions[action]);
  }
  for (const target of ['chat_access', 'friend_access', 'error_code_release']) {
    await offers(page, 'target_type', oplog.targets[target]);
  }

  // The policy is named by its region and its channel's name.
  await page.goto('/main/useraccount/account-operation-log?target_type=chat_access&action=create');
  const policy = rows(page)
    .filter({ hasText: `日志${tag}` })
    .first();
  // A fresh page on a busy machine: the first answer may take a while.
  await expect(policy).toContainText(`${oplog.regions.gn} · 日志${tag}`, { timeout: 30_000 });
  await expect(policy).toContainText(oplog.targets.chat_access);
  await expect(policy).not.toContainText('gn:');

  // The rename changed one field: the version and timestamps are not counted.
  await page.goto(
    `/main/useraccount/account-operation-log?target_type=channel&action=update&target_id=${channel.id}`,
  );
  await rows(page)
    .first()
    .getByRole('button', { name: spaced(oplog.detail.open) })
    .click({ timeout: 30_000 });
  const drawer = page.locator('.ant-drawer-section:visible');
  await expect(drawer).toContainText(oplog.detail.changes.replace('{{count}}', '1'));
  const diff = page.getByTestId('oplog-diff');
  await expect(diff).toContainText('name');
  await expect(diff).not.toContainText('updated_at');
  await expect(diff).not.toContainText('version');
});

test('sign-ins have their own tab and never bury the changes staff made', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'zh', '/main/useraccount/account-operation-log');
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab', { name: oplog.kinds.changes })).toHaveAttribute('aria-selected', 'true');
  // The admin has just signed in; on the changes tab no row is a sign-in.
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(rows(page).filter({ hasText: oplog.actions.sign_in })).toHaveCount(0);

  await tabs.getByRole('tab', { name: oplog.kinds.sessions }).click();
  await expect(page).toHaveURL(/kind=sessions/);
  await expect(rows(page).first()).toContainText(oplog.actions.sign_in, { timeout: 30_000 });
  await expect(rows(page).first()).toContainText('admin');

  // A link to sign-ins opens their tab.
  await page.goto('/main/useraccount/account-operation-log?action=sign_in');
  await expect(tabs.getByRole('tab', { name: oplog.kinds.sessions })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});
