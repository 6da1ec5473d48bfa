import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { builtPages, openPage, routeValues, switchLanguage } from './support/built-pages.ts';
import { signIn } from './support/sign-in.ts';

// The demo admin works in Chinese: the tests read the interface's own strings.
const strings = (ns: string) =>
  JSON.parse(fs.readFileSync(new URL(`../apps/web/src/locales/zh/${ns}.json`, import.meta.url), 'utf8'));
const MENU: Record<string, string> = strings('menu');
const TABS = strings('tabs');
const LAYOUT = strings('layout');
const COMMON = strings('common');
const TABLE = strings('table');
const ACTION: Record<string, string> = TABS.menu;

const HOME = MENU['page.home']!;
const PAGES = {
  gifts: ['/basic/gift-list', MENU['page.giftList']!],
  errors: ['/basic/error-code', MENU['page.errorCodes']!],
  billing: ['/commercialbasic/shop-billing-config', MENU['page.billingPoints']!],
  notices: ['/operation/product-notice', MENU['page.announcements']!],
  workOrders: ['/notification/management', MENU['page.workOrders']!],
} as const;
const PROPS = ['/projectbase/projectbase-fe/game-prop-config', MENU['page.gameProps']!] as const;
const [GIFTS, ERRORS, BILLING, NOTICES] = [
  PAGES.gifts[1],
  PAGES.errors[1],
  PAGES.billing[1],
  PAGES.notices[1],
];

const tabBar = (page: Page) => page.getByRole('navigation', { name: TABS.label });
const tab = (page: Page, title: string) => tabBar(page).getByRole('link', { name: title, exact: true });
const closeButton = (page: Page, title: string) =>
  tabBar(page).getByRole('button', { name: TABS.closeTab.replace('{{title}}', title) });
const tabMenu = (page: Page) => page.getByRole('menu', { name: ACTION.label });

/** Navigates inside the running console (as a link would), so the open tabs stay in memory. */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', `/main${to}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`/main${path}$`));
}

async function expectTabs(page: Page, titles: string[]): Promise<void> {
  await expect(tabBar(page).getByRole('link')).toHaveText(titles);
}

async function openAll(page: Page, keys: (keyof typeof PAGES)[]): Promise<void> {
  for (const key of keys) {
    await openInApp(page, PAGES[key][0]);
    await expect(tab(page, PAGES[key][1])).toHaveAttribute('aria-current', 'page');
  }
}

async function contextAction(page: Page, title: string, action: string): Promise<void> {
  await tab(page, title).click({ button: 'right' });
  await tabMenu(page).getByRole('menuitem', { name: action, exact: true }).click();
}

