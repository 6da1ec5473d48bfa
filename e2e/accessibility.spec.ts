import { expect, test } from '@playwright/test';
import { seriousViolations, type Finding } from './support/axe.ts';
import {
  builtPages,
  openPage,
  overseasOnlyBuiltPages,
  routeValues,
  switchLanguage,
} from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';

// axe-core (WCAG 2.0 A/AA and 2.1 AA) on every built page as the demo admin, in Chinese and in
// Arabic (right to left): no violation of serious or critical impact. One browser context per
// language, pages visited one after the other. And the help-centre editor asks for alt text.

const LANGUAGES = [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const;

// The pages may run as long as the whole walk needs; each step has its own timeouts.
test.describe.configure({ timeout: 300_000 });
// The axe script is added inline: a content security policy must not stop it. The failure names
// every page and rule; a trace of the whole walk would only slow it down.
test.use({ bypassCSP: true, trace: 'off' });

// The walk in parts, each a test with its own time: every page still is walked, in each language.
const PARTS = 4;

for (const { lang, html, dir, name } of LANGUAGES) {
  for (let part = 0; part < PARTS; part++)
    test(`every built page passes axe (wcag2a, wcag2aa, wcag21aa) in ${lang}, part ${part + 1} of ${PARTS}`, async ({
      page,
    }) => {
      await signIn(page, 'admin', 'zh');
      if (lang !== 'zh') await switchLanguage(page, name, html, dir);
      const pages = builtPages(await routeValues(page)).filter((_, i) => i % PARTS === part);
      const found: Record<string, Finding[]> = {};
      for (const path of pages) {
        await openPage(page, path);
        // The page really is in the language under test, with its content on screen.
        await expect(page.locator('html')).toHaveAttribute('lang', html);
        await expect(page.locator('html')).toHaveAttribute('dir', dir);
        const violations = await seriousViolations(page, { detail: true });
        if (violations.length) found[path] = violations;
      }
      const elements = Object.values(found)
        .flat()
        .reduce((sum, v) => sum + v.count, 0);
      console.log(
        `axe ${lang} part ${part + 1}: ${pages.length} pages, ${Object.keys(found).length} failing, ${elements} elements`,
      );
      expect(found).toEqual({});
    });
}

// The overseas area's own pages (web recharge, overseas sharing…), as ops_hw, whose console starts
// in English: switched to Chinese and to Arabic.
for (const { lang, html, dir, name } of LANGUAGES) {
  test(`every overseas-only built page passes axe in ${lang}`, async ({ page }) => {
    await signIn(page, 'ops_hw');
    await switchLanguage(page, name, html, dir);
    const pages = overseasOnlyBuiltPages();
    expect(pages.length).toBeGreaterThan(0);
    const found: Record<string, Finding[]> = {};
    for (const path of pages) {
      await openPage(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', html);
      const violations = await seriousViolations(page, { detail: true });
      if (violations.length) found[path] = violations;
    }
    console.log(`axe overseas ${lang}: ${pages.length} pages, ${Object.keys(found).length} failing`);
    expect(found).toEqual({});
  });
}

test('the help-centre editor asks for an image description before inserting an image', async ({ page }) => {
  const { editor } = localeStrings('crud');
  await signIn(page, 'admin', 'zh');
  const { product_id } = await routeValues(page);
  await openPage(page, `/projectbase/projectbase-fe/help-center/detail/${product_id}/0`);
  await page.getByRole('button', { name: editor.image }).click();
  await page.getByRole('textbox', { name: editor.url }).fill('https://example.com/map.png');
  const insert = page.getByRole('button', { name: new RegExp(`^${[...editor.insert].join('\\s*')}$`) });
  // No description, no image.
  await expect(insert).toBeDisabled();
  await page.getByRole('textbox', { name: editor.alt }).fill('地图：新手村 "东门"');
  await insert.click();
  await expect(page.locator('.rx-rich-text__area img')).toHaveAttribute('alt', '地图：新手村 "东门"');
  await expect(page.locator('.rx-rich-text__area img')).toHaveAttribute('src', 'https://example.com/map.png');
});

test('in Arabic, data mixing Chinese and numbers keeps its order, and row actions stay on one line', async ({
  page,
}) => {
  await signIn(page, 'admin', 'zh');
  await switchLanguage(page, 'العربية', 'ar', 'rtl');
  await openPage(page, '/commercialbasic/shop-billing-config');
  // "6480 元宝" reads left to right inside the right-to-left page: the number stays on the left.
  const cell = page
    .locator('.rx-data-table td .rx-overflow-tip')
    .filter({ hasText: /^6480 元宝$/ })
    .first();
  const [numberX, wordX] = await cell.evaluate((el) => {
    const text = el.firstChild!;
    const at = (start: number, end: number) => {
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, end);
      return range.getBoundingClientRect().x;
    };
    return [at(0, 4), at(5, 7)];
  });
  expect(numberX).toBeLessThan(wordX);
  // Every row's buttons fit their column on one line.
  for (const path of ['/basic/gift-list', '/system/staff']) {
    await openPage(page, path);
    // The rows may still be on their way after the page itself has shown.
    await expect(
      page.locator('.rx-data-table td.rx-actions-cell').filter({ visible: true }).first(),
    ).toBeVisible();
    const fits = await page
      .locator('.rx-data-table td.rx-actions-cell')
      .filter({ visible: true })
      .evaluateAll((cells) =>
        cells.map((td) => {
          const buttons = td.querySelector('.rx-actions')!;
          const style = getComputedStyle(td);
          const room =
            td.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
          const oneLine = new Set(
            [...buttons.querySelectorAll('button')].map((b) => b.getBoundingClientRect().top),
          );
          return buttons.scrollWidth <= room + 1 && oneLine.size === 1;
        }),
      );
    expect(fits.length).toBeGreaterThan(0);
    expect(fits.every(Boolean)).toBe(true);
  }
});

// Issue 27, defect 11: the menu's selected item in the dark themes (dark blue failed contrast).
for (const theme of ['dark', 'dark-blue'] as const) {
  test(`in the ${theme} theme the menu's selected item and a list page pass axe`, async ({ page }) => {
    const LAYOUT = localeStrings('layout');
    await signIn(page, 'admin', 'zh');
    await page.getByRole('button', { name: LAYOUT.header.theme }).click();
    await page.getByRole('menuitem', { name: LAYOUT.theme[theme] }).click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.className))
      .toMatch(new RegExp(`\\btheme-${theme}\\b`));
    await openPage(page, '/projectbase/projectbase-fe/game-prop-config');
    // The page's own item is the menu's selected one.
    await expect(page.locator('.rx-sidebar .ant-menu-item-selected').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
