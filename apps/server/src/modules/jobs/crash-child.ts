// A server with a slow, idempotent job, run as a child process by the kill -9 test
// (jobs-restart.test.ts) and bench/jobs.ts. Not part of the server.
//
//   CRASH_MODE=start  : starts a job of CRASH_ITEMS items (each records its effect under a unique
//                       key, then takes CRASH_ITEM_MS) and a one-off schedule CRASH_SCHEDULE_MS ahead
//   CRASH_MODE=resume : the job (and the schedule) resume at start; waits for both to end
// The database: DATABASE_URL, else the embedded PostgreSQL in DATA_DIR. Prints one JSON line per event on stdout.
import { setTimeout as sleep } from 'node:timers/promises';
import { count, countDistinct, eq } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/index.ts';
import { cps } from '../../db/schema.ts';
import { jobItemEffects, jobs } from '../../db/jobs.ts';
import { seed } from '../../seed/index.ts';

const env = process.env;
const mode = env.CRASH_MODE ?? 'start';
const itemMs = Number(env.CRASH_ITEM_MS ?? 10);
const say = (line: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ ...line, t: Date.now() })}\n`);

const database = await openDatabase(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
);
await seed(database.db, { demo: false, adminPassword: 'Crash@12345', jwtSecret: 'crash-jwt' });
const app = await buildApp({
  database,
  ssoSecret: 'crash-sso',
  jwtSecret: 'crash-jwt',
  logLevel: 'silent',
  jobs: { pollingIntervalSeconds: 0.5, batchSize: Number(env.CRASH_BATCH ?? 20) },
});
app.jobs.defineJob('crash:slow', {
  async item(tx, _input, { job, seq }) {
    // A second run of the same item would break the unique key (and the item would fail).
    await tx.insert(jobItemEffects).values({ jobId: job.id, seq });
    if (itemMs > 0) await sleep(itemMs);
  },
});
app.jobs.defineTask('crash:mark', async (_payload, { db }) => {
  await db.insert(jobItemEffects).values({ jobId: -1, seq: 1 });
});
let announced = false;
let probed: Promise<unknown> = Promise.resolve();
/** Where the server listens (known once it does). */
let address = '';
app.events.subscribe((event) => {
  if (event.topic !== 'job') return;
  if (!announced && mode === 'resume' && event.data.status === 'running') {
    announced = true;
    say({ event: 'resumed', id: event.data.id, done: event.data.done });
    // The server answers while the resumed job runs (its batches take the jobs' connections).
    probed = fetch(`${address}/readyz`).then(
      (res) => say({ event: 'probe', status: res.status }),
      (err: unknown) => say({ event: 'probe', error: String(err) }),
    );
  }
  say({ event: 'progress', id: event.data.id, status: event.data.status, done: event.data.done });
});
// Listening, as the console does: the job left running resumes then (lib/jobs `resumeLeftWork`).
address = await app.listen({ port: 0, host: '127.0.0.1' });
say({ event: 'ready' });

if (mode === 'start') {
  const [cp] = await database.db.select({ id: cps.id }).from(cps).limit(1);
  const items = Array.from({ length: Number(env.CRASH_ITEMS ?? 200) }, (_, i) => ({ n: i }));
  const id = await app.jobs.create('crash:slow', { cpId: cp!.id, username: 'crash' }, { items });
  const at = new Date(Date.now() + Number(env.CRASH_SCHEDULE_MS ?? 3000));
  await app.jobs.scheduleAt('crash:mark', 'crash:once', at, {});
  say({ event: 'started', id, schedule_at: at.toISOString() });
  // Runs until killed.
} else {
  const [job] = await database.db.select().from(jobs).orderBy(jobs.id).limit(1);
  if (!job) throw new Error('no job to resume');
  // Bounded: the job and the one-off end (the one-off runs at start or at its moment). Nothing here
  // starts the job: the server resumed it by itself once it listened.
  for (let i = 0; i < 1200; i++) {
    const row = (await app.jobs.find(job.id))!;
    const schedule = await app.jobs.schedule('crash:once');
    if (row.status !== 'running' && row.status !== 'queued' && schedule?.status !== 'active') break;
    await sleep(100);
  }
  await probed;
  const row = (await app.jobs.find(job.id))!;
  const [effects] = await database.db
    .select({ n: count(), distinct: countDistinct(jobItemEffects.seq) })
    .from(jobItemEffects)
    .where(eq(jobItemEffects.jobId, job.id));
  const [marks] = await database.db
    .select({ n: count() })
    .from(jobItemEffects)
    .where(eq(jobItemEffects.jobId, -1));
  say({
    event: 'finished',
    id: job.id,
    status: row.status,
    total: row.total,
    done: row.done,
    failed: row.failed,
    effects: effects!.n,
    distinct: effects!.distinct,
    schedule: (await app.jobs.schedule('crash:once'))?.status,
    schedule_runs: marks!.n,
  });
  await app.close();
  process.exit(0);
}
