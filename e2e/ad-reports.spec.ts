import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { localeStrings } from './support/layout.ts';
import { switchLanguage } from './support/built-pages.ts';
import { signIn } from './support/sign-in.ts';
import { typeInPicker } from './support/ui.ts';

// A medium's data report through the built-in fake medium (Kuaishou, which has no real adapter and
// says so): a wrong then a right pull, the job's days in the table, filtered by account and days,
// sorted by spend, with totals and the chart, and the account's campaigns below; in Chinese and Arabic, at 1440 and 390 px, with no
// serious axe finding.

test.use({ bypassCSP: true });
// A pull, a job, then three pages of filters and sorts: about a minute on a loaded two-core machine.
test.describe.configure({ timeout: 180_000 });

const PAGE = '/main/newrxlaunch/kuaishou-data-report';
const named = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s*')}\\s*$`);

/** Authorises a fake agent on Kuaishou through the API: its three advertisers. */
async function authorize(page: Page, code: string) {
  const start = await api<{ state: string }>(page, 'POST', '/ad-accounts/authorize?media=kuaishou', {});
  await api(page, 'POST', '/ad-accounts/authorize/callback?media=kuaishou', { code, state: start.state });
  const { list } = await api<{ list: { id: number; account_id: string }[] }>(
    page,
    'GET',
    `/ad-reports/accounts?media=kuaishou`,
  );
  return list;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
for (const { lang, html, dir, name, agent } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', agent: 61 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', agent: 62 },
] as const) {
  test(`ad reports: pull, filter, sort, totals (${lang})`, async ({ page }) => {
    const s = (localeStrings('ads', lang) as Record<string, any>).reports;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const accounts = (await authorize(page, `fake-agent-${agent}`)).filter((a) =>
      a.account_id.startsWith(`kuaishou-agent-${agent}-`),
    );
    expect(accounts).toHaveLength(3);

    await page.goto(PAGE);
    await expect(page.locator('.ant-alert-info')).toBeVisible();

    // A wrong pull (the end before the start) is marked on the field; a right one starts the job.
    await page.getByRole('button', { name: named(s.pull) }).click();
    const dialog = page.getByRole('dialog');
    await typeInPicker(dialog.getByLabel(s.filters.from), '2026-10-05');
    await typeInPicker(dialog.getByLabel(s.filters.to), '2026-10-01');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(dialog.locator('.ant-form-item-explain-error')).toBeVisible();
    await typeInPicker(dialog.getByLabel(s.filters.from), '2026-10-01');
    await typeInPicker(dialog.getByLabel(s.filters.to), '2026-10-03');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(dialog).toBeHidden();

    // The job runs in the background: this agent's advertiser's days appear once it is done.
    const one = accounts[0]!;
    const filtered = `${PAGE}?ad_account_id=${one.id}&from=2026-10-01&to=2026-10-03`;
    // The daily table is the page's first; the campaigns' table follows it in its own card.
    const rows = page.locator('.rx-data-table').first().locator('tbody tr.ant-table-row');
    const campaigns = page
      .locator('.ant-card')
      .filter({ hasText: s.campaigns.title })
      .locator('tbody tr.ant-table-row');
    // Each look reloads the page and gives it 10 s to show its rows: on a loaded two-core machine a
    // reload took more than 3 s, so every look failed although the job was done.
    await expect(async () => {
      await page.goto(filtered);
      await expect(rows).toHaveCount(3, { timeout: 10_000 });
    }).toPass({ timeout: 60_000 });
    for (const text of await rows.allTextContents()) expect(text).toContain(one.account_id);
    // Its two campaigns over those days: no mapping names them, so no revenue, and the tag says so.
    await expect(campaigns).toHaveCount(2);
    for (const text of await campaigns.allTextContents()) {
      expect(text).toContain(one.account_id);
      expect(text).toContain(s.campaigns.unmapped);
    }
    await expect(page.locator('figure.rx-chart')).toBeVisible();
    await expect(page.locator('.ant-statistic').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Sorted by spend, highest first (a click on the column's header; the address keeps it).
    const header = page.locator('.rx-data-table thead th').filter({ hasText: s.columns.cost }).first();
    await header.click();
    await expect(page).toHaveURL(/sort=/);
    if (!/sort=-cost/.test(page.url())) await header.click();
    await expect(page).toHaveURL(/sort=-cost/);
    await expect(rows).toHaveCount(3);

    // At phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(filtered);
    await expect(rows).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
