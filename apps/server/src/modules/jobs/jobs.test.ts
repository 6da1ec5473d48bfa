import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { jobItemEffects, jobs, schedules } from '../../db/jobs.ts';
import type { LiveEvent } from '../../lib/events.ts';
import { JOB_KINDS, JOB_SORTS, type ImportAnswer } from '@rx/contracts';
import { useTestApp } from '../../../test/index.ts';
import { bearer, body, signInAs } from '../../../test/helpers.ts';
import { sweepJobs } from './retention.ts';
import { importProps, propRow, propsAdmin, propsCsv, propsNamed } from '../../../test/prop-sheets.ts';

const t = useTestApp({ as: null });
let users: Record<
  'admin' | 'ops' | 'cs' | 'hw',
  { token: string; id: number; cpId: number; username: string }
>;

beforeAll(async () => {
  const entries = await Promise.all(
    (
      [
        ['admin', 'admin'],
        ['ops', 'ops_gn'],
        ['cs', 'cs_agent'],
        ['hw', 'ops_hw'],
      ] as const
    ).map(async ([name, username]) => {
      const { user } = await signInAs(t.app, username);
      return [
        name,
        { token: user.access_token, id: Number(user.id), cpId: Number(user.cpid), username },
      ] as const;
    }),
  );
  users = Object.fromEntries(entries) as typeof users;
  // A task whose items record their effect under a unique key: doing one twice would fail.
  t.app.jobs.defineJob('test:effect', {
    async item(tx, input, { job, seq }) {
      const { fail } = input as { fail?: boolean };
      if (fail && !(job.params as { fixed?: boolean }).fixed) throw new Error(`item ${seq} refused`);
      await tx.insert(jobItemEffects).values({ jobId: job.id, seq });
      return { seq };
    },
  });
});

function owner(user: (typeof users)['ops']) {
  return { cpId: user.cpId, userId: user.id, username: user.username };
}

async function effects(jobId: number) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(jobItemEffects)
    .where(eq(jobItemEffects.jobId, jobId));
  return row!.n;
}

interface JobAnswer {
  id: number;
  status: string;
  total: number;
  done: number;
  failed: number;
  username: string;
}

it('names every kind of job the modules define (besides imports) in the contracts, so the console can label it', async () => {
  await t.app.ready();
  const defined = t.app.jobs
    .definedKinds()
    .filter((kind) => !kind.startsWith('import:') && !kind.startsWith('test:'));
  expect(defined.filter((kind) => !(JOB_KINDS as readonly string[]).includes(kind))).toEqual([]);
});

