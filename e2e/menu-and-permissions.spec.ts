import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { VALIDATION_MESSAGES } from '../packages/contracts/src/validation.ts';
import { patternPageOf } from '../packages/contracts/src/dimensions.ts';
import { leafPages } from '../packages/contracts/src/pages.ts';
import { DEMO_PASSWORD, signIn } from './support/sign-in.ts';

// Demo staff work in Chinese, except ops_hw (English): the tests read the interface's own strings.
type Strings = Record<string, string>;
const read = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(`apps/web/src/locales/${lang}/${ns}.json`, 'utf8')) as Record<string, unknown>;
const ZH = read('zh', 'menu') as Strings;
const EN = read('en', 'menu') as Strings;
const NAV = read('zh', 'nav') as Record<string, Strings>;

/** Catalogue pages with no page module of their own nor a pattern page serving them (external ones aside). */
function notBuiltPages(): { path: string; title: string; hidden: boolean; region?: string }[] {
  const has = (folder: string) => fs.existsSync(`apps/web/src/pages/${folder}/index.ts`);
  return leafPages()
    .filter((p) => {
      if (p.external) return false;
      const folder = p.path
        .split('/')
        .filter((s) => s && !s.startsWith(':'))
        .join('/');
      const pattern = patternPageOf(p.path);
      return !has(folder) && !(pattern && has(pattern.module));
    })
    .map((p) => ({ path: p.path, title: p.meta.title, hidden: !!p.meta.hidden, region: p.meta.rxRegion }));
}

const TOP_GROUPS = [
  'group.projectBase',
  'group.operationTools',
  'group.violation',
  'group.pushTools',
  'group.commercialTools',
  'group.releaseTools',
  'group.shareTools',
  'group.adPlacement',
  'group.customerService',
  'page.bigData',
  'group.goingOffline',
  'group.system',
];

/** The sidebar menu (default layout: the whole menu on the left). */
const sidebar = (page: Page) => page.locator('.rx-sidebar .rx-menu');
/** The titles of the sidebar's top-level entries. */
const topTitles = (page: Page) =>
  sidebar(page).locator(
    ':scope > li > .ant-menu-submenu-title .ant-menu-title-content, :scope > li.ant-menu-item .ant-menu-title-content',
  );
const submenu = (menu: Locator, title: string) =>
  menu
    .locator('li.ant-menu-submenu')
    .filter({ has: menu.page().locator(`:scope > .ant-menu-submenu-title`, { hasText: title }) })
    .first();

async function openGroup(page: Page, title: string, within: Locator = sidebar(page)): Promise<Locator> {
  const group = submenu(within, title);
  if (!(await group.evaluate((node) => node.classList.contains('ant-menu-submenu-open'))))
    await group.locator(':scope > .ant-menu-submenu-title').click();
  return group;
}

