import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { ListPage } from './support/list-page.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// Common scripts (the workbench's canned replies): staff search, page, sort and filter them by
// language, a wrong one is refused with its reasons, a right one is listed. In Chinese at 1440 px
// and Arabic at 390 px, with axe.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name, width } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', width: 1440 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 390 },
] as const) {
  test(`search, page, sort and filter canned replies; add one (${lang}, ${width} px)`, async ({ page }) => {
    const s: Strings = localeStrings('csScripts', lang);
    const crud: Strings = localeStrings('crud', lang);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const tag = `sc${lang}${Date.now().toString(36)}`;
    for (let n = 1; n <= 12; n++) {
      await api(page, 'POST', '/cs/scripts', {
        title: `${tag}_${String(n).padStart(2, '0')}`,
        category: 'e2e',
        body: `Reply ${n} for {nickname}`,
        lang: n <= 3 ? 'ja' : '',
      });
    }

    const list = new ListPage(page);
    await page.goto('/main/service/common-scripts');
    // The list is loaded before searching: a search typed while the page still mounts is lost.
    await expect(list.rows.first()).toBeVisible();
    await page.getByTestId('cs-scripts-search').getByRole('searchbox').fill(tag);
    await page.getByTestId('cs-scripts-search').getByRole('searchbox').press('Enter');
    await expect(list.rows).toHaveCount(10);
    for (const row of await list.rows.all()) await expect(row).toContainText(tag);
    // Paged.
    await list.clickPage(2);
    await expect(list.rows).toHaveCount(2);
    await list.clickPage(1);
    // Sorted by title from its header, one way then the other.
    const title = page.locator('.rx-data-table thead th').filter({ hasText: s.title });
    await title.click();
    await expect(list.rows.first()).toContainText(`${tag}_01`);
    await title.click();
    await expect(list.rows.first()).toContainText(`${tag}_12`);
    // Filtered by language: the three in Japanese.
    await page.getByTestId('cs-scripts-lang').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '日本語' }).click();
    await expect(list.rows).toHaveCount(3);
    expect(await seriousViolations(page), 'axe on the list').toEqual([]);

    // A wrong reply (no title, no text) is refused with its reasons; nothing is saved.
    await button(page, crud.action.create).click();
    const drawer = openDrawer(page);
    await drawer.getByLabel(s.category, { exact: true }).fill('e2e');
    await button(drawer, crud.action.save).click();
    await expect(drawer.locator('.ant-form-item-explain-error')).toHaveCount(2);
    await expect(drawer).toBeVisible();
    expect(await seriousViolations(page), 'axe on the refused form').toEqual([]);
    // Right.
    await drawer.getByLabel(s.title, { exact: true }).fill(`${tag}_new`);
    await drawer.getByLabel(s.body, { exact: true }).fill('Hello {nickname}');
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();
    await page.getByTestId('cs-scripts-search').getByRole('searchbox').fill(`${tag}_new`);
    await page.getByTestId('cs-scripts-search').getByRole('searchbox').press('Enter');
    // Written for any language: the Japanese filter hides it, all languages show it.
    await expect(list.rows).toHaveCount(0);
    await page.getByTestId('cs-scripts-lang').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: s.allLanguages })
      .click();
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.first()).toContainText(s.shared);
    await expect(list.rows.first()).toContainText(s.anyLanguage);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
