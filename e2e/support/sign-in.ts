import { expect, type Page } from '@playwright/test';

/** Every demo staff member's password (apps/server seed). */
export const DEMO_PASSWORD = 'Demo@12345';

/**
 * Signs in through the sign-in page as a demo staff member and waits for the console's home page.
 * A test that makes failed sign-ins should send its own `x-forwarded-for` first (failures count per IP).
 */
export async function signIn(page: Page, username = 'admin', lang = 'en'): Promise<void> {
  await page.goto(`/login?lang=${lang}`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/main\/homepage\/index$/);
}
