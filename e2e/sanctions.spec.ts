import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { JOURNEY_VARIANTS, sidewaysScroll, signInAs, variantName } from './support/journeys.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';

// Staff ban a player from the profile, find the ban in the risk-control list, and lift it; in
// Chinese and Arabic at 1440 px and in Arabic at 390 px, with no serious axe finding on either page.

// axe is added as a script of the page.
test.use({ bypassCSP: true });
// A journey of several pages and a second browser's steps: generous on a busy two-core machine.
test.describe.configure({ timeout: 180_000 });

/** A button's name: antd spaces out a two-character Chinese label ("处 罚"). */
const named = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s*')}\\s*$`);

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
// A different player per variant (page 9 is the violation template's).
const PLAYER_PAGES = [7, 8, 10];

for (const [index, variant] of JOURNEY_VARIANTS.entries()) {
  const page_ = PLAYER_PAGES[index]!;
  test(`ban a player from the profile, see it in the list, lift it ${variantName(variant)}`, async ({
    page,
  }) => {
    const { lang } = variant;
    const s = localeStrings('sanctions', lang) as Record<string, any>;
    await signInAs(page, 'admin', variant);
    // A player of the chosen game, a different one per language, through the API as a fixture.
    const found = await api<{ list: { openid: string }[] }>(
      page,
      'GET',
      `/players?page=${page_}&page_size=1&sort=created_at`,
    );
    const openid = found.list[0]!.openid;
    const reason = `e2e ${lang} ${Date.now().toString(36)}`;

    await page.goto(`/main/useraccount/userManage/userOption/${openid}`);
    const card = page.locator('.ant-card').filter({ hasText: s.title });
    await card.getByRole('button', { name: named(s.actions.new) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(openid);
    // Account ban (the default kind), 1 day (the default length), with a reason.
    await dialog.getByLabel(s.form.reason).fill(reason);
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(dialog).toBeHidden();
    const row = card.locator('tbody tr.ant-table-row').filter({ hasText: reason });
    await expect(row).toContainText(s.kinds.account);
    await expect(row).toContainText(s.statuses.active);
    await expect.poll(() => sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The risk-control list, filtered by the player.
    await page.goto('/main/useraccount/violation-legal-config');
    await page.locator('form[role=search] #openid').fill(openid);
    await page.locator('form[role=search] button[type=submit]').click();
    await expect(page).toHaveURL(/openid=/);
    const listed = page.locator('.rx-data-table tbody tr.ant-table-row').filter({ hasText: reason });
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText(s.statuses.active);
    await expect.poll(() => sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Back to the profile through the list's link; lift the ban with why.
    await listed.getByRole('link', { name: openid }).click();
    await expect(page).toHaveURL(new RegExp(`/userOption/${openid}$`));
    await row.getByRole('button', { name: named(s.actions.lift) }).click();
    await expect(dialog).toContainText(s.form.liftTitle);
    await dialog.getByLabel(s.form.liftReason).fill('appeal accepted');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(s.statuses.lifted);
    await expect(row).toContainText('appeal accepted');
    await expect(row.getByRole('button', { name: named(s.actions.lift) })).toHaveCount(0);
  });
}

test('a violation template: create it, apply it three times, the third applies the third rung (zh)', async ({
  page,
}) => {
  const v = localeStrings('violationTemplates', 'zh') as Record<string, any>;
  const crud = localeStrings('crud', 'zh') as Record<string, any>;
  await signIn(page, 'admin', 'zh');
  const found = await api<{ list: { openid: string }[] }>(
    page,
    'GET',
    '/players?page=9&page_size=1&sort=created_at',
  );
  const openid = found.list[0]!.openid;
  const code = `e2e_${Date.now().toString(36)}`;

  await page.goto('/main/useraccount/violation-legal-template');
  await page.getByRole('button', { name: named(crud.action.create) }).click();
  const drawer = page.locator('.ant-drawer-section:visible').last();
  await drawer.getByLabel(v.code, { exact: true }).fill(code);
  await drawer.getByLabel(v.name, { exact: true }).fill('辱骂玩家');
  // The default ladder: warn, mute 60 min, chat ban 1 day, account ban 7 days.
  await drawer.getByRole('button', { name: named(crud.action.save) }).click();
  await expect(drawer).toBeHidden();
  const row = page.locator('.rx-data-table tbody tr.ant-table-row').filter({ hasText: code });
  await expect(row).toContainText(`3. ${v.actions.feature}`);
  expect(await seriousViolations(page)).toEqual([]);

  const dialog = page.getByRole('dialog');
  const toasts = page.locator('.ant-message-notice');
  for (const n of [1, 2, 3]) {
    await row.getByRole('button', { name: named(v.apply) }).click();
    await dialog.getByLabel('openid').fill(openid);
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(dialog).toBeHidden();
    await expect(
      toasts.filter({ hasText: v.applied.replace('{{n}}', String(n)).split('{{step}}')[0] }),
    ).toHaveCount(1);
  }
  await expect(
    toasts.filter({ hasText: v.applied.replace('{{n}}', '3').split('{{step}}')[0] }),
  ).toContainText(v.actions.feature);
  const status = await api<{ list: { kind: string; feature: string; status: string }[] }>(
    page,
    'GET',
    `/sanctions?openid=${openid}&status=active`,
  );
  expect(status.list.map((s) => `${s.kind}:${s.feature}`).sort()).toEqual(['feature:chat', 'mute:']);
});
