import { expect, test } from '@playwright/test';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';

const MENU: Record<string, string> = localeStrings('menu');
const NAV = localeStrings('nav');

// The browser-test server runs without BI_URL and SERVICE_WORKBENCH_URL.
test('the big-data entry, not configured, says so inside the console instead of opening a window', async ({
  page,
  context,
}) => {
  await signIn(page);
  const popups: string[] = [];
  context.on('page', (opened) => popups.push(opened.url()));
  const title = MENU['page.bigData']!;
  await page.getByRole('complementary').getByRole('menuitem', { name: title }).click();
  await expect(page).toHaveURL(/\/main\/bi$/);
  await expect(page.getByRole('main')).toContainText(NAV.external.title.replace('{{title}}', title));
  await expect(page.getByRole('main')).toContainText('BI_URL');
  expect(popups).toEqual([]);
});
