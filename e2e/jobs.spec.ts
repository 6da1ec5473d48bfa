import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { openPage, switchLanguage } from './support/built-pages.ts';
import { readCsv } from './support/csv.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { PROP_HEADER } from '../apps/server/test/prop-header.ts';

// Background jobs: a large props import (more than 1,000 rows) runs as a job; the header's
// indicator shows it, the jobs page lists it to the end, its result file downloads; the page at
// 1440 and 390 px, in Chinese and Arabic, with no serious axe finding.

const ROWS = 1_500;
const HEADER = PROP_HEADER;

function propsCsv(tag: string): string {
  const row = (i: number) => {
    const cells: Record<string, string> = {
      code: `${tag}_${i}`,
      'name.zh': `任务道具 ${i}`,
      type: 'material',
      rarity: 'common',
      stack_limit: '5',
      expiry_days: '0',
    };
    return HEADER.map((column) => cells[column] ?? '').join(',');
  };
  return [HEADER.join(','), ...Array.from({ length: ROWS }, (_, i) => row(i))].join('\r\n');
}

/** Starts a dry-run import job of its own through the API (as the signed-in admin): its id. */
async function startImportJob(page: Page, tag: string): Promise<number> {
  return page.evaluate(
    async ({ csv }) => {
      const read = (key: string) => JSON.parse(localStorage.getItem(`rx-console:${key}`) ?? 'null');
      const answer = await fetch('/api/v1/props/import?dry_run=1', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${read('user-info').access_token}`,
          'X-Product-Id': String(read('product-id')),
          'Content-Type': 'text/csv',
        },
        body: csv,
      });
      return ((await answer.json()) as { data: { job_id: number } }).data.job_id;
    },
    { csv: propsCsv(tag) },
  );
}

/** A job's status through the API. */
async function jobStatus(page: Page, id: number): Promise<string> {
  return page.evaluate(async (jobId) => {
    const read = (key: string) => JSON.parse(localStorage.getItem(`rx-console:${key}`) ?? 'null');
    const answer = await fetch(`/api/v1/jobs/${jobId}`, {
      headers: { Authorization: `Bearer ${read('user-info').access_token}` },
    });
    return ((await answer.json()) as { data: { status: string } }).data.status;
  }, id);
}

test.use({ bypassCSP: true });

test('a large import runs as a job: indicator, jobs page, result file (zh, 1440 px)', async ({ page }) => {
  test.setTimeout(240_000);
  const server = { timeout: 120_000 };
  const jobs = localeStrings('jobs', 'zh');
  const crud = localeStrings('crud', 'zh');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin', 'zh', '/main/projectbase/projectbase-fe/game-prop-config');
  const tag = `job${Date.now().toString(36)}`;
  await page.getByTestId('props-import-file').setInputFiles({
    name: 'props.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(propsCsv(tag)),
  });
  // The dry run is a job: the dialog follows it and then shows the same counts as ever.
  const indicator = page.locator('.rx-jobs-indicator');
  await expect(indicator).toBeVisible(server);
  const modal = page.locator('.ant-modal-container:visible');
  const created = modal
    .locator('.ant-statistic')
    .filter({ hasText: crud.import.create })
    .locator('.ant-statistic-content-value');
  await expect(created).toHaveText(ROWS.toLocaleString('en'), server);
  await modal.getByRole('button', { name: /取\s*消/ }).click();

  // The indicator leads to the jobs page, where the job has finished.
  await indicator.click();
  await page.getByTestId('jobs-indicator-panel').getByRole('button', { name: jobs.indicator.open }).click();
  await expect(page).toHaveURL(/\/main\/jobs$/);
  // Kept-alive pages stay in the document, hidden: only the visible table counts.
  const row = page.locator('.rx-data-table:visible tbody tr.ant-table-row').first();
  // The table by its name, never the raw `props` (issue 27).
  const propsName = localeStrings('oplog', 'zh').targets.props as string;
  await expect(row).toContainText(jobs.kind.import.replace('{{name}}', propsName), server);
  await expect(row).toContainText(jobs.status.succeeded, server);
  expect(await seriousViolations(page)).toEqual([]);

  // Its details and its result file.
  await row.getByRole('button', { name: jobs.details }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: propsName });
  await expect(drawer.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(10, server);
  await drawer.getByRole('button', { name: jobs.result }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const file = await (await download).path();
  const table = readCsv(file);
  expect(table[0]).toEqual(['seq', 'status', 'message', 'input', 'output']);
  expect(table).toHaveLength(ROWS + 1);
  expect(table[1]!.slice(0, 3)).toEqual(['1', 'ok', 'create']);
  expect(await seriousViolations(page)).toEqual([]);
});

for (const { lang, html, dir, name } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文' },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية' },
] as const) {
  test(`the jobs page at 390 px in ${lang}: fits, opens a job, no serious axe finding`, async ({ page }) => {
    test.setTimeout(240_000);
    const jobs = localeStrings('jobs', lang);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const id = await startImportJob(page, `p${lang}${Date.now().toString(36)}`);
    await expect.poll(() => jobStatus(page, id), { timeout: 150_000 }).toBe('succeeded');
    await openPage(page, '/jobs');
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    const row = page
      .locator('.rx-data-table:visible tbody tr.ant-table-row')
      .filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
    await expect(row).toContainText(jobs.status.succeeded, { timeout: 120_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole('button', { name: jobs.details }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: localeStrings('oplog', lang).targets.props });
    await expect(drawer.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await drawer.getByText(jobs.items.failed).click();
    await expect(drawer.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
