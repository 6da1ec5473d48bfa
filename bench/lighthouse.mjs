// Lighthouse's own score (desktop preset, performance category) for the four pages, signed
// in: the home page and three list pages (props, code batches, players). The goals (issue 27):
// performance ≥ 95, TBT < 100 ms, CLS < 0.05.
//
// The built console runs on its own server (embedded database, demo data, as bench/page-load.ts
// starts it); Debian's Chromium (/usr/bin/chromium, CHROMIUM_PATH to change) runs with a
// remote-debugging port; the demo admin signs in through the sign-in page in that browser, then
// Lighthouse drives the same browser (its storage kept, so the run is signed in) for each page,
// RUNS times (default 3) after one warm-up load; it prints p50 of score, TBT, CLS, LCP and FCP, the
// worst score, and the heaviest findings of the median run (main-thread work, unused JavaScript,
// layout shifts) to say why a page misses a goal. --json=DIR keeps every report.
//
// Lighthouse is not a dependency of the project (large, and only this bench needs it): its node API
// is loaded from a temporary install of lighthouse@12.8.2 (engines: Node >= 18.16), made with npm on
// first use under $TMPDIR/lighthouse-12.8.2 (LIGHTHOUSE_DIR to choose the folder).
// Usage: npm run build && npm run bench:lighthouse [-- RUNS] [--json=DIR] [--pages=ckdey,userManage]
// (WEB_DIST=DIR serves another build of the web, for a before/after check in the same run).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { percentile, startServer } from './support.ts';

const LIGHTHOUSE_VERSION = '12.8.2';
const { values: flags, positionals } = parseArgs({
  options: { json: { type: 'string' }, pages: { type: 'string' } },
  allowPositionals: true,
});
const RUNS = Number(positionals[0] ?? 3);
/** The pages. */
const ALL_PAGES = [
  '/main/homepage/index',
  '/main/projectbase/projectbase-fe/game-prop-config',
  '/main/operation/ckdey-config',
  '/main/useraccount/userManage',
];
// `--pages=<part>,<part>`: only the pages whose address contains one of them (a before/after check).
const PAGES = flags.pages
  ? ALL_PAGES.filter((page) => flags.pages.split(',').some((part) => page.includes(part)))
  : ALL_PAGES;
const GOALS = { score: 95, tbt: 100, cls: 0.05 };

/** Lighthouse's node API from its temporary install, installed first when missing. */
async function loadLighthouse() {
  const dir = process.env.LIGHTHOUSE_DIR ?? path.join(os.tmpdir(), `lighthouse-${LIGHTHOUSE_VERSION}`);
  const main = path.join(dir, 'node_modules/lighthouse/core/index.js');
  if (!fs.existsSync(main)) {
    console.log(`installing lighthouse@${LIGHTHOUSE_VERSION} into ${dir} (once)…`);
    fs.mkdirSync(dir, { recursive: true });
    const npm = spawnSync(
      'npm',
      [
        'install',
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--prefix',
        dir,
        `lighthouse@${LIGHTHOUSE_VERSION}`,
      ],
      { stdio: 'inherit' },
    );
    if (npm.status !== 0) throw new Error('npm could not install lighthouse');
  }
  const { default: lighthouse } = await import(pathToFileURL(main).href);
  // The puppeteer-core Lighthouse itself uses, to hand it a tab brought to the front.
  const { default: puppeteer } = await import(
    pathToFileURL(path.join(dir, 'node_modules/puppeteer-core/lib/esm/puppeteer/puppeteer-core.js')).href
  );
  const { default: desktopConfig } = await import(
    pathToFileURL(path.join(dir, 'node_modules/lighthouse/core/config/desktop-config.js')).href
  );
  return { lighthouse, desktopConfig, puppeteer };
}

/** Starts Chromium with a remote-debugging port and answers it once the port answers. */
async function startChromium(profileDir) {
  const port = 9300 + Math.floor(Math.random() * 500);
  const browser = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profileDir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--no-default-browser-check',
      '--window-size=1350,940',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 300 && browser.exitCode === null; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { browser, port };
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  browser.kill();
  throw new Error('Chromium did not open its debugging port');
}

