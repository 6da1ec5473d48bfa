// Callback delivery (apps/server/src/modules/callbacks): the delay from a committed change to its
// signed delivery at a local receiver (the worker wakes on the commit's NOTIFY, not on a poll), and
// deliveries per second when BENCH_CALLBACKS events (5,000 by default) are written at once, and
// the worker's own rate on BENCH_CALLBACKS_DRAIN events (2,000) committed in one transaction.
// On the embedded PostgreSQL in a new data folder, or in a new database on DATABASE_URL's server.
// Usage: npx tsx bench/callbacks.ts
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import type { Database } from '../apps/server/src/db/index.ts';
import { secretBox } from '../apps/server/src/lib/secret-box.ts';
import { queryRows } from '../apps/server/src/lib/rows.ts';
import { callbackEndpoints, emitCallback } from '../apps/server/src/modules/callbacks/index.ts';
import { callbackSettings } from '../apps/server/src/modules/callbacks/delivery.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { withBenchDatabase, benchProduct } from './support.ts';

const EVENTS = Number(process.env.BENCH_CALLBACKS ?? 5_000);
/** Changes committed in one transaction for the worker's own rate (BENCH_CALLBACKS_DRAIN). */
const DRAIN = Number(process.env.BENCH_CALLBACKS_DRAIN ?? 2_000);
const LATENCY_SAMPLES = 100;
const machine = `${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`;
const machineNow = () => `${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function run(label: string, database: Database) {
  await seed(database.db, { demo: false, adminPassword: 'Bench@12345', jwtSecret: 'bench-jwt' });
  // The receiver: notes when each event arrives.
  const arrived = new Map<string, number>();
  let waiting: { count: number; resolve: () => void } | null = null;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrived.set(req.headers['idempotency-key'] as string, performance.now());
      res.writeHead(200).end();
      if (waiting && arrived.size >= waiting.count) waiting.resolve();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const app = await buildApp({ database, ssoSecret: 'bench-sso', jwtSecret: 'bench-jwt', logLevel: 'warn' });
  await app.ready();
  const { db } = database;
  try {
    const { cp, product } = await benchProduct(db);
    const secret = 'whsec_bench_0123456789abcdefghij';
    await db.insert(callbackEndpoints).values({
      cpId: cp.id,
      productId: product.id,
      name: 'Bench receiver',
      url,
      events: ['order.paid'],
      secretSealed: secretBox('bench-jwt').seal(secret),
      secretHint: secret.slice(-4),
    });
    const change = (n: number) => ({
      cpId: cp.id,
      productId: product.id,
      event: 'order.paid' as const,
      data: { order: n },
    });
    const lastEventId = async () =>
      (
        await queryRows<{ id: string }>(
          db,
          sql`select e.public_id as id from callback_events e order by e.id desc limit 1`,
        )
      )[0]!.id;

    // 1. Delay: one change at a time, from its commit to its arrival.
    const delays: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const done = new Promise<void>((resolve) => (waiting = { count: arrived.size + 1, resolve }));
      await db.transaction((tx) => emitCallback(tx, change(i)));
      const committed = performance.now();
      await done;
      delays.push(arrived.get(await lastEventId())! - committed);
    }
    delays.sort((a, b) => a - b);

    // 2. Throughput: EVENTS changes written at once (100 a transaction), until all arrived.
    const before = arrived.size;
    const all = new Promise<void>((resolve) => (waiting = { count: before + EVENTS, resolve }));
    const started = performance.now();
    for (let i = 0; i < EVENTS; i += 100)
      await db.transaction(async (tx) => {
        for (let j = i; j < Math.min(EVENTS, i + 100); j++) await emitCallback(tx, change(j));
      });
    const written = (performance.now() - started) / 1000;
    await all;
    const seconds = (performance.now() - started) / 1000;
    const [check] = await queryRows<{ delivered: number; attempts: number }>(
      db,
      sql`select count(*) filter (where status = 'delivered')::int as delivered, sum(attempts)::int as attempts
        from callback_deliveries`,
    );
    console.log(
      `${label}: change → delivery p50 ${percentile(delays, 50).toFixed(0)} ms, p95 ${percentile(delays, 95).toFixed(0)} ms, ` +
        `max ${delays[delays.length - 1]!.toFixed(0)} ms (${LATENCY_SAMPLES} changes one at a time; fallback poll ` +
        `30 s); ${EVENTS.toLocaleString()} events in ${seconds.toFixed(1)} s = ${Math.round(EVENTS / seconds)} deliveries/s ` +
        `(writing them took ${written.toFixed(1)} s of it; ${check!.delivered} recorded delivered in ${check!.attempts} attempts when the last arrived) [${machine}]`,
    );

    // 3. The worker alone: DRAIN changes committed in one transaction (the writer out of the way),
    // from that commit to the last arrival.
    const drainBefore = arrived.size;
    const drained = new Promise<void>((resolve) => (waiting = { count: drainBefore + DRAIN, resolve }));
    await db.transaction(async (tx) => {
      for (let j = 0; j < DRAIN; j++) await emitCallback(tx, change(EVENTS + j));
    });
    const committed = performance.now();
    await drained;
    const drainSeconds = (performance.now() - committed) / 1000;
    console.log(
      `${label}: ${DRAIN.toLocaleString()} events committed at once, all arrived ${drainSeconds.toFixed(1)} s after ` +
        `the commit = ${Math.round(DRAIN / drainSeconds)} deliveries/s (the worker alone: batches of ` +
        `${callbackSettings.batch}, ${callbackSettings.concurrency} at once) [${machineNow()}]`,
    );
  } finally {
    await app.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}

await withBenchDatabase('callbacks', (label, database) => run(label, database));
