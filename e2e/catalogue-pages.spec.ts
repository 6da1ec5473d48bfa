import { expect, test, type Locator, type Page } from '@playwright/test';
import { PAGE_CATALOGUE, type MenuNode } from '../packages/contracts/src/pages.ts';
import { localeStrings } from './support/layout.ts';
import { DEMO_PASSWORD, signIn } from './support/sign-in.ts';
import { switchLanguage } from './support/built-pages.ts';
import { readCsv, toCsv } from './support/csv.ts';
import { button, openDrawer } from './support/ui.ts';

// Gift packages, billing points and channels walked through as the demo admin (domestic, Chinese)
// and in Arabic: create, edit, filter kept in the address, CSV export and import. Then the role
// matrix: a new staff member sees exactly the pages their role was given.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

const LANGUAGES = ['zh', 'ar'] as const;
type Lang = (typeof LANGUAGES)[number];

function strings(lang: Lang) {
  const read = (ns: string): Strings => localeStrings(ns, lang);
  return {
    crud: read('crud'),
    menu: read('menu'),
    gifts: read('gifts'),
    billing: read('billing'),
    channels: read('channels'),
    system: read('system'),
    nav: read('nav'),
  };
}

/** The list's rows, not those of a table opened inside an expanded row. */
const rows = (page: Page) =>
  page.locator('.rx-data-table tbody tr.ant-table-row:not(.ant-table-expanded-row *)');
const openOptions = (page: Page) => page.locator('.ant-select-dropdown:visible .ant-select-item-option');

/** A name unique to this run and language (letters and digits: valid in codes too). */
const uniqueTag = (lang: Lang) =>
  `${lang}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** Signs in as the admin, switches the interface language with the header's switcher, opens the page. */
async function start(page: Page, lang: Lang, path: string) {
  if (lang === 'zh') return signIn(page, 'admin', 'zh', `/main${path}`);
  await signIn(page, 'admin', 'zh');
  await switchLanguage(page, 'العربية', 'ar', 'rtl');
  await page.goto(`/main${path}`);
}

/**
 * Picks an option of the select `control`: the first one, the first one not chosen yet, or the one
 * with a text; tried again when a click lands while the list is still opening.
 */
async function pick(page: Page, control: Locator, which: 'first' | 'other' | { text: string } = 'first') {
  await expect(async () => {
    const options = openOptions(page);
    if (!(await options.first().isVisible())) await control.click();
    await expect(options.first()).toBeVisible({ timeout: 3000 });
    const option =
      which === 'first'
        ? options.first()
        : which === 'other'
          ? options.and(page.locator(':not(.ant-select-item-option-selected)')).first()
          : options.filter({ hasText: which.text }).first();
    await option.click({ timeout: 3000 });
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}

async function save(page: Page, s: Strings) {
  const drawer = openDrawer(page);
  await button(drawer, s.crud.action.save).click();
  await expect(drawer).toBeHidden();
}

/** Searches the keyword; the address holds it and a reload restores the same rows. */
async function filterKeepsAfterReload(page: Page, s: Strings, keyword: string, expected: string) {
  await page.locator('form[role=search] #q').fill(keyword);
  await button(page.locator('form[role=search]'), s.crud.search.search).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${keyword}`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(expected);
  await page.reload();
  await expect(page.locator('form[role=search] #q')).toHaveValue(keyword);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(expected);
}

/** Exports the filtered rows as CSV through the download the page starts. */
async function exportCsv(page: Page, s: Strings): Promise<string[][]> {
  await button(page, s.crud.export.button).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'CSV' }).click(),
  ]);
  return readCsv(await download.path());
}

/** Uploads a CSV: the dry run shows one row to create, then it is applied. */
async function importCsv(page: Page, s: Strings, resource: string, table: string[][]) {
  await page.getByTestId(`${resource}-import-file`).setInputFiles({
    name: 'import.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(toCsv(table)),
  });
  const modal = page.locator('.ant-modal-container:visible');
  const count = (title: string) =>
    modal.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content-value');
  await expect(count(s.crud.import.create)).toHaveText('1');
  await expect(count(s.crud.import.errors)).toHaveText('0');
  await button(modal, s.crud.import.apply).click();
  await expect(modal).toBeHidden();
}