/** The audits that say where a page's time went, heaviest first: id and its display value. */
function findings(lhr) {
  const ids = [
    'mainthread-work-breakdown',
    'bootup-time',
    'unused-javascript',
    'render-blocking-resources',
    'layout-shifts',
    'long-tasks',
    'total-byte-weight',
  ];
  return ids
    .map((id) => lhr.audits[id])
    .filter((audit) => audit && audit.displayValue)
    .map((audit) => `${audit.id}: ${audit.displayValue}`);
}

const middle = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

const { lighthouse, desktopConfig, puppeteer } = await loadLighthouse();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-chromium-'));
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
const { browser, port } = await startChromium(profileDir);
try {
  // Sign in through the page in the browser's default context, the one Lighthouse's tabs open in.
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await cdp.contexts()[0].newPage();
  await page.goto(`${base}/login?lang=zh`);
  await page.locator('#username').fill('admin');
  await page.locator('#password').fill('Demo@12345');
  await page.locator('button[type=submit]').click();
  // The first start of the console (its first page's bundles) is slow on a busy machine.
  await page.waitForURL(/\/main\/homepage\/index$/, { timeout: 180_000 });
  await page.close();
  // Playwright lets go of the browser (it stays up): Lighthouse alone drives its tabs.
  await cdp.close();

  if (flags.json) fs.mkdirSync(flags.json, { recursive: true });
  console.log(
    `lighthouse ${LIGHTHOUSE_VERSION}, desktop preset, performance, signed in as admin (zh); p50 of ${RUNS} runs (worst score); load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  let missed = 0;
  for (const url of PAGES) {
    const runs = [];
    for (let run = -1; run < RUNS; run++) {
      // A tab of its own in front: a background tab may never paint (Lighthouse's NO_FCP).
      const driver = await puppeteer.connect({
        browserURL: `http://127.0.0.1:${port}`,
        defaultViewport: null,
      });
      const tab = await driver.newPage();
      await tab.bringToFront();
      const result = await lighthouse(
        `${base}${url}`,
        {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          // Keep the sign-in (its tokens are in the origin's storage).
          disableStorageReset: true,
          // A busy machine paints late: Lighthouse's 30 s would end the run (NO_FCP), not measure it.
          maxWaitForFcp: 120_000,
          maxWaitForLoad: 180_000,
        },
        desktopConfig,
        tab,
      );
      await tab.close();
      await driver.disconnect();
      // The first load fills the browser's cache, as staff find it on every visit after their first.
      if (run < 0) continue;
      const lhr = result.lhr;
      if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
      if (lhr.finalDisplayedUrl.includes('/login')) throw new Error(`${url}: not signed in`);
      runs.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        tbt: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        fcp: lhr.audits['first-contentful-paint'].numericValue,
        lhr,
      });
      if (flags.json) {
        const name = `${url.replaceAll('/', '_').replace(/^_/, '')}-${run + 1}.json`;
        fs.writeFileSync(path.join(flags.json, name), result.report);
      }
    }
    const of = (key) => runs.map((r) => r[key]);
    const score = middle(of('score'));
    const tbt = middle(of('tbt'));
    const cls = middle(of('cls'));
    const meets = score >= GOALS.score && tbt < GOALS.tbt && cls < GOALS.cls;
    if (!meets) missed++;
    console.log(
      `${url.padEnd(52)} score ${String(score).padStart(3)} (worst ${Math.min(...of('score'))}) · TBT ${tbt.toFixed(0).padStart(4)} ms · CLS ${cls.toFixed(3)} · LCP ${middle(of('lcp')).toFixed(0).padStart(5)} ms · FCP ${middle(of('fcp')).toFixed(0).padStart(5)} ms ${meets ? 'ok' : 'MISSES'}`,
    );
    // The median run's findings: where the main thread went, what JavaScript went unused, what shifted.
    const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
    for (const line of findings(median.lhr)) console.log(`    ${line}`);
  }
  console.log(
    `${PAGES.length - missed} of ${PAGES.length} pages meet the goals (score ≥ ${GOALS.score}, TBT < ${GOALS.tbt} ms, CLS < ${GOALS.cls}); load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  browser.kill();
  child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(profileDir, { recursive: true, force: true });
}
