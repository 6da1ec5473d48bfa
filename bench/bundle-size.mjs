// The JavaScript a browser loads before the first page of the console shell and of the sign-in
// page: the entry script of each HTML file and every chunk it preloads, raw and gzip.
// Usage: npm run build -w apps/web && node bench/bundle-size.mjs [--detail] [dist folder]
// (--detail lists every file counted; the folder defaults to apps/web/dist.)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags, positionals } = parseArgs({
  options: { detail: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const dist = path.resolve(positionals[0] ?? path.join(root, 'apps/web/dist'));
const TARGETS = { 'index.html': 190, 'login.html': 80 };
const NAMES = { 'index.html': 'console shell', 'login.html': 'sign-in page' };

/** Files an HTML page loads up front: module scripts, module preloads and stylesheets. */
function initialFiles(html) {
  const files = new Set();
  for (const match of html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="([^"]+)"/g)) {
    const tag = match[0];
    if (tag.startsWith('<link') && !/rel="(modulepreload|stylesheet)"/.test(tag)) continue;
    files.add(match[1].replace(/^\/main\//, ''));
  }
  return [...files];
}

const kib = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
let failed = false;
for (const page of Object.keys(TARGETS)) {
  const file = path.join(dist, page);
  if (!fs.existsSync(file)) {
    console.error(`${page} missing: build the web first (npm run build -w apps/web)`);
    process.exit(1);
  }
  const totals = { js: [0, 0], css: [0, 0] };
  const rows = [];
  for (const asset of initialFiles(fs.readFileSync(file, 'utf8'))) {
    const content = fs.readFileSync(path.join(dist, asset));
    const gzip = zlib.gzipSync(content, { level: 9 }).length;
    const kind = asset.endsWith('.css') ? 'css' : 'js';
    totals[kind][0] += content.length;
    totals[kind][1] += gzip;
    rows.push(`    ${kib(content.length)} KiB raw ${kib(gzip)} KiB gzip  ${asset}`);
  }
  const ok = totals.js[1] / 1024 <= TARGETS[page];
  failed ||= !ok;
  console.log(
    `${NAMES[page].padEnd(14)} initial JS ${kib(totals.js[0])} KiB raw ${kib(totals.js[1])} KiB gzip (target ≤ ${TARGETS[page]} KiB gzip: ${ok ? 'met' : 'MISSED'}); CSS ${kib(totals.css[1]).trim()} KiB gzip`,
  );
  if (flags.detail) console.log(rows.join('\n'));
}
process.exitCode = failed ? 1 : 0;
