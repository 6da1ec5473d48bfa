import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { switchLanguage } from './support/built-pages.ts';

// Staff find a player the way customer service does: page through the game's players, search by a
// role's name, open the profile and read its sign-ins and orders.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const players = localeStrings('players') as Record<string, any>;
const rows = (page: Page) => page.locator('.rx-data-table tbody tr.ant-table-row');

test('find a player by role name, open the profile, read sign-ins and orders', async ({ page }) => {
  await signIn(page, 'admin', 'zh', '/main/useraccount/userManage');
  // The first page of 3,000 players (a busy machine may take a while to count them).
  await expect(rows(page)).toHaveCount(10, { timeout: 30_000 });

  // Paging changes the rows and the address.
  const firstOnPage1 = await rows(page).first().locator('td').first().innerText();
  await page.locator('.ant-pagination-item-2').click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows(page).first().locator('td').first()).not.toHaveText(firstOnPage1);

  // A paying player with two roles, found through the API as a test fixture.
  const paying = await api<{ list: { openid: string }[] }>(page, 'GET', '/players?paid=1&page_size=1');
  const openid = paying.list[0]!.openid;
  const profile = await api<{ roles: { name: string }[]; orders: unknown[] }>(
    page,
    'GET',
    `/players/${openid}`,
  );
  const role = profile.roles[0]!.name;

  await page.goto('/main/useraccount/userManage');
  await page.locator('form[role=search] #by').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: players.by.role_name })
    .click();
  await page.locator('form[role=search] #q').fill(role);
  await page.locator('form[role=search] button[type=submit]').click();
  await expect(page).toHaveURL(/by=role_name/);
  const found = rows(page).filter({ hasText: openid });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(role);

  await found.getByRole('link', { name: openid }).click();
  await expect(page).toHaveURL(new RegExp(`/useraccount/userManage/userOption/${openid}$`));
  await expect(page.getByRole('heading', { level: 4 })).toContainText(players.profileTitle.split('：')[0]);
  await page.getByRole('tab', { name: new RegExp(players.tabs.logins) }).click();
  await expect(page.getByRole('tabpanel').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await page.getByRole('tab', { name: new RegExp(players.tabs.orders) }).click();
  await expect(page.getByRole('tabpanel').locator('tbody tr.ant-table-row')).toHaveCount(
    Math.min(10, profile.orders.length),
  );
  await expect(page.getByRole('tabpanel')).toContainText('¥');

  // An unknown player says so and leads back.
  await page.goto('/main/useraccount/userManage/userOption/nobody_here');
  await expect(page.locator('.ant-result')).toContainText('nobody_here');
});

test('in Arabic: find a player by openid and read the profile right to left', async ({ page }) => {
  const ar = localeStrings('players', 'ar') as Record<string, any>;
  await signIn(page, 'admin', 'zh');
  const one = await api<{ list: { openid: string }[] }>(page, 'GET', '/players?page_size=1');
  const openid = one.list[0]!.openid;
  await switchLanguage(page, 'العربية', 'ar', 'rtl');
  await page.goto(`/main/useraccount/userManage?by=openid&q=${encodeURIComponent(openid)}`);
  const found = rows(page).filter({ hasText: openid });
  await expect(found).toHaveCount(1, { timeout: 30_000 });
  await found.getByRole('link', { name: openid }).click();
  await expect(page).toHaveURL(new RegExp(`/useraccount/userManage/userOption/${openid}$`));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 4 })).toContainText(ar.profileTitle.split(':')[0]);
  await page.getByRole('tab', { name: new RegExp(ar.tabs.logins) }).click();
  await expect(page.getByRole('tabpanel').locator('tbody tr.ant-table-row').first()).toBeVisible();
});