test.describe('menu and permissions', () => {
  test('admin sees every group, opens pages from the menu and a not-built page says so', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(topTitles(page)).toHaveText([
      ZH['page.home']!,
      ZH['page.jobs']!,
      ZH['page.approvals']!,
      ...TOP_GROUPS.map((key) => ZH[key]!),
    ]);
    const tools = await openGroup(page, ZH['group.operationTools']!);
    // The tip of an item is shown on it.
    await expect(tools.locator('.rx-menu-tip', { hasText: ZH['tip.newVersion']! })).toBeVisible();
    // Built pages open from the menu (service user management, the not-built example before).
    const service = await openGroup(page, ZH['group.customerService']!);
    await service.getByText(ZH['page.serviceUsers']!, { exact: true }).click();
    await expect(page).toHaveURL(/\/main\/service\/user-manage$/);
    await expect(page.getByRole('heading', { name: ZH['page.serviceUsers']! })).toBeVisible();
    // A domestic page still without a module (computed: other work builds them one by one) says so.
    const unbuilt = notBuiltPages().find((p) => !p.hidden && p.region !== 'hw');
    // Every domestic catalogue page is built today (only the external big-data link is not ours):
    // the honest "not built" message has no page left to show on.
    if (!unbuilt) return;
    await page.goto(`/main${unbuilt!.path}`);
    await expect(
      page.getByText(NAV.notBuilt!.title!.replace('{{title}}', ZH[unbuilt!.title]!)),
    ).toBeVisible();
  });

  test('a hidden detail page keeps its list selected and its group open', async ({ page }) => {
    await signIn(page, 'admin', 'en', '/main/useraccount/refund/detail/123');
    await expect(page).toHaveURL(/\/refund\/detail\/123$/);
    const selected = sidebar(page).locator('.ant-menu-item-selected');
    await expect(selected).toHaveCount(1);
    await expect(selected).toHaveText(ZH['page.refunds']!);
    await expect(submenu(sidebar(page), ZH['group.operationTools']!)).toHaveClass(/ant-menu-submenu-open/);
  });

  test('ops_gn sees no overseas page, and an overseas address is not found', async ({ page }) => {
    await signIn(page, 'ops_gn');
    await expect(topTitles(page)).toContainText([ZH['group.shareTools']!]);
    const share = await openGroup(page, ZH['group.shareTools']!);
    await expect(submenu(share, ZH['group.wechat']!)).toBeVisible();
    await expect(share.getByText(ZH['group.facebook']!, { exact: true })).toHaveCount(0);
    const tools = await openGroup(page, ZH['group.operationTools']!);
    await expect(tools.getByText(ZH['page.refunds']!, { exact: true })).toBeVisible();
    await expect(tools.getByText(ZH['group.webRecharge']!, { exact: true })).toHaveCount(0);
    await expect(topTitles(page)).not.toContainText([ZH['group.system']!]);

    for (const path of [
      '/newrxlaunch/payment-hw/goods-management',
      '/share/app-share-manage/facebook/strategy-manage',
    ]) {
      await page.goto(`/main${path}`);
      await expect(page).toHaveURL(/\/main\/404$/);
    }
  });

  test('ops_hw sees overseas pages, not domestic ones, and opens one by its address', async ({ page }) => {
    await signIn(page, 'ops_hw');
    const tools = await openGroup(page, EN['group.operationTools']!);
    await expect(submenu(tools, EN['group.webRecharge']!)).toBeVisible();
    const share = await openGroup(page, EN['group.shareTools']!);
    await expect(submenu(share, EN['group.facebook']!)).toBeVisible();
    await expect(share.getByText(EN['group.wechat']!, { exact: true })).toHaveCount(0);
    const push = await openGroup(
      page,
      EN['group.pushManage']!,
      await openGroup(page, EN['group.pushTools']!),
    );
    await expect(push.getByText(EN['page.appPush']!, { exact: true })).toBeAttached();
    await expect(push.getByText(EN['page.miniProgramPush']!, { exact: true })).toHaveCount(0);

    // Overseas pages opened by their address: web goods and media cost upload.
    await page.goto('/main/newrxlaunch/payment-hw/goods-management');
    await expect(page.getByRole('heading', { name: EN['page.webGoods']! })).toBeVisible();
    await page.goto('/main/newrxlaunch/expend-report');
    await expect(page.getByRole('heading', { name: EN['page.expendReport']! })).toBeVisible();
    await page.goto('/main/operation/service-reply-config');
    await expect(page).toHaveURL(/\/main\/404$/);
  });

  test('cs_agent sees customer service, the ticket queues, and what everyone sees', async ({ page }) => {
    await signIn(page, 'cs_agent');
    await expect(topTitles(page)).toHaveText([
      ZH['page.home']!,
      ZH['page.jobs']!,
      ZH['page.approvals']!,
      ZH['group.operationTools']!,
      ZH['group.customerService']!,
    ]);
    await page.goto('/main/useraccount/refund');
    await expect(page).toHaveURL(/\/main\/404$/);
  });

  test('menu search finds pages by pinyin initials, with the keyboard', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page.getByRole('button', { name: NAV.search!.open! })).toBeVisible();
    // Ctrl+K alone opens the global search (global-search-cockpit-views.spec.ts).
    await page.keyboard.press('Control+Shift+k');
    const dialog = page.getByRole('dialog');
    const input = dialog.getByRole('combobox');
    await expect(input).toBeFocused();
    await input.fill('yjgl');
    const options = dialog.getByRole('option');
    await expect(options.first()).toContainText(ZH['page.mail']!);
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await input.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await input.press('ArrowUp');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/main\/tooloperate\/tooloperate-fe\/base\/mail-manage$/);
    await expect(dialog).toHaveCount(0);

    // The search icon opens it too; home and work orders (the first two entries) are not searched.
    await page.getByRole('button', { name: NAV.search!.open! }).click();
    await dialog.getByRole('combobox').fill('shouye');
    await expect(dialog.getByText(NAV.search!.empty!)).toBeVisible();
    await dialog.getByRole('combobox').fill('tuikuan');
    await expect(options.first()).toContainText(ZH['page.refunds']!);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('/redirect/ replaces itself with its target, query kept', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/main/redirect/useraccount/refund?status=open');
    await expect(page).toHaveURL(/\/main\/useraccount\/refund\?status=open$/);
    // External entries (not configured in the browser tests) are external-entries.spec.ts's.
  });

  test('a page chunk that fails to load offers a reload', async ({ page }) => {
    await signIn(page, 'admin');
    const service = await openGroup(page, ZH['group.customerService']!);
    // The shell and the menu are loaded; every chunk asked for from now on fails, as after a deploy
    // that replaced them (the error boundary is part of the shell's first download).
    await page.route(/\/main\/assets\/[^/]+\.js$/, (route) => route.abort());
    await service.getByText(ZH['page.serviceUsers']!, { exact: true }).click();
    await expect(page.locator('.rx-stale-build')).toContainText(NAV.staleBuild!.title!);
    // antd spaces out a two-character Chinese label ("刷 新").
    const reload = new RegExp([...NAV.staleBuild!.reload!].join('\\s*'));
    await expect(page.locator('.rx-stale-build').getByRole('button')).toHaveText(reload);
  });
});

