import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';
import { spaced } from './support/ui.ts';

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

test.describe('a row just saved', () => {
  // axe-core is injected as an inline script.
  test.use({ bypassCSP: true });
  for (const { lang, html, dir, name, width } of [
    { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', width: 1440 },
    { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 390 },
  ] as const)
    test(`a prop just saved stays in view above the list, edited there, until the view changes (issue 27, ${lang}, ${width} px)`, async ({
      page,
    }) => {
      const crud = localeStrings('crud', lang);
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, 'admin', 'zh');
      if (lang !== 'zh') await switchLanguage(page, name, html, dir);
      // Sorted by code, on page 2: wherever the new prop belongs, it is not on this page.
      await page.goto('/main/projectbase/projectbase-fe/game-prop-config?sort=code&page=2');
      const list = new ListPage(page);
      await expect(list.rows).toHaveCount(10);
      const kept = page.getByRole('region', { name: crud.kept.title });
      const keptRows = kept.locator('tbody tr.ant-table-row');
      const drawer = page.locator('.ant-drawer-section:visible').last();
      const save = async () => {
        await drawer.getByRole('button', { name: spaced(crud.action.save) }).click();
        await expect(drawer).toBeHidden({ timeout: 30_000 });
      };

      await page.getByRole('button', { name: spaced(crud.action.create) }).click();
      const code = `zz${Date.now().toString(36)}`;
      await drawer.locator('#code').fill(code);
      await drawer.getByLabel('简体中文').fill(`新道具 ${code}`);
      await save();
      // Above the page's ten rows, with the list's sort, page and filters as they were.
      await expect(keptRows).toHaveCount(1);
      await expect(keptRows).toContainText(`新道具 ${code}`);
      await expect(list.rows).toHaveCount(11);
      expect(list.query().get('sort')).toBe('code');
      expect(list.query().get('page')).toBe('2');
      expect(await seriousViolations(page)).toEqual([]);

      // Edited where it is, it shows its new values.
      await keptRows.getByRole('button', { name: spaced(crud.action.edit) }).click();
      await drawer.getByLabel('简体中文').fill(`改过的道具 ${code}`);
      await save();
      await expect(keptRows).toContainText(`改过的道具 ${code}`);

      // Another page is another view: the list's own rows only.
      await list.clickPage(3);
      await list.expectQuery('page', '3');
      await expect(kept).toHaveCount(0);
      await expect(list.rows).toHaveCount(10);
    });
});
