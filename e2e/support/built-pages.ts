import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { pagesForRegion } from '../../packages/contracts/src/pages.ts';

/** A catalogue page is built when its folder under apps/web/src/pages has an index.ts (routes/modules.ts). */
const isBuilt = (path: string) => {
  const folder = path
    .split('/')
    .filter((segment) => segment && !segment.startsWith(':'))
    .join('/');
  return fs.existsSync(`apps/web/src/pages/${folder}/index.ts`);
};

/** What fills a page's route parameters: ids of the demo admin's own data. */
export interface RouteValues {
  product_id: number;
  sub_channel_id: number;
  /** A player of the chosen game. */
  openid: string;
}

function fillParams(path: string, values: RouteValues): string {
  const params: Record<string, string> = {
    product_id: String(values.product_id),
    channel_id: '0',
    platform_id: 'all',
    language: 'zh',
    id: String(values.sub_channel_id),
    openid: values.openid,
    // A tag or group name (a page for an unknown one says so).
    name: 'demo',
    // A user group's members page (an unknown group says so).
    uuid: 'demo',
  };
  // An optional parameter without a value is left out with its slash (`/detail/:orderNo?` → `/detail`).
  return path.replace(/\/:(\w+)(\?)?/g, (_, name: string, optional?: string) => {
    const value = params[name];
    if (value !== undefined) return `/${value}`;
    if (optional) return '';
    throw new Error(`No value for :${name} in ${path}`);
  });
}

/**
 * Every built page the domestic demo admin opens (the catalogue's pages of area `gn` that have a
 * component, plus the password page outside the menu), with concrete ids in place of parameters.
 */
export function builtPages(values: RouteValues): string[] {
  const paths = pagesForRegion('gn')
    .filter((page) => !page.external && isBuilt(page.path))
    .map((page) => fillParams(page.path, values));
  return [...paths, '/set-password'];
}

/** The built pages only the overseas area shows (ops_hw's): none of them takes a route parameter. */
export function overseasOnlyBuiltPages(): string[] {
  const domestic = new Set(pagesForRegion('gn').map((page) => page.path));
  return pagesForRegion('hw')
    .filter((page) => !page.external && !domestic.has(page.path) && isBuilt(page.path))
    .map((page) => page.path);
}

/**
 * The ids the detail pages need, asked from the API with the signed-in session (the game chosen in
 * the header, one of its sub-channels and one of its players).
 */
export async function routeValues(page: Page): Promise<RouteValues> {
  return page.evaluate(async () => {
    const read = (key: string) => JSON.parse(localStorage.getItem(`rx-console:${key}`) ?? 'null');
    const productId = read('product-id') as number;
    const token = (read('user-info') as { access_token: string }).access_token;
    const first = async <T>(path: string): Promise<T> => {
      const answer = await fetch(`/api/v1/${path}?page_size=1`, {
        headers: { Authorization: `Bearer ${token}`, 'X-Product-Id': String(productId) },
      });
      return ((await answer.json()) as { data: { list: T[] } }).data.list[0]!;
    };
    const subChannel = await first<{ id: number }>('sub-channels');
    const player = await first<{ openid: string }>('players');
    return { product_id: productId, sub_channel_id: subChannel.id, openid: player.openid };
  });
}

/** What every built page shows once it has loaded: a title, a table, a card, a form or a notice. */
const CONTENT = 'h1, h2, h3, h4, h5, .ant-table, .ant-card, form, .ant-result, .ant-empty';
const LOADING = '.ant-skeleton, .ant-spin-spinning';

/**
 * Opens a console page and waits until it has rendered: the navigation done (the progress bar
 * gone), its content on screen, and no skeleton or spinner left in the page area. Once the console
 * is open, pages are opened inside it (as the browser's back and forward buttons do), not by
 * loading the whole console again.
 */
export async function openPage(page: Page, path: string): Promise<void> {
  const url = `/main${path}`;
  if (new URL(page.url()).pathname.startsWith('/main/')) {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, url);
  } else {
    await page.goto(url);
  }
  // Waits that watch the page (not expect's polling): a walk through every page stays quick.
  await page.waitForFunction(() => !document.documentElement.classList.contains('nprogress-busy'), null, {
    timeout: 30_000,
  });
  // Pages kept alive in other tabs stay in the page area, hidden: only what is shown counts.
  const content = page.locator('main.rx-content');
  await content.locator(CONTENT).filter({ visible: true }).first().waitFor({ timeout: 30_000 });
  await content
    .locator(LOADING)
    .filter({ visible: true })
    .first()
    .waitFor({ state: 'hidden', timeout: 30_000 });
}

/** Switches the console's language with the header's language menu, as staff do. */
export async function switchLanguage(page: Page, name: string, lang: string, dir: 'ltr' | 'rtl') {
  // A header still settling right after sign-in may close the menu before the choice lands: open
  // it again until the language has changed.
  await expect(async () => {
    if (!(await page.getByRole('menuitem', { name }).isVisible()))
      await page.locator('.rx-header__language').click();
    await page.getByRole('menuitem', { name }).click({ timeout: 3_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', lang, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}
