import { expect, test } from '@playwright/test';
import { switchLanguage } from './support/built-pages.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';

// Paging a list as staff do: page buttons, next, page size and the go-to box each load other rows
// and keep the page in the address (the demo game has more than 30 props).

test('the props list pages by click, next, size and jump, and the address follows', async ({ page }) => {
  await signIn(page, 'admin', 'en');
  await switchLanguage(page, 'English', 'en', 'ltr');
  await page.goto('/main/projectbase/projectbase-fe/game-prop-config?sort=code');
  const list = new ListPage(page);
  await expect(list.rows).toHaveCount(10);
  const first = await list.rowKeys();

  await list.clickPage(2);
  await list.expectQuery('page', '2');
  await expect.poll(() => list.rowKeys()).not.toEqual(first);
  const second = await list.rowKeys();
  expect(second.some((cell) => first.includes(cell))).toBe(false);

  await list.next();
  await list.expectQuery('page', '3');
  await expect.poll(() => list.rowKeys()).not.toEqual(second);

  await list.pageSize(20);
  await list.expectQuery('page_size', '20');
  await list.expectQuery('page', null);
  await expect(list.rows).toHaveCount(20);
  expect(await list.rowKeys()).toEqual(expect.arrayContaining(first));

  await list.jumpTo(2);
  await list.expectQuery('page', '2');
  // Rows 21 on: none of the first ten (the old rows stay until the new page has loaded). Other
  // tests may add props meanwhile, so the count is not fixed.
  await expect.poll(async () => (await list.rowKeys()).some((cell) => first.includes(cell))).toBe(false);
  expect(await list.rows.count()).toBeLessThanOrEqual(20);

  // The address restores the same view.
  await page.reload();
  await expect(list.rows.first()).toBeVisible();
  expect(list.query().get('page')).toBe('2');
  expect(list.query().get('page_size')).toBe('20');
});

test('sorting goes back to the first page and keeps the sort in the address', async ({ page }) => {
  await signIn(page, 'admin', 'en');
  await switchLanguage(page, 'English', 'en', 'ltr');
  await page.goto('/main/projectbase/projectbase-fe/game-prop-config?page=3');
  const list = new ListPage(page);
  await expect(list.rows.first()).toBeVisible();
  await page
    .locator('.rx-data-table thead th')
    .filter({ hasText: /^Code|Item ID/ })
    .first()
    .click();
  await list.expectQuery('sort', 'code');
  await list.expectQuery('page', null);
});
