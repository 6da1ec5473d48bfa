import { expect, test } from '@playwright/test';

test.describe('signing in', () => {
  test('admin signs in at /login and lands in /main showing who is signed in', async ({ page }) => {
    await page.goto('/login?lang=en');
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill('Demo@12345');
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/main\/homepage\/index$/);
    await expect(page.getByText('admin', { exact: true }).first()).toBeVisible();
    // The link's fields are gone from the address once used.
    expect(page.url()).not.toContain('sign=');
  });

  test('a wrong password is refused with a translated message, and a captcha follows', async ({ page }) => {
    // Failures count per IP too: this test signs in from its own address so others need no captcha.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.7' });
    await page.goto('/login?lang=ja');
    await page.locator('#username').fill('ops_gn');
    for (let i = 0; i < 3; i++) {
      await page.locator('#password').fill(`wrong-${i}`);
      await page.locator('button[type=submit]').click();
      await expect(page.getByText('ユーザー名またはパスワードが正しくありません。')).toBeVisible();
    }
    await expect(page.locator('#code')).toBeVisible();
    // The captcha is a proof of work the browser does by itself; then the right password gets in.
    await expect(page.locator('#code')).toHaveText('確認できました。サインインできます。', {
      timeout: 30_000,
    });
    await page.locator('#password').fill('Demo@12345');
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/main\/homepage\/index$/);
  });

  test('a visitor without a session is sent to the sign-in page', async ({ page }) => {
    await page.goto('/main/homepage/index');
    await expect(page).toHaveURL(/\/login/);
  });
});
