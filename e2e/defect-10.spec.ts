import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { openPage, switchLanguage } from './support/built-pages.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, typeInPicker } from './support/ui.ts';
import { seriousViolations } from './support/axe.ts';
import { PROP_HEADER } from '../apps/server/test/prop-header.ts';

// Issue 27, defect 10, string by string, as staff read them in Chinese and in Arabic (right to
// left): the requester line and user text isolated, no raw key (`web_orders.refund`, store codes,
// `import:props`, bare `gn`), plurals and spacing, the second "mail (new version)" entry never
// opening the composer by itself, and one date-input style (antd's picker) on the checked forms.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const strings = (lang: string) => ({
  common: localeStrings('common', lang) as Record<string, any>,
  crud: localeStrings('crud', lang) as Record<string, any>,
  approvals: localeStrings('approvals', lang) as Record<string, any>,
  refunds: localeStrings('refunds', lang) as Record<string, any>,
  billing: localeStrings('billing', lang) as Record<string, any>,
  jobs: localeStrings('jobs', lang) as Record<string, any>,
  oplog: localeStrings('oplog', lang) as Record<string, any>,
  webShop: localeStrings('webShop', lang) as Record<string, any>,
  mail: localeStrings('mail', lang) as Record<string, any>,
});

test.use({ bypassCSP: true });
test.describe.configure({ timeout: 180_000 });

const LANGS = [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const;
type Variant = (typeof LANGS)[number];

async function signInAs(page: Page, username: string, variant: Variant, to?: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, username, 'zh', to);
  // Chosen in the header every time: staff with another language of their own (ops_hw: English)
  // get theirs once the console has loaded, whatever the sign-in page spoke.
  await switchLanguage(page, variant.name, variant.html, variant.dir);
}

/** A raw code on screen: `snake_case`, `a.b_c` keys or `family:name` job kinds. */
const RAW = /\b[a-z]+_[a-z_]+\b|\b[a-z_]+\.[a-z_]+\b|:[a-z]+\b/;
const CJK = /^[\u4e00-\u9fff]/;

/** The plural form i18next picks for `count` in `lang` (`key_one`, … or the bare key). */
function plural(bundle: Record<string, string>, key: string, lang: string, count: number): string {
  const form = new Intl.PluralRules(lang === 'zh' ? 'zh-CN' : lang).select(count);
  return (bundle[`${key}_${form}`] ?? bundle[key]!).replace('{{count}}', String(count));
}

