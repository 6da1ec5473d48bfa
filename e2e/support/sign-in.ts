import { expect, type Page } from '@playwright/test';

/** Every demo staff member's password (apps/server seed). */
export const DEMO_PASSWORD = 'Demo@12345';

/**
 * Signs in through the sign-in page as a demo staff member and waits for the console: its home page,
 * or the console page `to` (`/main/…`), passed on as the sign-in page's `redirect` as a link from
 * another system would, so the test does not load the home page only to leave it.
 * A test that makes failed sign-ins should send its own `x-forwarded-for` first (failures count per IP).
 */
export async function signIn(page: Page, username = 'admin', lang = 'en', to?: string): Promise<void> {
  const query = new URLSearchParams({ lang });
  if (to) query.set('redirect', to);
  await page.goto(`/login?${query}`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('button[type=submit]').click();
  if (!to) {
    await expect(page).toHaveURL(/\/main\/homepage\/index$/);
    return;
  }
  const target = new URL(to, 'http://x');
  await expect(page).toHaveURL((url) => url.pathname === target.pathname && url.search === target.search);
}
