// `npm test`: every check and every test, then one closing line `N passed, N failed`.
// Lint, typecheck and build; unit and API tests, the API tests on a PostgreSQL server the run
// starts from the installed binaries (test/global-setup.ts), or on DATABASE_URL's when it is set;
// the browser tests in Chromium when /usr/bin/chromium (or CHROMIUM_PATH) exists, in its headless
// shell when /usr/bin/chromium-headless-shell does too (playwright.config.ts).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'console-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
// The names of failed tests and the first lines of why, printed again under the summary: a CI log
// keeps only its tail, and the failure itself may be thousands of lines above it.
const failures = [];
const summary = [];

/** A step's line in the closing summary. */
function record(name, ok, started, note = '') {
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s${note})`);
}

/** A check that is not a test runner counts as one test. */
function tally(ok) {
  if (ok) totals.passed++;
  else totals.failed++;
}

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  record(name, ok, started);
  return ok;
}

function check(name, command, args) {
  tally(step(name, command, args));
}

/**
 * Checks that each keep about one core busy (eslint, prettier, tsc) run side by side; each one's
 * output is printed whole when it ends, so they do not interleave.
 */
async function checksTogether(checks) {
  const started = Date.now();
  const results = await Promise.all(
    checks.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(String(error))));
          child.on('close', (status) => {
            console.log(`\n=== ${name}`);
            process.stdout.write(Buffer.concat(output));
            record(name, status === 0, started, ', beside the other checks');
            resolve(status === 0);
          });
        }),
    ),
  );
  results.forEach(tally);
}

function vitest(name, args, env = {}) {
  const out = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const ok = step(
    name,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...args],
    env,
  );
  count(out, ok, (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
    failures: r.testResults.flatMap((file) =>
      file.assertionResults
        .filter((t) => t.status === 'failed')
        .map((t) => ({
          name: `${path.relative(process.cwd(), file.name)} › ${t.fullName}`,
          message: t.failureMessages?.[0],
        })),
    ),
  }));
}

function count(file, ok, read) {
  if (!fs.existsSync(file)) {
    totals.failed++;
    return;
  }
  const n = read(JSON.parse(fs.readFileSync(file, 'utf8')));
  totals.passed += n.passed;
  totals.failed += n.failed + (ok || n.failed ? 0 : 1);
  totals.skipped += n.skipped;
  failures.push(...(n.failures ?? []));
}

// `npm run lint`'s two halves as two checks: eslint and prettier each keep one core busy, and side
// by side with tsc they fill the two cores until the last one ends.
await checksTogether([
  ['lint (eslint)', 'npm', ['run', 'lint:code', '--silent']],
  ['lint (prettier)', 'npm', ['run', 'lint:format', '--silent']],
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
]);
check('build', 'npm', ['run', 'build', '--silent']);
vitest(`unit and API tests (${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL'})`, []);

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (fs.existsSync(chromium)) {
  const out = path.join(tmp, 'e2e.json');
  const ok = step('browser tests (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  count(out, ok, (r) => ({
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
    skipped: r.stats.skipped,
    failures: playwrightFailures(r.suites),
  }));
} else {
  summary.push(
    `skip browser tests: no Chromium at ${chromium} (apt-get install chromium chromium-headless-shell)`,
  );
}

function playwrightFailures(suites = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected')
        .map((t) => ({
          name: `${suite.file} › ${spec.title}${t.projectName ? ` (${t.projectName})` : ''}`,
          message: t.results.at(-1)?.error?.message,
        })),
    ),
    ...playwrightFailures(suite.suites),
  ]);
}

for (const f of failures) {
  const why = (f.message ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .slice(0, 6)
    .join('\n    ');
  console.log(`\nfailed: ${f.name}\n    ${why}`);
}
console.log(`\n=== summary\n${summary.join('\n')}`);
if (totals.skipped) console.log(`${totals.skipped} skipped`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed ? 1 : 0);
