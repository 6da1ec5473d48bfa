// How long a list page takes to show its first rows, in Debian's Chromium against the built console
// on its own server (embedded database, demo data), signed in as the demo admin:
//  - "request": from the start of the navigation to the page's list request leaving;
//  - "rows": from the start of the navigation to the first table row in the document.
// Each page is opened with a full load (address bar, reload: the whole shell starts again, from the
// browser's cache). p50/p95 per page, and over all.
// With --vitals, the figures Lighthouse's desktop run reports, read from Chromium's own performance
// entries on the home page and three list pages (props, code batches, players), 1440 × 900, no
// throttling, signed in: first contentful paint, largest contentful paint, total blocking time (the
// part over 50 ms of each long main-thread task after the first paint, until the page is quiet) and
// cumulative layout shift (the largest session window of shifts without recent input, as Chromium
// and Lighthouse count it). A full load each round; p50 and the worst round per page.
// Usage: npm run build && npx tsx bench/page-load.ts [--vitals] [rounds]   (WEB_DIST=<dist> compares a build)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { percentile, startServer } from './support.ts';

const { values: flags, positionals } = parseArgs({
  options: { vitals: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const ROUNDS = Number(positionals[0] ?? (flags.vitals ? 5 : 15));
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

/** The home page and the list pages the Lighthouse figures name. */
const VITAL_PAGES = [
  '/main/homepage/index',
  '/main/projectbase/projectbase-fe/game-prop-config',
  '/main/operation/ckdey-config',
  '/main/useraccount/userManage',
] as const;

interface Vitals {
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/**
 * Records the page's paints, long tasks and layout shifts from its start, in its own clock. Its
 * callbacks are unnamed: a named inner function gets a helper call from the TypeScript loader that
 * the page does not have.
 */
function watchVitals() {
  const w = window as unknown as {
    __vitals: { fcp?: number; lcp?: number; tasks: [number, number][]; shifts: [number, number][] };
  };
  w.__vitals = { tasks: [], shifts: [] };
  const v = w.__vitals;
  const takers: [string, (entry: PerformanceEntry) => void][] = [
    [
      'paint',
      (e) => {
        if (e.name === 'first-contentful-paint') v.fcp = e.startTime;
      },
    ],
    ['largest-contentful-paint', (e) => (v.lcp = e.startTime)],
    ['longtask', (e) => v.tasks.push([e.startTime, e.duration])],
    [
      'layout-shift',
      (e) => {
        const shift = e as PerformanceEntry & { value: number; hadRecentInput: boolean };
        if (!shift.hadRecentInput) v.shifts.push([shift.startTime, shift.value]);
      },
    ],
  ];
  for (const [type, take] of takers) {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true });
    } catch {
      /* not offered by this browser */
    }
  }
}

/** The vitals of the navigation just made, once the page has been quiet (no long task) for a second. */
async function vitals(page: Page): Promise<Vitals> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => {
    const v = (window as unknown as { __vitals: { tasks: [number, number][] } }).__vitals;
    const last = v.tasks.at(-1);
    return performance.now() - (last ? last[0] + last[1] : 0) > 1000;
  });
  return page.evaluate(() => {
    const v = (
      window as unknown as {
        __vitals: { fcp?: number; lcp?: number; tasks: [number, number][]; shifts: [number, number][] };
      }
    ).__vitals;
    // The observer's first paint, else the buffered entry (NaN: none reported).
    const fcp = v.fcp ?? performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
    const tbt = v.tasks
      .filter(([start]) => start >= (Number.isNaN(fcp) ? 0 : fcp))
      .reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
    // Session windows: shifts less than 1 s apart, at most 5 s long; the largest window counts.
    let cls = 0;
    let window_ = 0;
    let first = -Infinity;
    let previous = -Infinity;
    for (const [at, value] of v.shifts) {
      if (at - previous > 1000 || at - first > 5000) {
        window_ = 0;
        first = at;
      }
      window_ += value;
      previous = at;
      cls = Math.max(cls, window_);
    }
    return { fcp, lcp: v.lcp ?? NaN, tbt, cls };
  });
}

const summary = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0).padStart(5)} ms  p95 ${percentile(sorted, 95).toFixed(0).padStart(5)} ms`;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-page-load-'));
const { child, base } = await startServer(
  {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_PLAYERS: '1000',
    RATE_LIMIT_CONSOLE: '1000000',
    RATE_LIMIT_SIGN_IN: '1000000',
  },
  // The demo's first start seeds its data: slow on a busy machine.
  { waitSeconds: 400 },
);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ baseURL: base, viewport: { width: 1440, height: 900 } });
  await page.addInitScript(watchRows);
  if (flags.vitals) await page.addInitScript(watchVitals);
  await page.goto('/login?lang=zh');
  await page.locator('#username').fill('admin');
  await page.locator('#password').fill('Demo@12345');
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/main\/homepage\/index$/);

  if (flags.vitals) {
    console.log(
      `vitals, ${ROUNDS} rounds, 1440 × 900, p50 (worst) (${process.env.WEB_DIST ?? 'apps/web/dist'})`,
    );
    const middle = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      );
    const worst = (values: number[]) => Math.max(...values);
    for (const url of VITAL_PAGES) {
      const rounds: Vitals[] = [];
      // A first load fills the browser's cache, as Lighthouse's runs after a visit find it.
      await page.goto(url);
      await vitals(page);
      for (let round = 0; round < ROUNDS; round++) {
        await page.goto(url);
        rounds.push(await vitals(page));
      }
      const of = (key: keyof Vitals) => rounds.map((r) => r[key]);
      const ms = (key: keyof Vitals) =>
        `${middle(of(key)).toFixed(0).padStart(5)} (${worst(of(key)).toFixed(0).padStart(5)}) ms`;
      console.log(
        `${url.padEnd(52)} FCP ${ms('fcp')} · LCP ${ms('lcp')} · TBT ${ms('tbt')} · CLS ${middle(of('cls')).toFixed(3)} (${worst(of('cls')).toFixed(3)})`,
      );
    }
  } else {
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
      console.log(
        `${url.padEnd(52)} full load: request ${summary(full.request)} · rows ${summary(full.rows)}`,
      );
      all.fullRequest.push(...full.request);
      all.fullRows.push(...full.rows);
    }
    console.log(`all pages: full load: request ${summary(all.fullRequest)} · rows ${summary(all.fullRows)}`);
  }
} finally {
  await browser.close();
  child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