test.describe('tabs of visited pages', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('opening pages adds tabs; home is fixed; ×, middle click and Delete close them', async ({ page }) => {
    await expectTabs(page, [HOME]);
    await expect(closeButton(page, HOME)).toHaveCount(0);
    // The first from the sidebar menu, the others by address.
    const sidebar = page.getByRole('complementary');
    const giftsItem = sidebar.getByRole('menuitem', { name: GIFTS });
    if (!(await giftsItem.isVisible()))
      await sidebar.getByRole('menuitem', { name: MENU['group.projectBase'] }).click();
    await giftsItem.click();
    await expect(tab(page, GIFTS)).toHaveAttribute('aria-current', 'page');
    await openAll(page, ['errors', 'billing', 'notices']);
    // Opening a page again selects its tab instead of adding one.
    await openAll(page, ['gifts']);
    await expectTabs(page, [HOME, GIFTS, ERRORS, BILLING, NOTICES]);

    // Closing the tab on screen shows its right-hand neighbour.
    await closeButton(page, GIFTS).click();
    await expect(page).toHaveURL(/\/main\/basic\/error-code$/);
    await tab(page, BILLING).click({ button: 'middle' });
    await expectTabs(page, [HOME, ERRORS, NOTICES]);
    await expect(page).toHaveURL(/\/main\/basic\/error-code$/);

    // Keyboard: focus a tab and press Delete; the last tab closes towards its left neighbour.
    await tab(page, NOTICES).click();
    await expect(tab(page, NOTICES)).toHaveAttribute('aria-current', 'page');
    await tab(page, NOTICES).press('Delete');
    await expect(page).toHaveURL(/\/main\/basic\/error-code$/);
    await expectTabs(page, [HOME, ERRORS]);
    await tab(page, HOME).click({ button: 'middle' });
    await expectTabs(page, [HOME, ERRORS]);
  });

  test('a tab closed while its page is still on its way stays closed', async ({ page }) => {
    await openAll(page, ['errors', 'billing', 'notices']);
    await tab(page, ERRORS).click();
    await expect(tab(page, ERRORS)).toHaveAttribute('aria-current', 'page');
    // Click a tab and press Delete on it at once, before its page has arrived (a quick keyboard
    // user on a busy machine). The console goes to the closed tab's neighbour instead, and the page
    // clicked never opens its tab again.
    const entries = await page.evaluate(() => history.length);
    await tab(page, BILLING).evaluate((link) => {
      (link as HTMLElement).click();
      link.dispatchEvent(new KeyboardEvent('keydown', { key: 'Delete', bubbles: true }));
    });
    // The first navigation to finish: the neighbour's (or, were the close ignored, the clicked page's).
    await page.waitForFunction((before) => history.length > before, entries);
    expect(new URL(page.url()).pathname).toBe('/main/operation/product-notice');
    await expect(tab(page, NOTICES)).toHaveAttribute('aria-current', 'page');
    await expectTabs(page, [HOME, ERRORS, NOTICES]);
  });

  test('the context menu closes others, left, right and all, by pointer and keyboard', async ({ page }) => {
    await openAll(page, ['gifts', 'errors', 'billing', 'notices']);
    await contextAction(page, ERRORS, ACTION.closeLeft!);
    await expectTabs(page, [HOME, ERRORS, BILLING, NOTICES]);
    await expect(page).toHaveURL(/\/main\/operation\/product-notice$/);

    await contextAction(page, BILLING, ACTION.closeRight!);
    await expectTabs(page, [HOME, ERRORS, BILLING]);
    // The tab on screen closed with the others: the tab the menu was opened on takes over.
    await expect(page).toHaveURL(/\/main\/commercialbasic\/shop-billing-config$/);

    await openAll(page, ['gifts']);
    // From the keyboard: the context-menu key on a focused tab, arrows, Enter.
    await tab(page, ERRORS).focus();
    await page.keyboard.press('Shift+F10');
    const menu = tabMenu(page);
    await expect(menu.getByRole('menuitem', { name: ACTION.refresh! })).toBeFocused();
    await expect(menu.getByRole('menuitem', { name: ACTION.closeLeft! })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: ACTION.closeOthers! })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveCount(0);
    await expectTabs(page, [HOME, ERRORS]);
    await expect(page).toHaveURL(/\/main\/basic\/error-code$/);

    await openAll(page, ['notices']);
    await contextAction(page, NOTICES, ACTION.closeAll!);
    await expectTabs(page, [HOME]);
    await expect(page).toHaveURL(/\/main\/homepage\/index$/);

    // Escape closes the menu without doing anything.
    await tab(page, HOME).click({ button: 'right' });
    await expect(menu.getByRole('menuitem', { name: ACTION.close!, exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
  });

  test('a kept-alive page keeps its state while hidden; refresh and closing drop it', async ({ page }) => {
    const [path, title] = PAGES.workOrders;
    const selectedButton = (count: number) =>
      page.getByRole('button', {
        name: LAYOUT.workOrders.markSelectedRead.replace('{{count}}', String(count)),
      });
    const selectFirstRow = () => page.getByRole('main').getByRole('row').nth(1).getByRole('checkbox').check();

    await openInApp(page, path);
    await selectFirstRow();
    await expect(selectedButton(1)).toBeEnabled();
    // Away and back through the tabs: the selection (component state) is still there.
    await tab(page, HOME).click();
    await expect(selectedButton(1)).toBeHidden();
    await openAll(page, ['gifts']);
    await tab(page, title).click();
    await expect(selectedButton(1)).toBeVisible();

    // Refresh really remounts the page: the selection is gone.
    await contextAction(page, title, ACTION.refresh!);
    await expect(selectedButton(0)).toBeVisible();

    // Closing the tab drops the kept page; opening it again starts afresh.
    await selectFirstRow();
    await expect(selectedButton(1)).toBeVisible();
    await closeButton(page, title).click();
    await openInApp(page, path);
    await expect(selectedButton(0)).toBeVisible();
  });

  test('beyond the keep-alive limit the least recently used page remounts; a recent one keeps its state', async ({
    page,
  }) => {
    // A limit of 3 (the setting's default is 10): four kept-alive pages are enough to pass it.
    await page.evaluate(() => localStorage.setItem('rx-console:layout-config', '{"keepAliveLimit":3}'));
    await page.reload();
    const selectFirstRow = () => page.getByRole('main').getByRole('row').nth(1).getByRole('checkbox').check();
    // Selected rows are state of the mounted page only.
    const workOrdersSelected = (count: number) =>
      page.getByRole('button', {
        name: LAYOUT.workOrders.markSelectedRead.replace('{{count}}', String(count)),
      });
    const propsSelected = page
      .getByRole('status')
      .filter({ hasText: TABLE.bulk.selected.replace('{{count}}', '1') });

    // Selects again until it holds: a list still settling (its game, its saved columns) may redraw.
    const select = (selected: ReturnType<Page['locator']>) =>
      expect(async () => {
        await selectFirstRow();
        await expect(selected).toBeVisible({ timeout: 2_000 });
      }).toPass();

    await openInApp(page, PAGES.workOrders[0]);
    await select(workOrdersSelected(1));
    await openInApp(page, PROPS[0]);
    await select(propsSelected);
    await openAll(page, ['gifts', 'errors']);

    // Every tab stays; only the page of the least recently used one was let go.
    await expectTabs(page, [HOME, PAGES.workOrders[1], PROPS[1], GIFTS, ERRORS]);
    await tab(page, PROPS[1]).click();
    await expect(propsSelected).toBeVisible();
    await tab(page, PAGES.workOrders[1]).click();
    await expect(workOrdersSelected(0)).toBeVisible();
  });
});

test.describe('tab caching', () => {
  async function signOut(page: Page): Promise<void> {
    // As with the language menu, a click that lands while the menu is still opening is lost:
    // open it again until the sign-in page shows.
    const logout = page.getByRole('menuitem', { name: COMMON.logout });
    await expect(async () => {
      if (!(await logout.isVisible())) await page.getByRole('button', { name: LAYOUT.header.user }).click();
      await logout.click({ timeout: 3_000 });
      await expect(page).toHaveURL(/\/login/, { timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
  }

  test('on: the tabs survive a reload and a sign-out', async ({ page }) => {
    await signIn(page);
    await page.evaluate(() => localStorage.setItem('rx-console:layout-config', '{"cacheTagsView":true}'));
    await page.reload();
    await openAll(page, ['gifts', 'errors']);
    await tab(page, HOME).click();
    await page.reload();
    await expectTabs(page, [HOME, GIFTS, ERRORS]);
    await signOut(page);
    await signIn(page);
    await expectTabs(page, [HOME, GIFTS, ERRORS]);
    await tab(page, GIFTS).click();
    await expect(page).toHaveURL(/\/main\/basic\/gift-list$/);
  });

  test('off: a reload keeps only the page on screen, a sign-out forgets the tabs', async ({ page }) => {
    await signIn(page);
    await openAll(page, ['gifts', 'errors']);
    await page.reload();
    await expectTabs(page, [HOME, ERRORS]);
    await openAll(page, ['billing']);
    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('rx-console:visited-views'))).toBeNull();
    await signIn(page);
    await expectTabs(page, [HOME]);
  });
});

test.describe('a full tab bar', () => {
  const languages = [
    { html: 'zh-CN', dir: 'ltr', name: '简体中文' },
    { html: 'ar', dir: 'rtl', name: 'العربية' },
  ] as const;
  for (const { html, dir, name } of languages) {
    test(`the tab on screen is wholly in view, its × too, however many tabs are open (${html})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1024, height: 800 });
      await signIn(page, 'admin', 'zh');
      if (dir === 'rtl') await switchLanguage(page, name, html, dir);
      const pages = builtPages(await routeValues(page))
        .filter((path) => path !== '/set-password')
        .slice(0, 16);
      const bar = page.locator('.rx-tags__scroll');
      for (const path of pages) {
        await openPage(page, path);
        const active = bar.locator('.rx-tag--active');
        await expect(async () => {
          const [tag, within] = await Promise.all([active.boundingBox(), bar.boundingBox()]);
          expect(tag!.x).toBeGreaterThanOrEqual(within!.x);
          expect(tag!.x + tag!.width).toBeLessThanOrEqual(within!.x + within!.width);
        }, `the tab of ${path}`).toPass({ timeout: 5_000 });
      }
      // The bar did overflow: the test is about a full bar.
      expect(await bar.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    });
  }
});
