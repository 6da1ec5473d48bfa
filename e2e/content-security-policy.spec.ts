import { expect, test, type Page } from '@playwright/test';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';

// Under the server's Content-Security-Policy (no inline script): the sign-in page, the console,
// the first-paint theme script and the API documentation work, and the browser reports nothing.

const AUTO_REPLY = localeStrings('autoReply');

/** Everything the browser says about the policy: violation events and console messages. */
function watchPolicy(page: Page): string[] {
  const reports: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to (execute|load|apply)/i.test(message.text())) {
      reports.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => reports.push(`error: ${error.message}`));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return reports;
}

test('the sign-in page and the console run under the policy without a violation', async ({ page }) => {
  const reports = watchPolicy(page);
  const answer = await page.goto('/login?lang=zh');
  expect(answer!.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(answer!.headers()['x-frame-options']).toBe('DENY');
  await signIn(page, 'admin', 'zh');
  for (const path of [
    '/basic/product-list',
    '/projectbase/projectbase-fe/game-prop-config',
    '/projectbase/projectbase-fe/auto-reply',
  ]) {
    await page.goto(`/main${path}`);
    await expect(page.locator('.rx-content')).toBeVisible();
  }
  // The game keys drawer shows the string to sign, nonce and body hash included.
  await page.getByRole('button', { name: AUTO_REPLY.keys.button }).click();
  await expect(page.getByTestId('game-signing-sample')).toHaveText(
    /^GET\n\/api\/game\/v1\/error-codes\nlang=en\n\d+\n[0-9a-f]{32}\ne3b0c442[0-9a-f]{56}$/,
  );
  expect(reports).toEqual([]);
});

test('the saved dark theme is on <html> before the app runs, from the theme file', async ({ page }) => {
  const reports = watchPolicy(page);
  await signIn(page, 'admin', 'zh');
  await page.evaluate(() => localStorage.setItem('rx-console:active-theme-name', JSON.stringify('dark')));
  // Without the app's scripts, only public/theme-boot.js can set the class: no white flash.
  await page.route(/\/main\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/main/homepage/index');
  await expect(page.locator('html')).toHaveClass(/\btheme-dark\b/);
  await page.unroute(/\/main\/assets\/.*\.js$/);
  await page.reload();
  await expect(page.locator('.rx-layout')).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\btheme-dark\b/);
  // The scripts this test aborted on purpose may still be reported as failed imports of the first
  // load (a race with the reload); a policy violation reads differently.
  expect(
    reports.filter((r) => !/net::ERR_FAILED|Failed to fetch dynamically imported module/.test(r)),
  ).toEqual([]);
});

test('the API documentation (Swagger UI) renders under the policy', async ({ page }) => {
  const reports = watchPolicy(page);
  await page.goto('/api/docs/');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Game publishing console API', {
    timeout: 30_000,
  });
  await expect(page.locator('.opblock').first()).toBeVisible();
  expect(reports).toEqual([]);
});
