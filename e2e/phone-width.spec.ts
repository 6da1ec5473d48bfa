import { expect, test, type Page } from '@playwright/test';
import { builtPages, openPage, routeValues, switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';

// A phone (390 × 844) as the demo admin: every built page fits the screen's width (a wide table
// scrolls inside its own box, never the page), in Chinese and in Arabic (right to left); and a
// create form's drawer keeps its Save button on screen.

const PHONE = { width: 390, height: 844 };
// The failure names every page too wide; a trace of the whole walk would only slow it down.
test.use({ viewport: PHONE, trace: 'off' });
test.describe.configure({ timeout: 300_000 });

/** A button's name: antd spaces two CJK characters apart, and an icon before the text adds its name. */
const spaced = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s*')}$`);

/** How far the page reaches sideways: more than the viewport means the page itself scrolls. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const LANGUAGES = [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const;

for (const { lang, html, dir, name } of LANGUAGES) {
  test(`every built page fits 390 px without scrolling sideways in ${lang}`, async ({ page }) => {
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const tooWide: Record<string, number> = {};
    for (const path of builtPages(await routeValues(page))) {
      await openPage(page, path);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      const width = await pageWidth(page);
      if (width > PHONE.width) tooWide[path] = width;
    }
    expect(tooWide).toEqual({});
  });
}

test("a create form's Save button is on screen at 390 px", async ({ page }) => {
  const crud = localeStrings('crud');
  await signIn(page, 'admin', 'zh');
  await openPage(page, '/basic/gift-list');
  await page.getByRole('button', { name: spaced(crud.action.create) }).click();
  const drawer = page.locator('.ant-drawer-section:visible').last();
  await expect(drawer).toBeVisible();
  const save = drawer.getByRole('button', { name: spaced(crud.action.save) });
  await expect(save).toBeInViewport({ ratio: 1 });
  // The drawer takes the whole width, and the page behind it still does not scroll sideways.
  const box = await drawer.boundingBox();
  // (to the pixel: a transform left over from the opening motion leaves a fraction)
  expect(box?.width).toBeCloseTo(PHONE.width, 0);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
});
