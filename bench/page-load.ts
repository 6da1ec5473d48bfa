// How long a list page takes to show its first rows, in Debian's Chromium against the built console
// on its own server (embedded database, demo data), signed in as the demo admin:
//  - "request": from the start of the navigation to the page's list request leaving;
//  - "rows": from the start of the navigation to the first table row in the document.
// Each page is opened with a full load (address bar, reload: the whole shell starts again, from the
// browser's cache). p50/p95 per page, and over all.
// Usage: npm run build && npx tsx bench/page-load.ts [rounds]   (WEB_DIST=<dist> compares a build)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { percentile, startServer } from './support.ts';

const ROUNDS = Number(process.argv[2] ?? 15);
/** List pages with demo rows for the admin, and the API path of each one's list. */
const PAGES = [
  ['/main/projectbase/projectbase-fe/game-prop-config', '/api/v1/props?'],
  ['/main/basic/error-code', '/api/v1/error-codes?'],
  ['/main/system/staff', '/api/v1/staff?'],
  ['/main/commercialbasic/shop-billing-config', '/api/v1/billing-points?'],
  ['/main/basic/gift-list', '/api/v1/gift-packages?'],
  ['/main/useraccount/account-operation-log', '/api/v1/operation-logs?'],
] as const;

/** Marks, in the page's own clock, when the first table row entered the document. */
function watchRows() {
  const w = window as unknown as { __firstRow?: number };
  new MutationObserver((_, observer) => {
    if (w.__firstRow === undefined && document.querySelector('.ant-table-tbody tr.ant-table-row')) {
      w.__firstRow = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** The figures of the navigation just made: list request and first row, from its start (the page's time origin). */
async function figures(page: Page, api: string): Promise<{ request: number; rows: number }> {
  await page.waitForFunction(() => (window as unknown as { __firstRow?: number }).__firstRow !== undefined);
  return page.evaluate((api) => {
    const request = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes(api))
      .map((entry) => entry.startTime)[0];
    const rows = (window as unknown as { __firstRow: number }).__firstRow;
    return { request: request ?? NaN, rows };
  }, api);
}

const summary = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0).padStart(5)} ms  p95 ${percentile(sorted, 95).toFixed(0).padStart(5)} ms`;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-page-load-'));
const { child, base } = await startServer({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  DEMO_PLAYERS: '1000',
  RATE_LIMIT_CONSOLE: '1000000',
  RATE_LIMIT_SIGN_IN: '1000000',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ baseURL: base, viewport: { width: 1440, height: 900 } });
  await page.addInitScript(watchRows);
  await page.goto('/login?lang=zh');
  await page.locator('#username').fill('admin');
  await page.locator('#password').fill('Demo@12345');
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/main\/homepage\/index$/);

  const all = { fullRequest: [] as number[], fullRows: [] as number[] };
  console.log(`page load, ${ROUNDS} rounds (${process.env.WEB_DIST ?? 'apps/web/dist'})`);
  for (const [url, api] of PAGES) {
    const full = { request: [] as number[], rows: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      await page.goto(url);
      const loaded = await figures(page, api);
      full.request.push(loaded.request);
      full.rows.push(loaded.rows);
    }
    console.log(`${url.padEnd(52)} full load: request ${summary(full.request)} · rows ${summary(full.rows)}`);
    all.fullRequest.push(...full.request);
    all.fullRows.push(...full.rows);
  }
  console.log(`all pages: full load: request ${summary(all.fullRequest)} · rows ${summary(all.fullRows)}`);
} finally {
  await browser.close();
  child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
