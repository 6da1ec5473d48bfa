import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests: the built console on its own port and a fresh embedded PostgreSQL with demo data,
 * driven in Debian's Chromium (never a downloaded browser).
 */
const port = Number(process.env.E2E_PORT ?? 3310);
// Chromium's headless shell (Debian's chromium-headless-shell), which Playwright itself uses for
// headless runs: the same Blink and V8 without the full browser's UI processes, and a sixth less of
// the browser tests' time on two cores. The full browser when a run shows its window (the workers
// that launch it load this file again without the runner's arguments, so the runner tells them).
const headed =
  !!process.env.E2E_HEADED ||
  !!process.env.PWDEBUG ||
  process.argv.some((a) => ['--headed', '--ui', '--debug'].includes(a));
if (headed) process.env.E2E_HEADED = '1';
const shell = '/usr/bin/chromium-headless-shell';
const executablePath =
  process.env.CHROMIUM_PATH ?? (!headed && fs.existsSync(shell) ? shell : '/usr/bin/chromium');
const dataDir = path.join(os.tmpdir(), `console-e2e-${process.pid}`);

export default defineConfig({
  testDir: 'e2e',
  // Generous waits, never fixed sleeps: CI machines are busy two-core boxes where a save can take
  // seconds. One retry keeps a run from failing on a single stall; the report names it flaky.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 1,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // Staff's "reduce motion" system setting: the console then skips antd's animations, and each
    // test waits on no drawer, menu or message animating in or out.
    contextOptions: { reducedMotion: 'reduce' },
    // A trace is recorded on a failed test's retry only: recording every test's every step (DOM
    // snapshots, screenshots) cost a quarter of the run.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM, not the default SIGKILL: the console stops its embedded PostgreSQL, and the script
    // removes the run's data folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      // The browser connects from loopback: tests may set their own X-Forwarded-For address.
      TRUST_PROXY: 'loopback',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      // Enough players to page and search; the full 200,000 is for the benchmark.
      DEMO_PLAYERS: '3000',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  },
});
