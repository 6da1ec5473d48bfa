import { expect, test, type Page } from '@playwright/test';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';

// Every list table carries its own tools (column settings saved per user, row density, refresh),
// not only the pages built on the resource list page. Checked on lists built each their own way.

const table = localeStrings('table') as Record<string, string>;

const PAGES = [
  '/useraccount/account-operation-log',
  '/system/staff',
  '/system/roles',
  '/service/feedbackConfig/feedback-configure',
  '/projectbase/projectbase-fe/social/chat-access-setting',
];

const headers = (page: Page) => page.locator('.rx-data-table thead th');
const tools = (page: Page) => page.locator('.rx-table-tools');

/** The column-settings popover, opened (a click lost while the page settles is tried again). */
async function openColumns(page: Page) {
  const list = page.locator('.rx-column-settings:visible');
  await expect(async () => {
    if (!(await list.isVisible())) await tools(page).getByRole('button', { name: table.columns }).click();
    await expect(list).toBeVisible({ timeout: 2000 });
  }).toPass();
  return list;
}

for (const path of PAGES) {
  test(`the table of ${path} hides a column for this user, keeps it hidden, and resets`, async ({ page }) => {
    await signIn(page, 'admin', 'zh');
    await page.goto(`/main${path}`);
    await expect(tools(page)).toBeVisible();
    await expect(page.locator('.rx-data-table tbody tr.ant-table-row').first()).toBeVisible();

    const list = await openColumns(page);
    const first = list.getByRole('checkbox').first();
    const label = (await list.locator('label').first().innerText()).trim();
    const before = await headers(page).count();
    await first.uncheck();
    await expect(headers(page)).toHaveCount(before - 1);
    await expect(headers(page).filter({ hasText: label })).toHaveCount(0);

    // Saved for this user: still hidden after a reload.
    await page.reload();
    await expect(page.locator('.rx-data-table tbody tr.ant-table-row').first()).toBeVisible();
    await expect(headers(page)).toHaveCount(before - 1);

    // Density: compact rows.
    await tools(page).getByRole('button', { name: table.densityTitle }).click();
    // The menu lists comfortable, default, compact.
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').last().click();
    await expect(page.locator('.rx-data-table .ant-table-small')).toBeVisible();

    // Refresh asks the server again.
    const asked = page.waitForResponse((r) => r.url().includes('/api/v1/') && r.request().method() === 'GET');
    await tools(page).getByRole('button', { name: table.refresh }).click();
    await asked;

    const again = await openColumns(page);
    await again.getByRole('button', { name: table.reset }).click();
    await expect(headers(page)).toHaveCount(before);
  });
}
