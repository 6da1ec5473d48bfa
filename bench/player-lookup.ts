// The demo game's players at volume (DEMO_PLAYERS, 200,000 by default), then staff lookups through
// the API, with the server in its own process (sequential requests: latency, not throughput):
//  - how long the demo seed of the players takes (generate_series inside the database);
//  - p50/p95 of a lookup by openid, role id, device id, role-name prefix, and of a profile.
// On the embedded PostgreSQL in a new data folder, or in a new database on DATABASE_URL's server. Usage: npm run build && npx tsx bench/player-lookup.ts
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/db/index.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { queryRows } from '../apps/server/src/lib/rows.ts';
import { BENCH_SECRETS as secrets, benchTarget, percentile, signIn, startServer } from './support.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200_000);
const SAMPLES = 200;

interface Sample {
  product_id: number;
  openid: string;
  role_id: string;
  role_name: string;
  device_id: string;
}

/** Seeds the demo with its players, and draws players to look up (spread over the whole table). */
async function prepare(target: DatabaseOptions): Promise<Sample[]> {
  const database = await openDatabase(target);
  const started = Date.now();
  await seed(database.db, { demo: true, jwtSecret: secrets.JWT_SECRET, demoPlayers: PLAYERS });
  console.log(
    `  demo seed with ${PLAYERS.toLocaleString()} players (and a tenth for each other game) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await database.db.execute(sql`analyze`);
  const [counts] = await queryRows<Record<string, string>>(
    database.db,
    sql`select (select count(*) from players) as players, (select count(*) from player_roles) as roles,
      (select count(*) from player_logins) as logins, (select count(*) from player_orders) as orders`,
  );
  console.log(
    `  rows: ${Object.entries(counts!)
      .map(([k, v]) => `${k} ${Number(v).toLocaleString()}`)
      .join(', ')}`,
  );
  const samples = await queryRows<Sample>(
    database.db,
    sql`select p.product_id, p.openid, r.role_id, r.name as role_name, d.device_id
      from players p join player_roles r on r.player_id = p.id join player_devices d on d.player_id = p.id
      where p.product_id = (select min(id) from products) and p.id % ${Math.max(1, Math.floor(PLAYERS / SAMPLES))} = 0
      limit ${SAMPLES}`,
  );
  await database.close();
  return samples;
}

async function measure(label: string, env: Record<string, string>, samples: Sample[]) {
  const { child, base } = await startServer({ RATE_LIMIT_CONSOLE: '1000000', ...env });
  try {
    const token = await signIn(base);
    const headers = { authorization: `Bearer ${token}`, 'x-product-id': String(samples[0]!.product_id) };
    const shapes: [string, (s: Sample) => string][] = [
      ['by openid', (s) => `/api/v1/players?by=openid&q=${s.openid}`],
      ['by role id', (s) => `/api/v1/players?by=role_id&q=${s.role_id}`],
      ['by device id', (s) => `/api/v1/players?by=device_id&q=${s.device_id}`],
      [
        'by role name prefix',
        (s) => `/api/v1/players?by=role_name&q=${encodeURIComponent(s.role_name.slice(0, 8))}`,
      ],
      ['profile', (s) => `/api/v1/players/${s.openid}`],
    ];
    for (const [name, url] of shapes) {
      const times: number[] = [];
      for (let i = 0; i < samples.length + 10; i++) {
        const sample = samples[i % samples.length]!;
        const started = performance.now();
        const res = await fetch(base + url(sample), { headers });
        const body = (await res.json()) as { code: number; data: { total?: number; openid?: string } };
        if (body.code !== 0) throw new Error(`${name}: ${JSON.stringify(body)}`);
        if (body.data.total === 0) throw new Error(`${name}: ${sample.openid} not found`);
        if (i >= 10) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${label.padEnd(10)} ${name.padEnd(22)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms  (${times.length} lookups)`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

console.log(`Player lookups, ${PLAYERS.toLocaleString()} demo players, ${os.cpus().length} cores`);
const target = await benchTarget('players');
try {
  const samples = await prepare(target.options);
  await measure(target.label, target.env, samples);
} finally {
  await target.drop();
}
