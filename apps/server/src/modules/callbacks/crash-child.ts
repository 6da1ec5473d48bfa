// A console server whose callback worker is on, run as a child process by the kill -9 test
// (callbacks-restart.test.ts). Not part of the server.
//
//   CRASH_MODE=change : adds an endpoint posting to CRASH_RECEIVER (subscribed to `order.paid`), then
//                       commits one change with its callback event; its worker delivers it (the test
//                       kills this process while the receiver holds that attempt unanswered)
//   CRASH_MODE=resume : starts on the same database; its worker sends what is due (the claim of the
//                       killed worker lapses after CRASH_LEASE_MS), then it reports the delivery
// The database: DATABASE_URL, else the embedded PostgreSQL in DATA_DIR. Prints one JSON line per event on stdout.
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/index.ts';
import { cps, products } from '../../db/schema.ts';
import { secretBox } from '../../lib/secret-box.ts';
import { seed } from '../../seed/index.ts';
import { callbackSettings } from './delivery.ts';
import { emitCallback } from './outbox.ts';
import { callbackDeliveries, callbackEndpoints, callbackEvents } from './tables.ts';

const env = process.env;
const mode = env.CRASH_MODE ?? 'change';
const JWT = 'crash-jwt';
const say = (line: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ ...line, t: Date.now() })}\n`);

// A claim lapses soon (the killed worker's attempt is due again after it); the fallback poll is
// short so a lapsed claim is seen without waiting 30 s.
Object.assign(callbackSettings, {
  leaseMs: Number(env.CRASH_LEASE_MS ?? 2_000),
  pollMs: 500,
  timeoutMs: 60_000,
});

const database = await openDatabase(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
);
await seed(database.db, { demo: false, adminPassword: 'Crash@12345', jwtSecret: JWT });
const app = await buildApp({ database, ssoSecret: 'crash-sso', jwtSecret: JWT, logLevel: 'silent' });
await app.listen({ port: 0, host: '127.0.0.1' });
say({ event: 'ready' });
const { db } = database;

/** The delivery of the one event, as stored. */
const delivery = async () => {
  const [row] = await db
    .select({
      status: callbackDeliveries.status,
      attempts: callbackDeliveries.attempts,
      public_id: callbackEvents.publicId,
    })
    .from(callbackDeliveries)
    .innerJoin(callbackEvents, eq(callbackEvents.id, callbackDeliveries.eventId));
  return row;
};

if (mode === 'change') {
  const [cp] = await db.select({ id: cps.id }).from(cps).limit(1);
  const [product] = await db
    .insert(products)
    .values({ cpId: cp!.id, code: 'crash', name: 'Crash', region: 'gn' })
    .returning({ id: products.id });
  const secret = 'whsec_crash_0123456789abcdefghij';
  await db.insert(callbackEndpoints).values({
    cpId: cp!.id,
    productId: product!.id,
    name: 'Crash receiver',
    url: env.CRASH_RECEIVER!,
    events: ['order.paid'],
    secretSealed: secretBox(JWT).seal(secret),
    secretHint: secret.slice(-4),
  });
  // The change and its event, in one transaction; the worker wakes when it commits.
  await db.transaction((tx) =>
    emitCallback(tx, {
      cpId: cp!.id,
      productId: product!.id,
      event: 'order.paid',
      data: { order: 'crash-1' },
    }),
  );
  say({ event: 'changed', ...(await delivery()) });
  // Runs until killed.
} else {
  // Bounded: until the delivery is recorded, then twice the lease more (a second send would show).
  for (let i = 0; i < 600; i++) {
    if ((await delivery())?.status !== 'pending') break;
    await sleep(100);
  }
  await sleep(2 * callbackSettings.leaseMs);
  say({ event: 'finished', ...(await delivery()) });
  await app.close();
  process.exit(0);
}