/** A copy of the exported row holding `marker` as a new row (empty id), with some cells changed. */
function newRowFrom(table: string[][], marker: string, changes: Record<string, string>): string[][] {
  const [header, ...body] = table;
  const source = body.find((row) => row.some((cell) => cell.includes(marker)));
  expect(source, `an exported row with ${marker}`).toBeTruthy();
  const row = header!.map((column, i) => (column === 'id' ? '' : (changes[column] ?? source![i] ?? '')));
  return [header!, row];
}

/** Whether the sidebar shows a node to a domestic staff member holding `granted`. */
function shown(node: MenuNode, granted: ReadonlySet<string>): boolean {
  if (node.meta.rxRegion && node.meta.rxRegion !== 'gn') return false;
  if (node.children) return node.children.some((child) => shown(child, granted));
  if (node.meta.hidden) return false;
  // No roles: every signed-in staff member sees it (jobs, approvals).
  const roles = node.meta.roles ?? [];
  return node.meta.ignoreAuth === true || roles.length === 0 || roles.some((role) => granted.has(role));
}

for (const lang of LANGUAGES) {
  test.describe(`catalogue pages (${lang})`, () => {
    test.setTimeout(120_000);

    test('gift packages: create, edit, filter in the address, export and import', async ({ page }) => {
      const s = strings(lang);
      const tag = uniqueTag(lang);
      await start(page, lang, '/basic/gift-list');
      await expect(page.getByRole('heading', { name: s.menu['page.giftList'] })).toBeVisible();

      await button(page, s.crud.action.create).click();
      const drawer = openDrawer(page);
      await drawer.getByLabel('简体中文').fill(`礼包${tag}`);
      await drawer.getByLabel('English').fill(`Gift ${tag}`);
      await pick(page, drawer.getByLabel(`${s.gifts.prop} 1`));
      await drawer.getByLabel(`${s.gifts.quantity} 1`).fill('5');
      await save(page, s);
      await expect(rows(page).filter({ hasText: `礼包${tag}` })).toHaveCount(1);

      await button(rows(page).filter({ hasText: `礼包${tag}` }), s.crud.action.edit).click();
      await openDrawer(page).getByLabel('简体中文').fill(`礼包${tag}改`);
      await openDrawer(page).locator('#per_player_limit').fill('3');
      await save(page, s);
      await expect(rows(page).filter({ hasText: `礼包${tag}改` })).toHaveCount(1);

      await filterKeepsAfterReload(page, s, tag, `礼包${tag}改`);

      const exported = await exportCsv(page, s);
      expect(exported[0]).toEqual(expect.arrayContaining(['id', 'name.zh', 'contents']));
      expect(exported.some((row) => row.includes(`礼包${tag}改`))).toBe(true);

      await importCsv(
        page,
        s,
        'gift-packages',
        newRowFrom(exported, `礼包${tag}改`, { 'name.zh': `导入${tag}` }),
      );
      await expect(rows(page).filter({ hasText: `导入${tag}` })).toHaveCount(1);
    });

    test('billing points: unique SKU, new version for a live reward, filter, export and import', async ({
      page,
    }) => {
      const s = strings(lang);
      const tag = uniqueTag(lang);
      const sku = `e2e.${tag}`;
      await start(page, lang, '/commercialbasic/shop-billing-config');
      await expect(page.getByRole('heading', { name: s.menu['page.billingPoints'] })).toBeVisible();

      const fill = async (name: string) => {
        await button(page, s.crud.action.create).click();
        const drawer = openDrawer(page);
        await drawer.locator('#name').fill(name);
        await pick(page, drawer.locator('#channel_id'));
        await drawer.locator('#store_sku').fill(sku);
        await drawer.getByLabel(`${s.billing.amount} 1`).fill('6');
        await pick(page, drawer.locator('#reward_gift_id'));
        return drawer;
      };
      await fill(`计费${tag}`);
      await save(page, s);
      const row = rows(page).filter({ hasText: `计费${tag}` });
      await expect(row).toHaveCount(1);

      // (store, SKU) is unique: the server's refusal shows on the SKU field.
      const again = await fill(`计费${tag}重复`);
      await button(again, s.crud.action.save).click();
      const skuItem = again.locator('.ant-form-item').filter({ has: page.locator('#store_sku') });
      await expect(skuItem.locator('.ant-form-item-explain-error')).toBeVisible();
      // Its input is unsaved: cancelling asks before throwing it away.
      await button(again, s.crud.action.cancel).click();
      await button(page.locator('.ant-modal-confirm:visible'), s.crud.form.discard).click();
      await expect(again).toBeHidden();

      // Put it live, then change its reward: that makes version 2 and archives version 1.
      await button(row, s.crud.action.edit).click();
      await pick(page, openDrawer(page).locator('#status'), { text: s.billing.statuses.live });
      await save(page, s);
      await expect(row).toContainText(s.billing.statuses.live);
      await button(row, s.crud.action.edit).click();
      const notice = page.getByTestId('billing-live-notice');
      await expect(notice).toContainText(s.billing.live.title.replace('{{version}}', '1'));
      await expect(openDrawer(page).locator('#store_sku')).toBeDisabled();
      await pick(page, openDrawer(page).locator('#reward_gift_id'), 'other');
      await expect(notice).toContainText(
        s.billing.live.newVersion.replace('{{next}}', '2').replace('{{current}}', '1'),
      );
      await button(openDrawer(page), s.crud.action.save).click();
      const versions = page
        .locator('.ant-drawer-section:visible')
        .filter({ hasText: s.billing.versions.rule });
      await expect(versions).toBeVisible();
      await expect(versions).toContainText('v1');
      await expect(versions).toContainText('v2');
      await expect(versions).toContainText(s.billing.statuses.retired);
      await versions.locator('.ant-drawer-close').click();
      await expect(row).toContainText('v2');

      await filterKeepsAfterReload(page, s, tag, `计费${tag}`);

      const exported = await exportCsv(page, s);
      expect(exported[0]).toEqual(expect.arrayContaining(['id', 'store', 'store_sku', 'prices']));
      expect(exported.some((r) => r.includes(sku))).toBe(true);
      await importCsv(
        page,
        s,
        'billing-points',
        newRowFrom(exported, sku, { store_sku: `${sku}.imp`, name: `导入${tag}` }),
      );
      await expect(rows(page).filter({ hasText: `导入${tag}` })).toHaveCount(1);
    });

    test('channels: create, edit, sub-channel on its own page, filter, export and import', async ({
      page,
    }) => {
      const s = strings(lang);
      const tag = uniqueTag(lang);
      const code = `e2e_${tag}`;
      await start(page, lang, '/basic/channel-list');
      await expect(page.getByRole('heading', { name: s.menu['page.channels'] })).toBeVisible();

      await button(page, s.crud.action.create).click();
      await openDrawer(page).locator('#code').fill(code);
      await openDrawer(page).locator('#name').fill(`渠道${tag}`);
      await save(page, s);
      const row = rows(page).filter({ hasText: code });
      await expect(row).toHaveCount(1);

      await button(row, s.crud.action.edit).click();
      await openDrawer(page).locator('#name').fill(`渠道${tag}改`);
      await save(page, s);
      await expect(row).toContainText(`渠道${tag}改`);

      // Its sub-channels open under the row; one is edited on its own page, then back to the list.
      await row.locator('.ant-table-row-expand-icon').click();
      const subs = page.getByTestId(`sub-channels-${code}`);
      await button(subs, s.channels.sub.create).click();
      await openDrawer(page).locator('#code').fill(`${code}_a`);
      await openDrawer(page).locator('#name').fill(`子渠道${tag}`);
      await save(page, s);
      const sub = subs.locator('tr.ant-table-row').filter({ hasText: `${code}_a` });
      await expect(sub).toHaveCount(1);
      await button(sub, s.crud.action.edit).click();
      await expect(page).toHaveURL(/\/main\/basic\/sub-channel\/edit\/\d+$/);
      await expect(page.locator('#code')).toHaveValue(`${code}_a`);
      await page.locator('#name').fill(`子渠道${tag}改`);
      await button(page, s.crud.action.save).click();
      await expect(page).toHaveURL(/\/main\/basic\/channel-list/);
      await expect(page.getByText(s.channels.sub.savedLogged)).toBeVisible();

      await filterKeepsAfterReload(page, s, tag, code);

      const exported = await exportCsv(page, s);
      expect(exported[0]).toEqual(expect.arrayContaining(['id', 'code', 'name', 'kind']));
      expect(exported.some((r) => r.includes(code))).toBe(true);
      await importCsv(
        page,
        s,
        'channels',
        newRowFrom(exported, code, { code: `${code}_imp`, name: `导入${tag}` }),
      );
      await expect(rows(page).filter({ hasText: `${code}_imp` })).toHaveCount(1);
    });
  });
}