describe('background jobs', () => {
  it('runs a job of items to the end with progress and per-item results', async () => {
    const seen: LiveEvent[] = [];
    const off = t.app.events.subscribe((event) => {
      if (event.topic === 'job') seen.push(event);
    });
    const items = Array.from({ length: 250 }, (_, i) => ({ n: i, fail: i % 50 === 7 }));
    const id = await t.app.jobs.create('test:effect', owner(users.ops), { items });
    await t.app.jobs.runJob(id);
    off();
    const job = body<JobAnswer>(
      await t.app.inject({ url: `/api/v1/jobs/${id}`, headers: bearer(users.ops.token) }),
    ).data;
    expect(job).toMatchObject({ status: 'failed', total: 250, done: 245, failed: 5, username: 'ops_gn' });
    expect(await effects(id)).toBe(245);
    const mine = seen.filter((e) => e.topic === 'job' && e.data.id === id);
    expect(mine.at(-1)).toMatchObject({ userId: users.ops.id, data: { status: 'failed', done: 245 } });
    expect(mine.some((e) => e.topic === 'job' && e.data.status === 'running')).toBe(true);

    const failed = body<{ list: { seq: number; status: string; message: string }[]; total: number }>(
      await t.app.inject({
        url: `/api/v1/jobs/${id}/items?status=error&page_size=50`,
        headers: bearer(users.ops.token),
      }),
    ).data;
    expect(failed.total).toBe(5);
    expect(failed.list[0]).toMatchObject({ seq: 8, status: 'error', message: 'item 8 refused' });

    const csv = await t.app.inject({
      url: `/api/v1/jobs/${id}/result?format=csv`,
      headers: bearer(users.ops.token),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('seq,status,message,input,output');
    expect(lines).toHaveLength(251);
    expect(lines[8]).toMatch(/^8,error,item 8 refused,/);
    const xlsx = await t.app.inject({
      url: `/api/v1/jobs/${id}/result?format=xlsx`,
      headers: bearer(users.ops.token),
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('retries the failed items only, and each item is done once', async () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ n: i, fail: i === 3 || i === 20 }));
    const id = await t.app.jobs.create('test:effect', owner(users.ops), { items });
    await t.app.jobs.runJob(id);
    expect((await t.app.jobs.find(id))!).toMatchObject({ status: 'failed', done: 28, failed: 2 });
    // The cause is fixed; the retry runs the two failed items, not the 28 done ones.
    await t.database.db
      .update(jobs)
      .set({ params: { fixed: true } })
      .where(eq(jobs.id, id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${id}/retry`,
      headers: bearer(users.ops.token),
    });
    expect(res.statusCode).toBe(200);
    await t.app.jobs.runJob(id);
    expect((await t.app.jobs.find(id))!).toMatchObject({ status: 'succeeded', done: 30, failed: 0 });
    expect(await effects(id)).toBe(30);
    // Nothing failed any more: a second retry is refused.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${id}/retry`,
      headers: bearer(users.ops.token),
    });
    expect(again.statusCode).toBe(422);
  });

  it('cancels a job: it stops between batches and its remaining items stay pending', async () => {
    // A kind this server does not know yet: the job waits queued.
    const id = await t.app.jobs.create('test:later', owner(users.ops), {
      items: Array.from({ length: 10 }, (_, i) => ({ n: i })),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${id}/cancel`,
      headers: bearer(users.ops.token),
    });
    expect(res.statusCode).toBe(200);
    expect(body<JobAnswer>(res).data.status).toBe('cancelled');
    t.app.jobs.defineJob('test:later', { item: async () => ({}) });
    await t.app.jobs.runJob(id);
    const pending = body<{ total: number }>(
      await t.app.inject({
        url: `/api/v1/jobs/${id}/items?status=pending`,
        headers: bearer(users.ops.token),
      }),
    ).data.total;
    expect(pending).toBe(10);
    expect((await t.app.jobs.find(id))!.status).toBe('cancelled');
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${id}/cancel`,
      headers: bearer(users.ops.token),
    });
    expect(twice.statusCode).toBe(422);

    // Cancelled while running: the batch that sees it is the last.
    t.app.jobs.defineJob('test:stop-at', {
      async item(tx, input, { job, seq }) {
        if (seq === 150) await tx.update(jobs).set({ status: 'cancelled' }).where(eq(jobs.id, job.id));
        return input;
      },
    });
    const running = await t.app.jobs.create('test:stop-at', owner(users.ops), {
      items: Array.from({ length: 1000 }, (_, i) => i),
    });
    await t.app.jobs.runJob(running);
    const stopped = (await t.app.jobs.find(running))!;
    expect(stopped.status).toBe('cancelled');
    expect(stopped.done).toBe(200);
    // Retrying a cancelled job runs what was left.
    await t.app.jobs.retry(running);
    await t.app.jobs.runJob(running);
    expect((await t.app.jobs.find(running))!).toMatchObject({ status: 'succeeded', done: 1000 });
  });

  it("shows a user their own jobs, a CP admin all of the CP's, and never another CP's", async () => {
    const id = await t.app.jobs.create('test:effect', owner(users.ops), { items: [{ n: 1 }] });
    await t.app.jobs.runJob(id);
    const ids = async (token: string, query = '') =>
      body<{ list: JobAnswer[]; total: number }>(
        await t.app.inject({ url: `/api/v1/jobs${query}`, headers: bearer(token) }),
      ).data.list.map((j) => j.id);
    expect(await ids(users.ops.token)).toContain(id);
    expect(await ids(users.admin.token)).toContain(id);
    expect(await ids(users.admin.token, '?mine=1')).not.toContain(id);
    expect(await ids(users.cs.token)).not.toContain(id);
    expect(await ids(users.hw.token)).not.toContain(id);
    expect(await ids(users.ops.token, '?status=succeeded&kind=test:effect')).toContain(id);
    expect(await ids(users.ops.token, '?status=failed')).not.toContain(id);
    // Each declared sort answers both ways; ids order by id; a field not declared is refused.
    for (const field of JOB_SORTS) {
      for (const sort of [field, `-${field}`])
        expect(await ids(users.admin.token, `?sort=${sort}`)).toContain(id);
    }
    const byId = await ids(users.admin.token, '?sort=-id&page_size=100');
    expect(byId).toEqual([...byId].sort((a, b) => b - a));
    const refused = await t.app.inject({
      url: '/api/v1/jobs?sort=colour',
      headers: bearer(users.admin.token),
    });
    expect(body(refused).code).toBe(400001);
    for (const who of [users.cs, users.hw]) {
      for (const path of ['', '/items', '/result']) {
        const res = await t.app.inject({ url: `/api/v1/jobs/${id}${path}`, headers: bearer(who.token) });
        expect(res.statusCode, `${who.username} ${path}`).toBe(404);
      }
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/v1/jobs/${id}/retry`,
        headers: bearer(who.token),
      });
      expect(cancel.statusCode).toBe(404);
    }
    const admin = await t.app.inject({ url: `/api/v1/jobs/${id}`, headers: bearer(users.admin.token) });
    expect(admin.statusCode).toBe(200);
    const anonymous = await t.app.inject({ url: '/api/v1/jobs' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('schedules', () => {
  it('runs a one-off whose moment has passed at once, exactly once, with its writes in its transaction', async () => {
    const fired: unknown[] = [];
    t.app.jobs.defineTask('test:mark', async (payload, { db, key }) => {
      fired.push(payload);
      await db.insert(jobItemEffects).values({ jobId: -7, seq: key.length });
    });
    await t.app.jobs.scheduleAt('test:mark', 'mark:past', new Date(Date.now() - 1000), { n: 1 });
    for (let i = 0; i < 200 && (await t.app.jobs.schedule('mark:past'))!.status === 'active'; i++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await t.app.jobs.schedule('mark:past'))!).toMatchObject({ status: 'done', runs: 1 });
    expect(fired).toEqual([{ n: 1 }]);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(jobItemEffects)
      .where(and(eq(jobItemEffects.jobId, -7)));
    expect(row!.n).toBe(1);
  });

  it('runs a recurring task outside any transaction: one reading through the app database finishes', async () => {
    // The task runs outside the schedule's transaction: a read through the app's database sees committed rows.
    let seen = -1;
    t.app.jobs.defineTask('test:sweep', async () => {
      const [row] = await t.database.db.select({ n: count() }).from(schedules);
      seen = row!.n;
    });
    await t.app.jobs.scheduleCron('test:sweep', 'sweep:cron', '0 3 * * *', 'UTC', {});
    await t.app.jobs.runNow('sweep:cron');
    expect(seen).toBeGreaterThan(0);
    expect((await t.app.jobs.schedule('sweep:cron'))!).toMatchObject({ runs: 1, lastError: null });
    await t.app.jobs.unschedule('sweep:cron');
  });

  it('keeps a future one-off and a cron with its next run, and unschedules them', async () => {
    const at = new Date(Date.now() + 3600_000);
    await t.app.jobs.scheduleAt('test:mark', 'mark:future', at, {});
    expect((await t.app.jobs.schedule('mark:future'))!).toMatchObject({ status: 'active', runAt: at });
    await t.app.jobs.scheduleCron('test:mark', 'mark:cron', '0 10 * * *', 'Asia/Shanghai', {});
    const cron = (await t.app.jobs.schedule('mark:cron'))!;
    expect(cron).toMatchObject({ status: 'active', cron: '0 10 * * *', tz: 'Asia/Shanghai' });
    // 10:00 in Shanghai is 02:00 UTC.
    expect(cron.nextRunAt!.toISOString()).toMatch(/T02:00:00\.000Z$/);
    expect(await t.app.jobs.unschedule('mark:future')).toBe(true);
    expect(await t.app.jobs.unschedule('mark:cron')).toBe(true);
    expect(await t.app.jobs.unschedule('mark:cron')).toBe(false);
    const [active] = await t.database.db
      .select({ n: count() })
      .from(schedules)
      .where(and(sql`${schedules.key} like 'mark:%'`, eq(schedules.status, 'active')));
    expect(active!.n).toBe(0);
  });
});

describe('imports as jobs', () => {
  it(
    'answers a file of more than 1,000 rows with a job whose summary is the diff',
    { timeout: 120_000 },
    async () => {
      const { api } = await propsAdmin(t);
      const rows = Array.from({ length: 1001 }, (_, i) => propRow(`job_${i}`, `任务 ${i}`));
      const dry = await importProps(api, '?dry_run=1', propsCsv(rows));
      expect(dry.statusCode).toBe(202);
      const { job_id: dryId } = body<{ job_id: number }>(dry).data;
      await t.app.jobs.runJob(dryId);
      const done = body<JobAnswer & { summary: ImportAnswer; kind: string }>(
        await api.get(`/api/v1/jobs/${dryId}`),
      ).data;
      expect(done).toMatchObject({
        kind: 'import:props',
        status: 'succeeded',
        total: 1001,
        done: 1001,
        failed: 0,
      });
      expect(done.summary.dry_run).toBe(true);
      expect(done.summary.create).toHaveLength(1001);
      expect(done.summary.create[0]).toMatchObject({ row: 2, key: 'job_0' });
      expect(await propsNamed(t, ['job_0', 'job_1000'])).toHaveLength(0);
      // The list is light: no job's file cells, no diff (the job itself has it).
      const listed = body<{ list: (JobAnswer & { summary: unknown })[] }>(
        await api.get('/api/v1/jobs?mine=1'),
      );
      const row = listed.data.list.find((j) => j.id === dryId)!;
      expect(row.summary).toBeNull();
      expect(JSON.stringify(row)).not.toContain('job_1000');

      // A real run with one bad row: all or nothing, the job fails with the row's error.
      rows[500] = propRow('job_500', '');
      const bad = await importProps(api, '', propsCsv(rows));
      expect(bad.statusCode).toBe(202);
      const badId = body<{ job_id: number }>(bad).data.job_id;
      await t.app.jobs.runJob(badId);
      const failed = body<JobAnswer & { summary: ImportAnswer }>(await api.get(`/api/v1/jobs/${badId}`)).data;
      expect(failed).toMatchObject({ status: 'failed', failed: 1 });
      expect(failed.summary.errors[0]).toMatchObject({ row: 502, field: 'name.zh' });
      expect(await propsNamed(t, ['job_0'])).toHaveLength(0);
      const errors = body<{ list: { status: string; message: string }[] }>(
        await api.get(`/api/v1/jobs/${badId}/items?status=error`),
      ).data.list;
      expect(errors).toHaveLength(1);
      expect(errors[0]!.message).toMatch(/^name\.zh: /);

      // valid_only applies the others.
      const valid = await importProps(api, '?valid_only=1', propsCsv(rows));
      const validId = body<{ job_id: number }>(valid).data.job_id;
      await t.app.jobs.runJob(validId);
      const applied = body<JobAnswer & { summary: ImportAnswer }>(
        await api.get(`/api/v1/jobs/${validId}`),
      ).data;
      expect(applied.summary.create).toHaveLength(1000);
      expect(applied.summary.skipped).toEqual([502]);
      expect(await propsNamed(t, ['job_0', 'job_1000', 'job_500'])).toHaveLength(2);
    },
  );

  it('keeps a small import synchronous', async () => {
    const { api } = await propsAdmin(t);
    const res = await importProps(api, '?dry_run=1', propsCsv([propRow('small_1', '小')]));
    expect(res.statusCode).toBe(200);
    expect(body<ImportAnswer>(res).data.create).toHaveLength(1);
  });
});

describe('retention', () => {
  it('sweeps finished jobs (items first) and run one-offs past the window; keeps the rest', async () => {
    const db = t.database.db;
    const items = Array.from({ length: 12 }, (_, i) => ({ n: i }));
    const [oldOne, recent] = await Promise.all(
      [0, 1].map(() => t.app.jobs.create('test:effect', owner(users.ops), { items })),
    );
    await t.app.jobs.runJob(oldOne!);
    await t.app.jobs.runJob(recent!);
    await db.execute(sql`update jobs set finished_at = now() - interval '91 days' where id = ${oldOne}`);
    // A job of a kind nobody runs, started 91 days ago and still running: never swept.
    const [running] = await db
      .insert(jobs)
      .values({
        cpId: users.ops.cpId,
        kind: 'test:nobody',
        status: 'running',
        createdAt: new Date(Date.now() - 91 * 86_400_000),
      })
      .returning({ id: jobs.id });
    const [oneOff] = await db
      .insert(schedules)
      .values({ kind: 'test:none', key: `retention-${Date.now()}`, runAt: new Date(), status: 'done' })
      .returning();
    await db.execute(
      sql`update schedules set updated_at = now() - interval '91 days' where id = ${oneOff!.id}`,
    );

    const swept = await sweepJobs(db, 90);
    expect(swept.jobs).toBeGreaterThanOrEqual(1);
    expect(swept.items).toBeGreaterThanOrEqual(12);
    expect(swept.schedules).toBeGreaterThanOrEqual(1);
    expect(await t.app.jobs.find(oldOne!)).toBeFalsy();
    const [left] = await db
      .execute<{ n: number }>(sql`select count(*)::int as n from job_items where job_id = ${oldOne}`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(Number(left!.n)).toBe(0);
    expect(await t.app.jobs.find(recent!)).toMatchObject({ status: 'succeeded' });
    expect(await t.app.jobs.find(running!.id)).toMatchObject({ status: 'running' });
    expect(await db.select().from(schedules).where(eq(schedules.id, oneOff!.id))).toEqual([]);
    // The sweep is a daily recurring task.
    const [cron] = await db.select().from(schedules).where(eq(schedules.key, 'jobs:retention'));
    expect(cron).toMatchObject({ cron: '50 3 * * *', status: 'active' });
  });
});
