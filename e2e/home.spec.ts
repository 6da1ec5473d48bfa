import { expect, test, type Page } from '@playwright/test';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';

// The demo admin works in Chinese.
const HOME = localeStrings('home');
const MENU: Record<string, string> = localeStrings('menu');

const section = (page: Page, title: string) =>
  page.locator('.rx-home__section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test.describe('home', () => {
  test("shows the user's games with their figures, and shortcuts to their most used pages", async ({
    page,
  }) => {
    await signIn(page);
    // No visits yet: the shortcuts say where they will come from.
    await expect(section(page, HOME.shortcuts.title)).toContainText(HOME.shortcuts.empty);
    // A visit is counted once the page is shown (beside it, in this browser): wait for each count
    // before leaving, or a fast next navigation would drop it.
    const visits = (path: string) =>
      page.evaluate((p) => {
        const key = Object.keys(localStorage).find((k) => k.endsWith('page-visits'));
        const all = key
          ? (JSON.parse(localStorage.getItem(key)!) as Record<string, Record<string, number>>)
          : {};
        return Object.values(all).reduce((n, counts) => n + (counts[p] ?? 0), 0);
      }, path);
    for (const path of ['/basic/gift-list', '/basic/error-code', '/basic/gift-list']) {
      const before = await visits(path);
      await page.goto(`/main${path}`);
      await expect(page.getByRole('main')).toBeVisible();
      await expect.poll(() => visits(path)).toBe(before + 1);
    }
    await page.goto('/main/homepage/index');

    const games = section(page, HOME.games.title);
    for (const name of ['仙侠奇缘', '坦克大作战']) {
      await expect(games.getByRole('region', { name })).toBeVisible();
    }
    // The overseas CP's games are not this CP's.
    await expect(games).not.toContainText('Legends of Dawn');
    const xianxia = games.getByRole('region', { name: '仙侠奇缘' });
    await expect(xianxia.getByText(HOME.figures.props, { exact: true })).toBeVisible();
    await expect(xianxia.getByText(HOME.figures.error_codes_untranslated, { exact: true })).toBeVisible();

    // Most used first.
    const shortcuts = section(page, HOME.shortcuts.title).getByRole('button');
    await expect(shortcuts).toHaveText([MENU['page.giftList']!, MENU['page.errorCodes']!]);
    await shortcuts.nth(1).click();
    await expect(page).toHaveURL(/\/main\/basic\/error-code$/);

    // A figure opens its page with its game chosen.
    await page.goto('/main/homepage/index');
    await games
      .getByRole('region', { name: '坦克大作战' })
      .getByRole('button', { name: new RegExp(HOME.figures.gift_packages) })
      .click();
    await expect(page).toHaveURL(/\/main\/basic\/gift-list$/);
    await expect(page.locator('.rx-header__product')).toContainText('坦克大作战');
  });

  test('fits a 390 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await expect(section(page, HOME.games.title)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