test('a sub-channel a package uses keeps its code, and says why', async ({ page }) => {
  const s = strings('zh');
  await start(page, 'zh', '/basic/channel-list?q=official');
  const row = rows(page).filter({ hasText: 'official' }).first();
  await row.locator('.ant-table-row-expand-icon').click();
  const frozen = page
    .locator('[data-testid^=sub-channels-] tr.ant-table-row')
    .filter({ hasText: '_official' })
    .first();
  await button(frozen, s.crud.action.edit).click();
  await expect(page).toHaveURL(/\/sub-channel\/edit\/\d+$/);
  await expect(page.locator('#code')).toBeDisabled();
  await expect(page.getByText(s.channels.sub.frozenWhy).first()).toBeVisible();
  // Admins see the row's recent operation-log entries beside the form.
  await expect(page.getByText(s.channels.history.title)).toBeVisible();
});

test('a new staff member with a new role sees exactly the pages ticked in the matrix', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const s = strings('zh');
  const tag = uniqueTag('zh');
  const roleName = `E2E角色${tag}`;
  const username = `e2e_${tag}`;
  const see = s.system.matrix.verbs.see;
  const pages = ['page.home', 'page.giftList', 'page.channels'].map((key) => s.menu[key] as string);

  await start(page, 'zh', '/system/roles');
  await button(page, s.crud.action.create).click();
  let drawer = openDrawer(page);
  await drawer.locator('#identifier').fill(`e2e_${tag}`);
  await drawer.locator('#name').fill(roleName);
  // Pages everyone sees are marked; the others are ticked by hand.
  await expect(drawer.getByTestId('permission-matrix')).toContainText(s.system.matrix.everyone);
  for (const title of pages) await drawer.getByLabel(`${title} ${see}`, { exact: true }).check();
  await expect(drawer.getByTestId('permission-matrix')).toContainText(
    s.system.matrix.summary.replace('{{pages}}', '3').split(' · ')[0],
  );
  await save(page, s);
  await expect(rows(page).filter({ hasText: roleName })).toContainText('3');

  await page.goto('/main/system/staff');
  await button(page, s.crud.action.create).click();
  drawer = openDrawer(page);
  await drawer.locator('#username').fill(username);
  await drawer.locator('#password').fill('Start2024go');
  await drawer.locator('#role_ids').click();
  await openOptions(page).filter({ hasText: roleName }).click();
  // A multiple select stays open: close it by clicking elsewhere in the drawer.
  await drawer.locator('.ant-drawer-title').click();
  await save(page, s);
  await expect(rows(page).filter({ hasText: username })).toContainText(s.system.staff.mustChange);

  // The new staff member signs in, must choose a password first, then sees only the role's pages.
  const context = await browser.newContext();
  const staff = await context.newPage();
  await staff.goto('/login?lang=zh');
  await staff.locator('#username').fill(username);
  await staff.locator('#password').fill('Start2024go');
  await staff.locator('button[type=submit]').click();
  await expect(staff).toHaveURL(/\/main\/set-password/);
  await staff.locator('#old_password').fill('Start2024go');
  await staff.locator('#new_password').fill(`${DEMO_PASSWORD}x`);
  await staff.locator('#confirm_password').fill(`${DEMO_PASSWORD}x`);
  await button(staff, s.nav.password.submit).click();
  await expect(staff).toHaveURL(/\/main\/homepage\/index$/);

  // The chosen pages, plus the pages every signed-in staff member sees (marked so in the matrix).
  const granted = new Set(['see/home', 'gift_package/see/gift_package', 'basic/see/channel']);
  const menu = staff.locator('.rx-sidebar .rx-menu');
  const top = menu.locator(
    ':scope > li > .ant-menu-submenu-title .ant-menu-title-content, :scope > li.ant-menu-item .ant-menu-title-content',
  );
  await expect(top).toHaveText(
    PAGE_CATALOGUE.filter((node) => shown(node, granted)).map((node) => s.menu[node.meta.title]),
  );
  const base = PAGE_CATALOGUE.find((node) => node.meta.title === 'group.projectBase')!;
  const group = menu.locator(':scope > li.ant-menu-submenu').filter({
    has: staff.locator(':scope > .ant-menu-submenu-title', { hasText: s.menu['group.projectBase'] }),
  });
  await group.locator(':scope > .ant-menu-submenu-title').click();
  await expect(group.locator('li.ant-menu-item .ant-menu-title-content')).toHaveText(
    base.children!.filter((node) => shown(node, granted)).map((node) => s.menu[node.meta.title]),
  );
  expect(base.children!.filter((node) => shown(node, granted)).map((node) => node.meta.title)).toEqual([
    'page.channels',
    'page.giftList',
  ]);
  await context.close();
});

