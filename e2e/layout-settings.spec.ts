import { expect, test, type Page } from '@playwright/test';
import { closeSettings, localeStrings, openSettings, setSwitch } from './support/layout.ts';
import { api } from './support/api.ts';
import { signIn } from './support/sign-in.ts';
import { switchLanguage } from './support/built-pages.ts';

// The demo admin works in Chinese: the tests read the interface's own strings.
const MENU: Record<string, string> = localeStrings('menu');
const LAYOUT = localeStrings('layout');
const COMMON = localeStrings('common');

const layout = (page: Page) => page.locator('.rx-layout');
// The layout's own sidebar; the narrow screens' drawer lives in a portal outside it.
const sidebar = (page: Page) => page.locator('.rx-layout .rx-sidebar');
const htmlClass = (page: Page) => page.evaluate(() => document.documentElement.className);

const chooseMode = (page: Page, mode: string) => page.locator(`.rx-settings [data-value="${mode}"]`).click();

/** Navigates inside the running console, as a link would. */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', `/main${to}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`/main${path}$`));
}

test.describe('layout settings', () => {
  test('the default layout: left menu with the logo, fixed header, the bell with its unread count', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 480 });
    await signIn(page);
    await expect(layout(page)).toHaveClass(/rx-layout--left\b/);
    await expect(layout(page)).toHaveClass(/is-fixed-header/);
    await expect(sidebar(page).locator('.rx-logo')).toContainText(COMMON.platformTitle);
    await expect(sidebar(page).getByRole('menuitem', { name: MENU['page.home'] })).toBeVisible();
    // The seeded three, or more when other tests' approval requests notified the admin meanwhile:
    // the bell shows what the API counts.
    await expect
      .poll(async () => {
        const { unread } = await api<{ unread: number }>(page, 'GET', '/notifications?page_size=1');
        return (
          (await page.locator('.rx-notify-bell').getAttribute('data-unread')) === String(unread) &&
          unread >= 3
        );
      })
      .toBe(true);

    // The header stays at the top while the page scrolls under it.
    // (scrolled again on each try: the page may not be tall enough yet while it loads)
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, 300);
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(100);
    expect((await page.locator('.rx-header').boundingBox())!.y).toBe(0);

    // The menu button narrows the sidebar to icons, and that is remembered.
    await page.locator('.rx-hamburger').click();
    await expect(layout(page)).toHaveClass(/is-collapsed/);
    await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(64);
    await page.reload();
    await expect(layout(page)).toHaveClass(/is-collapsed/);
  });

  test('the layout mode changes live from the drawer, stays after reloading, and reset restores it', async ({
    page,
  }) => {
    await signIn(page);
    await openSettings(page);
    await chooseMode(page, 'top');
    await expect(layout(page)).toHaveClass(/rx-layout--top/);
    await expect(sidebar(page)).toHaveCount(0);
    await expect(page.locator('.rx-header .ant-menu-horizontal')).toBeVisible();
    await closeSettings(page);
    await page.reload();
    await expect(layout(page)).toHaveClass(/rx-layout--top/);

    // left-top: the top-level entries in the header, the chosen one's pages in the sidebar.
    await openSettings(page);
    await chooseMode(page, 'left-top');
    await closeSettings(page);
    const topMenu = page.locator('.rx-topbar--across .ant-menu-horizontal');
    await topMenu.getByRole('menuitem', { name: MENU['group.projectBase'] }).click();
    await expect(page).toHaveURL(/\/main\/basic\/product-list$/);
    await expect(sidebar(page).getByRole('menuitem', { name: MENU['page.products'] })).toBeVisible();
    await expect(sidebar(page).getByRole('menuitem', { name: MENU['page.home'] })).toHaveCount(0);
    await page.reload();
    await expect(layout(page)).toHaveClass(/rx-layout--left-top/);

    await openSettings(page);
    await page.locator('.rx-settings__reset').click();
    await expect(layout(page)).toHaveClass(/rx-layout--left\b/);
    await expect(sidebar(page).getByRole('menuitem', { name: MENU['page.home'] })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('rx-console:layout-config'))).toBeNull();
  });

  test('the header items, logo, tab bar, breadcrumb, footer and fixed header follow their switches', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 480 });
    await signIn(page);
    const switched: [key: string, selector: string][] = [
      ['showSearchMenu', '.rx-header .rx-menu-search-trigger'],
      ['showNotify', '.rx-header .rx-notify-bell'],
      ['showScreenfull', '.rx-header .rx-header__fullscreen'],
      ['showThemeSwitch', '.rx-header .rx-header__theme'],
      ['showLogo', '.rx-layout .rx-logo'],
      ['showBreadcrumb', '.rx-header .rx-breadcrumb'],
      ['showTagsView', '.rx-topbar .rx-tags'],
      ['showSettings', '.rx-header .rx-header__settings'],
    ];
    const added: [key: string, selector: string][] = [
      ['showDocumentIcon', '.rx-header a.rx-header__docs[href="/api/docs"][target="_blank"]'],
      ['showWorkerOrder', '.rx-header .rx-work-orders'],
      ['showFooter', `.rx-footer:has-text("${new Date().getFullYear()}")`],
    ];
    for (const [, selector] of switched) await expect(page.locator(selector)).toHaveCount(1);
    for (const [, selector] of added) await expect(page.locator(selector)).toHaveCount(0);
    await openSettings(page);
    for (const [key, selector] of switched) {
      await setSwitch(page, key, false);
      await expect(page.locator(selector)).toHaveCount(0);
    }
    for (const [key, selector] of added) {
      await setSwitch(page, key, true);
      await expect(page.locator(selector)).toHaveCount(1);
    }
    // Without a fixed header the header scrolls away with the page.
    await setSwitch(page, 'fixedHeader', false);
    await closeSettings(page);
    await expect(layout(page)).not.toHaveClass(/is-fixed-header/);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(async () => (await page.locator('.rx-header').boundingBox())!.y).toBeLessThan(0);
    // The settings stay reachable from the user menu once their button is gone.
    await page.locator('.rx-header__user').click();
    await page.getByRole('menuitem', { name: LAYOUT.settings.title }).click();
    await expect(page.locator('.rx-settings')).toBeVisible();
  });

  test('the theme switch puts the theme class on <html>, and it stays after reloading', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: LAYOUT.header.theme }).click();
    await page.getByRole('menuitem', { name: LAYOUT.theme['dark-blue'] }).click();
    await expect.poll(() => htmlClass(page)).toContain('theme-dark-blue');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await expect.poll(background).toBe('rgb(7, 16, 38)');
    await page.reload();
    expect(await htmlClass(page)).toContain('theme-dark-blue');
    await expect.poll(background).toBe('rgb(7, 16, 38)');

    await page.getByRole('button', { name: LAYOUT.header.theme }).click();
    await page.getByRole('menuitem', { name: LAYOUT.theme.dark }).click();
    await expect.poll(() => htmlClass(page)).toMatch(/\btheme-dark\b/);
    expect(await htmlClass(page)).not.toContain('theme-dark-blue');
  });

  test('grey mode and colour weakness filter the whole page through classes on <html>', async ({ page }) => {
    await signIn(page);
    await openSettings(page);
    await setSwitch(page, 'showGreyMode', true);
    await expect.poll(() => htmlClass(page)).toContain('grey-mode');
    const filter = () => page.evaluate(() => getComputedStyle(document.documentElement).filter);
    expect(await filter()).toContain('grayscale');
    await setSwitch(page, 'showColorWeakness', true);
    await expect.poll(() => htmlClass(page)).toContain('color-weakness');
    expect(await filter()).toContain('invert');
    await setSwitch(page, 'showGreyMode', false);
    await setSwitch(page, 'showColorWeakness', false);
    await expect.poll(() => htmlClass(page)).not.toMatch(/grey-mode|color-weakness/);
  });

  test('the watermark tiles the username over the page and comes back when its layer is removed', async ({
    page,
  }) => {
    // Records what the watermark draws on its canvas.
    await page.addInitScript(() => {
      const drawn: string[] = ((window as unknown as { drawn: string[] }).drawn = []);
      const fillText = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
        drawn.push(text);
        return fillText.call(this, text, ...rest);
      };
    });
    await signIn(page);
    await openSettings(page);
    await setSwitch(page, 'showWatermark', true);
    await closeSettings(page);
    const layer = page.locator('.rx-content .rx-watermark > div[style*="background-image"]');
    await expect(layer).toHaveCount(1);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { drawn: string[] }).drawn))
      .toContain('admin');

    await page.evaluate(() => document.querySelector('.rx-watermark > div')!.remove());
    await expect(layer).toHaveCount(1);
    await expect(layer).toBeVisible();
    await page.evaluate(() =>
      document.querySelector<HTMLElement>('.rx-watermark > div')!.style.setProperty('display', 'none'),
    );
    await expect(layer).toBeVisible();
  });

  test('the breadcrumb shows the groups, and the list a detail page belongs to', async ({ page }) => {
    await signIn(page);
    const crumbs = page.locator('.rx-header .rx-breadcrumb .ant-breadcrumb-link');
    await openInApp(page, '/basic/product-list');
    await expect(crumbs).toHaveText([MENU['group.projectBase']!, MENU['page.products']!]);
    await openInApp(page, '/basic/sub-channel/edit/12');
    await expect(crumbs).toHaveText([
      MENU['group.projectBase']!,
      MENU['page.channels']!,
      MENU['page.subChannelEdit']!,
    ]);
    await crumbs.getByRole('link', { name: MENU['page.channels'] }).click();
    await expect(page).toHaveURL(/\/main\/basic\/channel-list$/);
  });

  test('below 992 px the menu is a drawer: the menu button opens it, navigating closes it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 800, height: 700 });
    await signIn(page);
    await expect(layout(page)).toHaveClass(/is-mobile/);
    await expect(sidebar(page)).toHaveCount(0);
    await page.locator('.rx-hamburger').click();
    const drawer = page.locator('.rx-menu-drawer');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('menuitem', { name: MENU['group.projectBase'] }).click();
    await drawer.getByRole('menuitem', { name: MENU['page.products'] }).click();
    await expect(page).toHaveURL(/\/main\/basic\/product-list$/);
    await expect(drawer).toBeHidden();
  });

  test('Arabic mirrors the layout: dir=rtl with the sidebar on the right', async ({ page }) => {
    await signIn(page);
    await switchLanguage(page, 'العربية', 'ar', 'rtl');
    const side = (await sidebar(page).boundingBox())!;
    const main = (await page.locator('.rx-main').boundingBox())!;
    expect(side.x).toBeGreaterThan(main.x);
    const menuButton = (await page.locator('.rx-hamburger').boundingBox())!;
    const userMenu = (await page.locator('.rx-header__user').boundingBox())!;
    expect(userMenu.x).toBeLessThan(menuButton.x);
  });

  // The browser-test server has no BI_URL: the switcher lists only the platforms with an address
  // (the signed link to another platform is tested through the API, acs/external-entries.test.ts).
  test('the platform switcher lists the platforms that have an address and marks this one', async ({
    page,
  }) => {
    await signIn(page);
    await page.getByRole('button', { name: LAYOUT.header.platform }).click();
    const menu = page.locator('.rx-platform-menu');
    await expect(menu.getByRole('menuitem')).toHaveCount(1);
    const current = menu.getByRole('menuitem', {
      name: new RegExp(`运营后台.*${LAYOUT.header.currentPlatform}`),
    });
    await expect(current).toBeVisible();
    await expect(current).toHaveClass(/ant-dropdown-menu-item-selected/);
  });
});
