import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { switchLanguage } from './support/built-pages.ts';
import { globalSearch, searchDialog } from './support/ui.ts';

// Staff find a player the way customer service does: page through the game's players, search by a
// role's name, open the profile and read its sign-ins and orders.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const players = localeStrings('players') as Record<string, any>;
const rows = (page: Page) => page.locator('.rx-data-table tbody tr.ant-table-row');

/** Searches the players list as staff do: the kind of value (`players.by`), the value, then Search. */
async function searchPlayers(page: Page, by: string, text: string) {
  await page.locator('form[role=search] #by').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: players.by[by] })
    .click();
  await page.locator('form[role=search] #q').fill(text);
  await page.locator('form[role=search] button[type=submit]').click();
  await expect(page).toHaveURL(new RegExp(`by=${by}`));
}

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
  await searchPlayers(page, 'role_name', role);
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

test('a nickname read in the list finds its player, by nickname in the list and in the header search', async ({
  page,
}) => {
  // Issue 27, defect 11: a nickname staff read in the list missed when they searched for it.
  const search = localeStrings('search') as Record<string, any>;
  await signIn(page, 'admin', 'zh', '/main/useraccount/userManage');
  await expect(rows(page)).toHaveCount(10, { timeout: 30_000 });
  // The third row as staff read it: its openid, then its nickname.
  const row = rows(page).nth(2);
  const openid = (await row.locator('td').nth(0).innerText()).trim();
  const nickname = (await row.locator('td').nth(1).innerText()).trim();
  expect(nickname).not.toBe('');

  await searchPlayers(page, 'nickname', nickname);
  // Every row shown has that nickname (a prefix search: none shorter), once the rows found replace
  // the page's (the table keeps showing the old rows while it renders the new).
  await expect(async () => {
    const cells = await rows(page).locator('td:nth-child(2)').allInnerTexts();
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) expect(cell.trim().startsWith(nickname)).toBe(true);
  }).toPass();
  await expect(rows(page).filter({ hasText: openid })).toHaveCount(1);

  // The header's search (Ctrl+K) finds the player by the same nickname and opens the profile.
  await globalSearch(page, nickname);
  const option = searchDialog(page).getByRole('option').filter({ hasText: openid });
  await expect(option).toContainText(search.kind.player);
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/userOption/${openid}$`));
});