test('the operation log filters in the address and shows an entry before and after', async ({ page }) => {
  const s = { ...strings('zh'), oplog: localeStrings('oplog', 'zh') as Strings };
  // The demo has no gift edits of its own: make one (on a demo gift no other test edits), then find it.
  await start(page, 'zh', '/basic/gift-list?q=维护补偿');
  const gift = rows(page).first();
  await button(gift, s.crud.action.edit).click();
  await openDrawer(page).locator('#per_player_limit').fill('7');
  await save(page, s);

  await page.goto('/main/useraccount/account-operation-log?target_type=gift_package&action=update');
  await expect(page.getByRole('heading', { name: s.menu['page.operationLog'] })).toBeVisible();
  await expect(rows(page).first()).toContainText(s.oplog.actions.update);
  await page.reload();
  await expect(page.locator('form[role=search] #target_type')).toBeAttached();
  await expect(rows(page).first()).toContainText(s.oplog.targets.gift_package);
  await button(rows(page).first(), s.oplog.detail.open).click();
  const diff = page.getByTestId('oplog-diff');
  await expect(diff).toContainText('per_player_limit');
  await expect(diff).toContainText(s.oplog.detail.changed);
});

test('products and CP settings load for the admin', async ({ page }) => {
  const s = strings('zh');
  await start(page, 'zh', '/basic/product-list');
  await expect(rows(page).filter({ hasText: 'xianxia' })).toHaveCount(1);
  await page.goto('/main/system/cp-settings');
  await expect(page.locator('#name')).toHaveValue(/\S/);
  await expect(page.getByText(s.system.cp.publishAreaHint)).toBeVisible();
  // The CP's time zone (players whose device names none), picked from the IANA list.
  await expect(
    page.locator('.ant-form-item').filter({ hasText: s.system.cp.timeZoneHint }).locator('.ant-select'),
  ).toContainText('Asia/Shanghai');
});
