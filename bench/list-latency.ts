// Seeds 200,000 props into one game, then measures, with the server in its own process:
//  - p50/p95 latency of filtered, sorted list pages (sequential requests: latency, not throughput);
//  - the server's peak memory (VmHWM) across full CSV exports of growing size.
// On the embedded PostgreSQL in a new data folder, or in a new database on DATABASE_URL's server. Usage: npm run build && npx tsx bench/list-latency.ts
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/db/index.ts';
import { products } from '../apps/server/src/db/schema.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { BENCH_SECRETS as secrets, benchTarget, percentile, signIn, startServer } from './support.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const SAMPLES = 200;

async function prepare(target: DatabaseOptions): Promise<number> {
  const database = await openDatabase(target);
  await seed(database.db, { demo: true, jwtSecret: secrets.JWT_SECRET });
  const [product] = await database.db
    .select({ id: products.id, cp_id: products.cpId })
    .from(products)
    .orderBy(products.id)
    .limit(1);
  if (!product) throw new Error('the demo seed made no product');
  const started = Date.now();
  await database.db.execute(sql`
    insert into props (cp_id, product_id, code, name, type, rarity, stack_limit, expiry_days, tags, status)
    select ${product.cp_id}, ${product.id}, 'bench_' || g,
      jsonb_build_object('zh', (array['铁剑','金币','药水','宝石','头像框'])[1 + g % 5] || g, 'en', 'Item ' || g,
        'ja', '', 'th', '', 'vi', '', 'tl', '', 'id', '', 'ar', '', 'tc', ''),
      (array['currency','consumable','equipment','material','avatar'])[1 + g % 5],
      (array['common','uncommon','rare','epic','legendary','mythic'])[1 + g % 6],
      999, g % 30, '["bench"]'::jsonb, case when g % 10 = 0 then 'disabled' else 'active' end
    from generate_series(1, ${ROWS}) g`);
  await database.db.execute(sql`analyze props`);
  console.log(`  seeded ${ROWS.toLocaleString()} props in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await database.close();
  return product.id;
}

function peakRss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function measure(label: string, env: Record<string, string>, productId: number) {
  const { child, base } = await startServer(env);
  try {
    const token = await signIn(base);
    const headers = { authorization: `Bearer ${token}`, 'x-product-id': String(productId) };
    const shapes: [string, (i: number) => string][] = [
      [
        'type filter, sort -updated_at, deep pages',
        (i) => `type=equipment&sort=-updated_at&page=${1 + (i % 100)}&page_size=20`,
      ],
      [
        'keyword in names, sort code',
        (i) => `q=${encodeURIComponent('剑')}&sort=code&page=${1 + (i % 50)}&page_size=20`,
      ],
      [
        'rarity+status filter, sort -id',
        (i) => `rarity=epic&status=active&sort=-id&page=${1 + (i % 100)}&page_size=50`,
      ],
    ];
    for (const [name, query] of shapes) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < SAMPLES + 20; i++) {
        const started = performance.now();
        const res = await fetch(`${base}/api/v1/props?${query(i)}`, { headers });
        const body = (await res.json()) as { code: number; data: { total: number } };
        if (body.code !== 0) throw new Error(JSON.stringify(body));
        total = body.data.total;
        if (i >= 20) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${label.padEnd(10)} list: ${name.padEnd(42)} (${total.toLocaleString()} rows)  p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`,
      );
    }
    const before = peakRss(child.pid!);
    for (const [name, query] of [
      ['1 type (40,000 rows)', 'type=currency'],
      ['all rows (200,000)', ''],
      // Again: a peak that holds still shows nothing of the first export was kept.
      ['all rows, again', ''],
    ] as const) {
      const started = performance.now();
      const res = await fetch(`${base}/api/v1/props/export?format=csv&${query}`, { headers });
      let bytes = 0;
      for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength;
      console.log(
        `  ${label.padEnd(10)} CSV export of ${name.padEnd(22)} ${(bytes / 1024 / 1024).toFixed(1).padStart(6)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s; server peak RSS ${peakRss(child.pid!).toFixed(0)} MB (before exports ${before.toFixed(0)} MB)`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

console.log(`List latency and export memory, ${ROWS.toLocaleString()} props, ${os.cpus().length} cores`);
const target = await benchTarget('list');
try {
  const productId = await prepare(target.options);
  await measure(target.label, target.env, productId);
} finally {
  await target.drop();
}