for (const variant of LANGS) {
  const s = strings(variant.lang);

  test(`10. the requester line and a notification's title keep their order (${variant.lang})`, async ({
    page,
    browser,
  }) => {
    await signInAs(page, 'admin', variant);
    const gifts = await api<{ list: { id: number }[] }>(
      page,
      'GET',
      `/gift-packages?q=${encodeURIComponent('维护补偿')}`,
    );
    const day = 86_400_000;
    const batch = await api<{ id: number; version: number }>(page, 'POST', '/code-batches', {
      name: `d10 ${variant.lang} ${Date.now().toString(36)}`,
      kind: 'unique',
      length: 12,
      quantity: 10_000,
      gift_package_id: gifts.list[0]!.id,
      start_at: new Date(Date.now() - day).toISOString(),
      end_at: new Date(Date.now() + 30 * day).toISOString(),
    });
    // The demo's policy: 10,000 codes wait for a second person, who is notified.
    const { approval } = await api<{ approval: { id: number } }>(
      page,
      'POST',
      `/code-batches/${batch.id}/submit`,
      { version: batch.version, reason: 'e2e' },
    );
    const checkerContext = await browser.newContext({ reducedMotion: 'reduce' });
    const checker = await checkerContext.newPage();
    try {
      await signInAs(checker, 'ops_gn', variant);
      // The bell: each title is isolated in its own direction; a Chinese one runs left to right
      // (its final "。" stays at its end) inside the Arabic page.
      await checker.locator('.rx-notify-bell').click();
      const titles = checker.locator('.rx-notify-item__title');
      await expect(titles.first()).toBeVisible();
      const read = await titles.evaluateAll((nodes) =>
        nodes.map((n) => ({
          tag: n.tagName,
          dir: n.getAttribute('dir'),
          direction: getComputedStyle(n).direction,
          text: n.textContent ?? '',
        })),
      );
      expect(read.every((r) => r.tag === 'BDI' || r.dir === 'auto')).toBe(true);
      const chinese = read.filter((r) => CJK.test(r.text));
      expect(chinese.length).toBeGreaterThan(0);
      expect(chinese.every((r) => r.direction === 'ltr')).toBe(true);
      await checker.keyboard.press('Escape');

      // The request: "admin · <date>", each part isolated, in that order.
      await openPage(checker, `/approvals?id=${approval.id}`);
      const maker = checker
        .locator('.ant-descriptions-row')
        .filter({ has: checker.getByText(s.approvals.columns.maker, { exact: true }) })
        .locator('.ant-descriptions-item-content');
      await expect(maker).toContainText('admin');
      // Two isolates, the username first, then the date; nothing else but the separator.
      const parts = await maker.locator('bdi').allTextContents();
      expect(parts).toHaveLength(2);
      expect(parts[0]).toBe('admin');
      expect(parts[1]).toMatch(/\d{4}/);
      expect((await maker.textContent())!.trim()).toBe(`admin · ${parts[1]}`);
    } finally {
      await checkerContext.close();
      // Withdrawn: no pending request of admin's is left for the policy tests.
      await api(page, 'POST', `/approvals/${approval.id}/cancel`, {});
    }
  });

  test(`10. refunds name their stores, never their codes; an empty period reads count and "none" apart (${variant.lang})`, async ({
    page,
  }) => {
    await signInAs(page, 'admin', variant);
    await openPage(page, '/useraccount/refund');
    const table = page.locator('.rx-data-table:visible');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    const header = await table.locator('thead th').allTextContents();
    const storeColumn = header.findIndex((h) => h.trim() === s.refunds.columns.store);
    expect(storeColumn).toBeGreaterThanOrEqual(0);
    const stores = await table
      .locator(`tbody tr.ant-table-row > td:nth-child(${storeColumn + 1})`)
      .allTextContents();
    const names = Object.values(s.billing.stores) as string[];
    expect(stores.length).toBeGreaterThan(0);
    for (const store of stores) {
      expect(store).not.toMatch(RAW);
      expect(names).toContain(store.trim());
    }
    const totals = page.getByTestId('refund-totals');
    await expect(totals).not.toContainText(/app_store|google_play|wechat_pay/);

    // A period without refunds: "Refunds: 0" and "No refunds in this period" on their own, not "0No…".
    await openPage(page, '/useraccount/refund?from=2020-01-01&to=2020-01-02');
    await expect(page.getByTestId('refund-total-count')).toHaveText('0');
    const empty = totals.getByText(s.refunds.totals.empty, { exact: true });
    await expect(empty).toBeVisible();
    expect(await totals.innerText()).not.toContain(`0${s.refunds.totals.empty}`);
  });

  test(`10. the operation log names an approval request's change, not its key (${variant.lang})`, async ({
    page,
  }) => {
    await signInAs(page, 'admin', variant);
    const gifts = await api<{ list: { id: number }[] }>(
      page,
      'GET',
      `/gift-packages?q=${encodeURIComponent('维护补偿')}`,
    );
    const name = `d10log ${variant.lang} ${Date.now().toString(36)}`;
    const batch = await api<{ id: number; version: number }>(page, 'POST', '/code-batches', {
      name,
      kind: 'unique',
      length: 12,
      quantity: 10_000,
      gift_package_id: gifts.list[0]!.id,
      start_at: new Date(Date.now() - 86_400_000).toISOString(),
      end_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    const { approval } = await api<{ approval: { id: number } }>(
      page,
      'POST',
      `/code-batches/${batch.id}/submit`,
      { version: batch.version, reason: 'e2e' },
    );
    await api(page, 'POST', `/approvals/${approval.id}/cancel`, {});
    await openPage(page, '/useraccount/account-operation-log');
    const rows = page.locator('.rx-data-table:visible tbody tr.ant-table-row').filter({ hasText: name });
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.allInnerTexts()) expect(text).not.toMatch(/code_batches\.|actionNames\./);
    // The request's rows (submitted, withdrawn): the change in words, then the batch's name.
    const requests = rows.filter({ hasText: s.oplog.targets.approval_request });
    await expect(requests).toHaveCount(2);
    for (const text of await requests.allInnerTexts())
      expect(text).toContain(`${s.approvals.kinds.code_batches.activate} · ${name}`);
  });

  test(`10. an import job is named by its table, never "import:props" (${variant.lang})`, async ({
    page,
  }) => {
    await signInAs(page, 'admin', variant);
    const tag = `d10${variant.lang}${Date.now().toString(36)}`;
    const row = (i: number) =>
      PROP_HEADER.map(
        (c) =>
          ({
            code: `${tag}_${i}`,
            'name.zh': `导入道具 ${i}`,
            type: 'material',
            rarity: 'common',
            stack_limit: '5',
            expiry_days: '0',
          })[c as string] ?? '',
      ).join(',');
    const csv = [PROP_HEADER.join(','), ...Array.from({ length: 1_100 }, (_, i) => row(i))].join('\r\n');
    const id = await page.evaluate(async (body) => {
      const read = (key: string) => JSON.parse(localStorage.getItem(`rx-console:${key}`) ?? 'null');
      const answer = await fetch('/api/v1/props/import?dry_run=1', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${read('user-info').access_token}`,
          'X-Product-Id': String(read('product-id')),
          'Content-Type': 'text/csv',
        },
        body,
      });
      return ((await answer.json()) as { data: { job_id: number } }).data.job_id;
    }, csv);
    expect(id).toBeGreaterThan(0);
    await openPage(page, '/jobs');
    const job = page
      .locator('.rx-data-table:visible tbody tr.ant-table-row')
      .filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
    const kind = s.jobs.kind.import.replace('{{name}}', s.oplog.targets.props);
    await expect(job).toContainText(kind);
    expect(await job.innerText()).not.toMatch(/props|import:/);
  });

  test(`10. region and channel read as words, never a bare "gn" (${variant.lang})`, async ({ page }) => {
    await signInAs(page, 'admin', variant);
    for (const path of ['/basic/product-list', '/projectbase/projectbase-fe/social/chat-access-setting']) {
      await openPage(page, path);
      const table = page.locator('.rx-data-table:visible');
      await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
      const cells = await table.locator('tbody td').allInnerTexts();
      expect(cells.filter((c) => /^(gn|hw)$/.test(c.trim()))).toEqual([]);
    }
  });

  test(`10. web orders count in the right plural (${variant.lang})`, async ({ page }) => {
    await signInAs(page, 'ops_hw', variant);
    await openPage(page, '/newrxlaunch/payment-hw/order-management');
    const totals = page.getByTestId('web-order-totals');
    const counts = totals.locator('.ant-space-item .ant-typography-secondary');
    await expect(counts.first()).toBeVisible();
    const read = await counts.allInnerTexts();
    // Each currency's count, then the days: the text i18next's plural rules give for the number.
    for (const [i, text] of read.entries()) {
      const count = Number(/\d+/.exec(text)![0]);
      const key = i === read.length - 1 ? 'days' : 'orders';
      expect(text).toBe(plural(s.webShop.totals, key, variant.lang, count));
    }
    expect(read.join(' ')).not.toMatch(/\b1 orders\b/);
  });

  test(`10. the second "mail (new version)" entry opens on its list, never on the composer (${variant.lang})`, async ({
    page,
  }) => {
    await signInAs(page, 'admin', variant);
    await openPage(page, '/tooloperate/tooloperate-fe/base/mail-manage-new');
    await expect(page.locator('.rx-data-table:visible')).toBeVisible();
    await expect(page.locator('.ant-drawer-section:visible')).toHaveCount(0);
    // Staff open the composer when they choose to.
    await button(page, s.crud.action.create).click();
    await expect(page.locator('.ant-drawer-section:visible')).toHaveCount(1);
  });

  test(`10. one date-input style: antd's picker in the list filters and in the forms (${variant.lang})`, async ({
    page,
  }) => {
    await signInAs(page, 'admin', variant);
    await openPage(page, '/useraccount/refund');
    const content = page.locator('main.rx-content');
    const filters = content.getByRole('search').filter({ visible: true });
    await expect(filters.locator('input[type=date], input[type=datetime-local]')).toHaveCount(0);
    await expect(filters.locator('.ant-picker')).toHaveCount(2);
    // Typed as staff do: the picker keeps YYYY-MM-DD and the search takes it.
    const from = filters.getByLabel(s.refunds.filters.from);
    await from.click();
    await from.fill('2020-01-01');
    await from.press('Enter');
    await button(filters, s.crud.search.search).click();
    await expect(page).toHaveURL(/from=2020-01-01/);
    await expect(from).toHaveValue('2020-01-01');

    // The mail composer's times: the same picker, the same day format.
    await openPage(page, '/tooloperate/tooloperate-fe/base/mail-manage');
    await button(page, s.crud.action.create).click();
    const drawer = page.locator('.ant-drawer-section:visible');
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('input[type=date], input[type=datetime-local]')).toHaveCount(0);
    await expect(drawer.locator('.ant-picker').first()).toBeVisible();
  });
}

/** Closes a form drawer whose changes are not wanted (its "discard changes?" confirmed). */
async function leaveDrawer(page: Page, drawer: ReturnType<Page['locator']>) {
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal-confirm-btns:visible button').last().click();
  await expect(drawer).toBeHidden();
}

// The forms outside the lists: each date, date-and-time and time field is antd's picker too, named
// for assistive technology, and takes what staff type (a day, a moment, a time) in either direction.
for (const variant of LANGS) {
  test(`10. one date-input style: antd's picker in every form's date and time fields (${variant.lang})`, async ({
    page,
  }) => {
    const crud = localeStrings('crud', variant.lang) as Record<string, any>;
    const holidays = localeStrings('holidays', variant.lang) as Record<string, any>;
    const push = localeStrings('push', variant.lang) as Record<string, any>;
    const NATIVE = 'input[type=date], input[type=datetime-local], input[type=time]';
    await signInAs(page, 'admin', variant);

    // A holiday's day, at a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, '/offline/holidays');
    await button(page, crud.action.create).click();
    let drawer = page.locator('.ant-drawer-section:visible').last();
    await expect(drawer.locator(NATIVE)).toHaveCount(0);
    const day = drawer.getByLabel(holidays.date, { exact: true });
    await typeInPicker(day, '2032-10-01');
    const box = (await drawer.locator('.ant-picker').first().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page), 'axe on the holiday form').toEqual([]);
    await leaveDrawer(page, drawer);
    await page.setViewportSize({ width: 1440, height: 900 });

    // A debug parameter's expiry: a moment.
    await openPage(page, '/offline/debug-params');
    await button(page, crud.action.create).click();
    drawer = page.locator('.ant-drawer-section:visible').last();
    await expect(drawer.locator(NATIVE)).toHaveCount(0);
    await typeInPicker(drawer.locator('#debug-expires'), '2032-10-01 10:00');
    await leaveDrawer(page, drawer);

    // The customer-service statistics window: two days.
    await openPage(page, '/service/data-statistics');
    const window = page.getByTestId('cs-stats-form');
    await expect(window.locator('.ant-picker')).toHaveCount(2);
    await expect(window.locator(NATIVE)).toHaveCount(0);

    // A push's local send time and its quiet hours: a moment and two times of day.
    await openPage(page, '/operation/push-manage/app-push');
    await button(page, crud.action.create).click();
    drawer = page.locator('.ant-drawer-section:visible').last();
    await drawer.locator('#quiet_hours').check();
    await expect(drawer.locator(NATIVE)).toHaveCount(0);
    await typeInPicker(drawer.getByLabel(push.task.quietStart), '23:30');
    await typeInPicker(drawer.locator('#local_send_at'), '2032-10-01 09:00');
    expect(await seriousViolations(page), 'axe on the push form').toEqual([]);
    await leaveDrawer(page, drawer);

    // A sanction's custom end, on a player's profile: saved, it is the moment typed.
    const sanctions = localeStrings('sanctions', variant.lang) as Record<string, any>;
    const players = await api<{ list: { openid: string }[] }>(
      page,
      'GET',
      `/players?page=${variant.lang === 'zh' ? 41 : 42}&page_size=1&sort=created_at`,
    );
    const openid = players.list[0]!.openid;
    await openPage(page, `/useraccount/userManage/userOption/${openid}`);
    const card = page.locator('.ant-card').filter({ hasText: sanctions.title });
    await button(card, sanctions.actions.new).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#length').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: sanctions.form.custom })
      .click();
    await expect(dialog.locator(NATIVE)).toHaveCount(0);
    await typeInPicker(dialog.getByLabel(sanctions.form.endsAt, { exact: true }), '2032-10-01 10:00');
    const reason = `d10 end ${variant.lang} ${Date.now().toString(36)}`;
    await dialog.getByLabel(sanctions.form.reason).fill(reason);
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(dialog).toBeHidden();
    const listed = await api<{ list: { reason: string; ends_at: string }[] }>(
      page,
      'GET',
      `/sanctions?openid=${openid}`,
    );
    const ends = listed.list.find((row) => row.reason === reason)!.ends_at;
    expect(new Date(ends).getTime()).toBe(new Date(2032, 9, 1, 10, 0).getTime());
  });
}
