// What a plain resource costs, in files (issue 24's figure: at most 10 besides its nine locale files),
// and, with `--duplicates`, the repeated code in `apps/` (non-boilerplate pairs per 1,000 lines).
//
//   node bench/resource-cost.mjs [resource] [--duplicates]
//
// The resource (default `holidays`) is counted from the tracked files: its own files (the server
// module's folder, the page's folder, the contracts file) and the shared files that name it (manifest,
// contracts index, catalogue, log targets…: one added line each), its locale files apart.
// `--duplicates` runs the `duplicates` tool over `apps/` (six or more shared lines) and divides the
// pairs it does not call boilerplate by the lines of the code files it reads.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const resource = args.find((a) => !a.startsWith('--')) ?? 'holidays';
const git = (...a) => execFileSync('git', a, { encoding: 'utf8', maxBuffer: 64 << 20 });
const tracked = git('ls-files').split('\n').filter(Boolean);

const LOCALE = new RegExp(`^apps/web/src/locales/[a-z]{2}/${resource}\\.json$`);
const own = tracked.filter(
  (f) =>
    f.startsWith(`apps/server/src/modules/${resource}/`) ||
    new RegExp(`^apps/web/src/pages/(.+/)?${resource}/`).test(f) ||
    new RegExp(`^packages/contracts/src/${resource}(\\.test)?\\.ts$`).test(f),
);
const locales = tracked.filter((f) => LOCALE.test(f));
// The shared files the recipe (docs/resources.md) has a resource add one line to, as far as they
// name it: the module list, the table list, the contracts export, the log targets, the catalogue.
// Files that merely use the resource (another module calling it) are not its cost.
const REGISTRIES = [
  'apps/server/src/manifest.ts',
  'apps/server/src/db/tables.ts',
  'packages/contracts/src/index.ts',
  'packages/contracts/src/operation-logs.ts',
  'packages/contracts/src/pages.ts',
];
const names = (f) => new RegExp(`\\b${resource}\\b`).test(readFileSync(f, 'utf8'));
const shared = REGISTRIES.filter(names);
// Its browser test and its generated migration (the SQL file that creates its table).
const tests = tracked.filter((f) => f === `e2e/${resource}.spec.ts`);
const migrations = tracked.filter(
  (f) =>
    /^apps\/server\/drizzle\/\d+_.*\.sql$/.test(f) &&
    readFileSync(f, 'utf8').includes(`CREATE TABLE "${resource}"`),
);

console.log(`resource: ${resource}`);
console.log(`own files (${own.length}):`);
for (const f of own) console.log(`  ${f}`);
console.log(`shared registries naming it (${shared.length}):`);
for (const f of shared) console.log(`  ${f}`);
console.log(`browser test: ${tests.join(', ') || 'none'}`);
console.log(
  `generated migration creating its table: ${migrations.join(', ') || 'none'} (shared with others)`,
);
console.log(`locale files: ${locales.length}`);
console.log(
  `files besides its locale files: ${own.length} own + ${tests.length} browser test = ${own.length + tests.length} new files; ` +
    `${shared.length} shared files get one line each`,
);

if (args.includes('--duplicates')) {
  const out = execFileSync('duplicates', ['--repo', 'apps', '--most', '200', '--seconds', '500'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  // Its first line: `N pairs of places (F files read), … (S by shape alone, B of those marked boilerplate)`.
  const head = out.split('\n')[0];
  const counts = /^(\d+) pairs of places \((\d+) files read\).*?(\d+) of those marked boilerplate/.exec(head);
  if (!counts) throw new Error(`unexpected answer from duplicates: ${head}`);
  const [pairs, read, boilerplate] = counts.slice(1).map(Number);
  // The files the tool reads (code; prose and data do not count): the tracked ones under apps/.
  const code = tracked.filter((f) => f.startsWith('apps/') && /\.(ts|tsx|mts|mjs|js|css|sql|html)$/.test(f));
  const lines = code.reduce((n, f) => n + readFileSync(f, 'utf8').split('\n').length, 0);
  console.log(`duplicates: ${head}`);
  for (const l of out.split('\n').filter((l) => /^(incomplete|left out):/.test(l))) console.log(l);
  console.log(`not boilerplate: ${pairs} - ${boilerplate} = ${pairs - boilerplate} pairs`);
  console.log(`code files: ${code.length} (the tool read ${read}), lines: ${lines}`);
  console.log(
    `non-boilerplate pairs per 1,000 lines: ${(((pairs - boilerplate) * 1000) / lines).toFixed(2)}`,
  );
}
