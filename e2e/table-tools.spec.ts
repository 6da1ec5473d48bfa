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
  '/basic/error-code',
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
    await signIn(page, 'admin', 'zh', `/main${path}`);
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

test('the built-in admin role and one’s own account offer no delete, and cannot be selected for it', async ({
  page,
}) => {
  const system = localeStrings('system') as { role: Record<string, string> };
  const crud = localeStrings('crud') as { action: { edit: string; delete: string } };
  await signIn(page, 'admin', 'zh', '/main/system/roles?q=admin');
  const adminRow = page
    .locator('.rx-data-table tbody tr.ant-table-row')
    .filter({ hasText: system.role.builtIn });
  await expect(adminRow).toHaveCount(1);
  await expect(adminRow.getByRole('button')).toHaveCount(0);
  await expect(adminRow.getByRole('checkbox')).toBeDisabled();

  await page.goto('/main/system/staff?q=admin');
  const me = page.locator('.rx-data-table tbody tr.ant-table-row').filter({
    has: page.getByRole('cell', { name: 'admin', exact: true }),
  });
  await expect(me).toHaveCount(1);
  await expect(me.getByRole('button', { name: spaced(crud.action.edit) })).toBeVisible();
  await expect(me.getByRole('button', { name: spaced(crud.action.delete) })).toHaveCount(0);
  await expect(me.getByRole('checkbox')).toBeDisabled();
});

/** A button's name: antd puts a space between two CJK characters. */
function spaced(text: string): RegExp {
  return new RegExp(`^${[...text].join('\\s*')}$`);
}
