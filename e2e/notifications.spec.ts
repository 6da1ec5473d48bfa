import { expect, test } from '@playwright/test';
import { localeStrings, switchOn } from './support/layout.ts';
import { api } from './support/api.ts';
import { signIn } from './support/sign-in.ts';

// ops_gn works in Chinese, ops_hw in English; each marks only their own notifications read.
const ZH = localeStrings('layout');
const EN = localeStrings('layout', 'en');

test.describe('notifications and work orders', () => {
  test('the bell lists the latest notifications; marking one read lowers the count', async ({ page }) => {
    await signIn(page, 'ops_gn');
    const bell = page.locator('.rx-notify-bell');
    // ops_gn decides approvals: other tests' requests may add to the seeded three while this runs,
    // so the bell is compared with what the API counts, not with a fixed number.
    const unread = async () =>
      (await api<{ unread: number }>(page, 'GET', '/notifications?page_size=1')).unread;
    const bellShows = async () => Number(await bell.getAttribute('data-unread'));
    await expect
      .poll(async () => (await bellShows()) === (await unread()) && (await unread()) >= 3)
      .toBe(true);
    await bell.click();
    const items = page.locator('.rx-notify-list > li');
    // The latest five: other tests' notifications may come before the seeded work order, so the
    // first unread one is marked read, whichever it is.
    await expect(items.first()).toBeVisible();
    const first = items.filter({ has: page.getByRole('button', { name: ZH.notify.markRead }) }).first();
    await expect(first).toHaveClass(/is-unread/);
    const title = (await first.locator('.rx-notify-item__title').first().textContent())?.trim() ?? '';
    const before = await unread();
    await first.getByRole('button', { name: ZH.notify.markRead }).click();
    await expect
      .poll(async () => (await bellShows()) === (await unread()) && (await unread()) < before + 5)
      .toBe(true);
    if (title)
      expect(
        (
          await api<{ list: { title: string; read: boolean }[] }>(page, 'GET', '/notifications?page_size=50')
        ).list.find((n) => n.title === title)?.read,
      ).toBeTruthy();
    await page.getByRole('button', { name: ZH.notify.viewAll }).click();
    await expect(page).toHaveURL(/\/main\/notification\/management$/);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    // Other tests' approval requests may push the seeded work order off the first page: the list
    // filtered to work orders still holds it.
    await page.goto('/main/notification/management?kind=work_order');
    await expect(
      page
        .locator('.ant-table-tbody tr.ant-table-row')
        .filter({ hasText: /工单 #\d+：/ })
        .first(),
    ).toBeVisible();
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
    await expect(rows.first()).toContainText(/Work order #\d+:/);
    await page.locator('.rx-content').getByRole('button', { name: EN.notify.markAllRead }).click();
    await expect(rows).toHaveCount(0);
    await expect(entry).toHaveAttribute('data-unread', '0');
    await expect(page.locator('.rx-notify-bell')).toHaveAttribute('data-unread', '0');
  });
});
