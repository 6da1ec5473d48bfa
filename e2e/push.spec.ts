import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, confirmPopover, openDrawer } from './support/ui.ts';

// Operations staff write an app push for two players whose game registered their devices (a wrong
// form, then a right one), send it, and read its deliveries; the list paged, sorted and filtered;
// in Chinese at 1440 px and in Arabic (right to left) at 390 px, with no serious axe finding.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const zh = {
  p: localeStrings('push') as Record<string, any>,
  crud: localeStrings('crud') as Record<string, any>,
  table: localeStrings('table') as Record<string, any>,
  tabs: localeStrings('tabs') as Record<string, any>,
};
const ar = { p: localeStrings('push', 'ar') as Record<string, any> };

test.use({ bypassCSP: true });
test.describe.configure({ timeout: 150_000 });

const PUSH = '/main/operation/push-manage/app-push';
const rowOf = (page: Page, text: string) =>
  page.locator('.rx-data-table tbody tr.ant-table-row').filter({ hasText: text });

test('write a push for two players, a wrong form first, send it and read its deliveries', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  await signIn(page, 'admin', 'zh', PUSH);
  // The game registers the two players' devices.
  const key = await newGameKey(page);
  for (const who of ['a', 'b']) {
    const registered = await gameCall(request, key, 'POST', '/api/game/v1/push/tokens', {
      openid: `e2e_${tag}_${who}`,
      platform: 'android',
      provider: 'fcm',
      token: `e2e-token-${tag}-${who}`,
      locale: 'zh-CN',
    });
    expect(registered.status).toBe(200);
  }

  // A wrong form: no name, no title, a deep link that is not one.
  await button(page, zh.crud.action.create).click();
  const form = openDrawer(page);
  await form.locator('#deep_link').fill('not a link');
  await button(form, zh.crud.action.save).click();
  await expect(form.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await expect(form.getByRole('alert').filter({ hasText: zh.crud.form.fixErrors })).toBeVisible();
  // Put right: a name, a title and body in Chinese, a proper link, the two players.
  const name = `周末活动 ${tag}`;
  await form.locator('#name').fill(name);
  await form.locator('#title [data-lang="zh"]').fill('周末双倍经验');
  await form.locator('#body [data-lang="zh"]').fill('今晚 8 点开启，快来！');
  await form.locator('#deep_link').fill('game://event/weekend');
  await form.locator('#target').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: zh.p.targets.players })
    .click();
  const openids = form.locator('#openids');
  await openids.fill(`e2e_${tag}_a`);
  await openids.press('Enter');
  await openids.fill(`e2e_${tag}_b`);
  await openids.press('Enter');
  await button(form, zh.crud.action.save).click();
  await expect(form).toBeHidden();
  const row = rowOf(page, name);
  await expect(row.getByTestId('push-status')).toHaveText(zh.p.states.draft);
  expect(await seriousViolations(page)).toEqual([]);

  // Send: no approval on this game, so it goes out at once through the fake FCM.
  await row.getByTestId('push-send').click();
  await page.locator('.ant-popover:visible .ant-btn-primary').click();
  await expect(async () => {
    await page.getByRole('button', { name: zh.table.refresh, exact: true }).click();
    await expect(row.getByTestId('push-status')).toHaveText(zh.p.states.sent, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('2 / 0 / 0');

  // Its deliveries: two devices targeted, two sent.
  await row.getByTestId('push-stats-open').click();
  const stats = page.getByTestId('push-stats');
  await expect(stats).toContainText(zh.p.stats.targeted);
  await expect(stats.locator('td').nth(1)).toHaveText('2');
  await expect(page.locator('.ant-modal:visible')).toContainText(zh.p.providers.fcm);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the list pages, sorts and filters; in Arabic at 390 px it reads right to left and fits', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  await signIn(page, 'admin', 'zh');
  for (let i = 1; i <= 3; i++)
    await api(page, 'POST', '/push-tasks', {
      name: `ترويج ${tag} ${i}`,
      title: { zh: `标题 ${i}`, ar: `عنوان ${i}` },
      body: { zh: '正文', ar: 'نص' },
      target: 'all',
      send_at: new Date(Date.now() + i * 86_400_000).toISOString(),
    });
  // Paged two a page, sorted by send time, newest first.
  await page.goto(`${PUSH}?q=${tag}&page_size=2&sort=-send_at`);
  const rows = page.locator('.rx-data-table tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(`${tag} 3`);
  await page.goto(`${PUSH}?q=${tag}&page_size=2&page=2&sort=-send_at`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${tag} 1`);
  // Filtered by state: none of them is scheduled yet.
  await page.goto(`${PUSH}?q=${tag}&status=scheduled`);
  await expect(page.getByRole('cell', { name: zh.tabs.ui.noData })).toBeVisible();

  await switchLanguage(page, 'العربية', 'ar', 'rtl');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${PUSH}?q=${tag}`);
  await expect(rows).toHaveCount(3);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(rows.first().getByTestId('push-status')).toHaveText(ar.p.states.draft);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a push with two A/B variants and quiet hours: a wrong form, a right one, stats per variant', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  await signIn(page, 'admin', 'zh', PUSH);
  // Six players' devices in UTC; quiet hours two to four hours from now there (none is quiet now).
  const key = await newGameKey(page);
  const openids = Array.from({ length: 6 }, (_, i) => `e2e_ab_${tag}_${i}`);
  for (const openid of openids) {
    const registered = await gameCall(request, key, 'POST', '/api/game/v1/push/tokens', {
      openid,
      platform: 'android',
      provider: 'fcm',
      token: `e2e-ab-${openid}`,
      locale: 'zh-CN',
      time_zone: 'UTC',
    });
    expect(registered.status).toBe(200);
  }
  const hour = new Date().getUTCHours();
  const clock = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  const cp = await api<{ time_zone: string }>(page, 'GET', '/cp-settings');

  await button(page, zh.crud.action.create).click();
  const form = openDrawer(page);
  // Where the form explains local-time sending, the CP's own time zone (devices naming none).
  await expect(form.getByTestId('push-cp-time-zone')).toContainText(cp.time_zone);
  const name = `AB 测试 ${tag}`;
  await form.locator('#name').fill(name);
  await form.locator('#title [data-lang="zh"]').fill('基础标题');
  await form.locator('#body [data-lang="zh"]').fill('基础正文');
  await form.locator('#target').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: zh.p.targets.players })
    .click();
  for (const openid of openids) {
    await form.locator('#openids').fill(openid);
    await form.locator('#openids').press('Enter');
  }
  await form.locator('#quiet_hours').check();
  await form.getByLabel(zh.p.task.quietStart).fill(clock(hour + 2));
  await form.getByLabel(zh.p.task.quietEnd).fill(clock(hour + 4));
  // Two variants whose shares add up to more than everyone: refused.
  for (const [i, v] of ['a', 'b'].entries()) {
    await button(form, zh.p.task.addVariant).click();
    await form.getByLabel(`${zh.p.task.variantKey} ${i + 1}`).fill(v);
    await form.getByLabel(`${zh.p.task.variantName} ${i + 1}`).fill(`变体${v.toUpperCase()}`);
    await form.getByLabel(`${zh.p.task.variantPercent} ${i + 1}`).fill('60');
    await form.locator(`#variants_${i}_title [data-lang="zh"]`).fill(`标题${v.toUpperCase()}`);
    await form.locator(`#variants_${i}_body [data-lang="zh"]`).fill(`正文${v.toUpperCase()}`);
  }
  await button(form, zh.crud.action.save).click();
  await expect(form.getByRole('alert').filter({ hasText: zh.crud.form.fixErrors })).toBeVisible();
  await expect(form).toBeVisible();
  // Put right: half each.
  for (const i of [1, 2]) await form.getByLabel(`${zh.p.task.variantPercent} ${i}`).fill('50');
  await button(form, zh.crud.action.save).click();
  await expect(form).toBeHidden();
  const row = rowOf(page, name);
  await expect(row.getByTestId('push-status')).toHaveText(zh.p.states.draft);

  await row.getByTestId('push-send').click();
  await confirmPopover(page);
  await expect(async () => {
    await page.getByRole('button', { name: zh.table.refresh, exact: true }).click();
    await expect(row.getByTestId('push-status')).toHaveText(zh.p.states.sent, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });

  // Stats per variant: a row for each (every player in one of them), with its figures' columns.
  await row.getByTestId('push-stats-open').click();
  const variants = page.getByTestId('push-stats-variants');
  for (const column of ['variant', 'targetedShort', 'sent', 'failed', 'delivered', 'opened', 'converted'])
    await expect(variants.getByRole('columnheader', { name: zh.p.stats[column], exact: true })).toBeVisible();
  const lines = variants.locator('tbody tr.ant-table-row');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: '变体A' })).toHaveCount(1);
  await expect(lines.filter({ hasText: '变体B' })).toHaveCount(1);
  const sent = await lines.evaluateAll((trs) =>
    trs.reduce((sum, tr) => sum + Number(tr.querySelectorAll('td')[2]?.textContent ?? 0), 0),
  );
  expect(sent).toBe(openids.length);
  expect(await seriousViolations(page)).toEqual([]);
});
