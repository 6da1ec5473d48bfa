import { expect, test } from '@playwright/test';
import { localeStrings, switchOn } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';

// ops_gn works in Chinese, ops_hw in English; each marks only their own notifications read.
const ZH = localeStrings('layout');
const EN = localeStrings('layout', 'en');

test.describe('notifications and work orders', () => {
  test('the bell lists the latest notifications; marking one read lowers the count', async ({ page }) => {
    await signIn(page, 'ops_gn');
    const bell = page.locator('.rx-notify-bell');
    await expect(bell).toHaveAttribute('data-unread', '3');
    await bell.click();
    const items = page.locator('.rx-notify-list > li');
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText('工单 #1024');
    await items.first().getByRole('button', { name: ZH.notify.markRead }).click();
    await expect(bell).toHaveAttribute('data-unread', '2');
    await expect(items.first()).not.toHaveClass(/is-unread/);
    await page.getByRole('button', { name: ZH.notify.viewAll }).click();
    await expect(page).toHaveURL(/\/main\/notification\/management$/);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(3);
  });

  test('work orders: the header entry opens the unread work orders; the page marks them all read', async ({
    page,
  }) => {
    await signIn(page, 'ops_hw');
    await switchOn(page, ['showWorkerOrder']);

    const entry = page.locator('.rx-work-orders');
    await expect(entry).toHaveAttribute('data-unread', '1');
    await entry.click();
    await expect(page).toHaveURL(/\/main\/notification\/management\?kind=work_order&unread=1$/);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Work order #1024');
    await page.locator('.rx-content').getByRole('button', { name: EN.notify.markAllRead }).click();
    await expect(rows).toHaveCount(0);
    await expect(entry).toHaveAttribute('data-unread', '0');
    await expect(page.locator('.rx-notify-bell')).toHaveAttribute('data-unread', '0');
  });
});