// cp_dev's password changes here: its tests run one after the other, and nothing else signs in as cp_dev.
test.describe('a user with a user type, on the initial password', () => {
  test.describe.configure({ mode: 'serial' });

  test('gets an empty home', async ({ page }) => {
    await signIn(page, 'cp_dev');
    await expect(page.getByText(NAV.emptyHome!.title!)).toBeVisible();
    await expect(page.locator('.ant-descriptions')).toHaveCount(0);
  });

  async function forceInitialPassword(page: Page): Promise<void> {
    await page.evaluate(() => {
      const key = 'rx-console:user-info';
      const user = JSON.parse(localStorage.getItem(key)!);
      localStorage.setItem(key, JSON.stringify({ ...user, is_modified_password: 0 }));
    });
    await page.goto('/main/useraccount/refund');
    await expect(page).toHaveURL(/\/main\/set-password\?to=%2Fuseraccount%2Frefund$/);
  }

  async function changePassword(page: Page, from: string, to: string): Promise<void> {
    await page.locator('#old_password').fill(from);
    await page.locator('#new_password').fill(to);
    await page.locator('#confirm_password').fill(to);
    await page.getByRole('button', { name: NAV.password!.submit! }).click();
  }

  test('must set a new password before using the console, then signs in with it', async ({ page }) => {
    const NEW_PASSWORD = 'Studio2026x';
    await signIn(page, 'cp_dev');
    await forceInitialPassword(page);
    await expect(page.locator('.rx-sidebar')).toHaveCount(0);

    // The policy is checked here, and the server's field errors are shown.
    await changePassword(page, DEMO_PASSWORD, 'short1');
    await expect(page.getByText(VALIDATION_MESSAGES.password_too_short.zh)).toBeVisible();
    await page.locator('#new_password').fill(NEW_PASSWORD);
    await page.locator('#confirm_password').fill(`${NEW_PASSWORD}?`);
    await expect(page.getByText(NAV.password!.mismatch!)).toBeVisible();
    await changePassword(page, 'not-my-password1', NEW_PASSWORD);
    await expect(page.getByText(VALIDATION_MESSAGES.old_password_wrong.zh)).toBeVisible();

    await changePassword(page, DEMO_PASSWORD, NEW_PASSWORD);
    // Refunds are not cp_dev's: going on to the page asked for lands on /404.
    await expect(page).toHaveURL(/\/main\/404$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('rx-console:user-info')!));
    expect(stored.is_modified_password).toBe(1);

    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.locator('#username').fill('cp_dev');
    await page.locator('#password').fill(NEW_PASSWORD);
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/main\/homepage\/index$/);

    // Back to the demo password, through the same screen.
    await forceInitialPassword(page);
    await changePassword(page, NEW_PASSWORD, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/main\/404$/);
  });
});
