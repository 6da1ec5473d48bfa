import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PushTask, PushTaskCreate, PushTaskStats } from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { setPartyPolicy } from '../../lib/outside/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { fakeFcm } from '../outside-parties/index.ts';
import { dueFor, wallAt, wallToInstant } from './local-time.ts';
import { bucketSql } from '../user-groups/index.ts';
import { pushBucketOf, pushBucketSalt, queueDeferred, variantOf } from './send.ts';

// Push timing and variants through HTTP: a local time in each player's own zone, quiet hours in it
// (deferred to their end, or dropped), A/B variants on fixed buckets with stats per variant and day.

const t = useTestApp({ gameKey: 'push' });
const admin = t.admin;
const tag = Math.random().toString(36).slice(2, 8);
const minute = 60_000;

async function tokenOf(openid: string, timeZone = ''): Promise<string> {
  const token = `tok_${openid}_${Math.random().toString(36).slice(2, 10)}`;
  const res = await t.signedCall(t.key, 'POST', '/api/game/v1/push/tokens', {
    openid,
    platform: 'android',
    provider: 'fcm',
    token,
    time_zone: timeZone,
  });
  expect(res.statusCode, res.body).toBe(200);
  return token;
}
async function draft(fields: Partial<PushTaskCreate>): Promise<PushTask> {
  const res = await admin.post('/api/v1/push-tasks', {
    name: `timing ${Math.random().toString(36).slice(2, 8)}`,
    title: { zh: '基础', en: 'Base' },
    body: { zh: '正文', en: 'Body' },
    target: 'all',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<PushTask>(res).data;
}
const get = async (id: number) => body<PushTask>(await admin.get(`/api/v1/push-tasks/${id}`)).data;
const stats = async (id: number) =>
  body<PushTaskStats>(await admin.get(`/api/v1/push-tasks/${id}/stats`)).data;
async function sent(task: PushTask): Promise<PushTask> {
  const res = await admin.post(`/api/v1/push-tasks/${task.id}/send`, { version: task.version, reason: '' });
  expect(res.statusCode, res.body).toBe(200);
  const moved = body<PushTask>(res).data;
  if (moved.job_id !== null) await t.app.jobs.runJob(moved.job_id);
  return get(task.id);
}
const deliveries = (taskId: number) =>
  queryRows<{ openid: string; state: string; reason: string; variant: string; due_at: Date | string | null }>(
    t.database.db,
    sql`select openid, state, reason, variant, due_at from push_deliveries where task_id = ${taskId}::int order by openid`,
  );
const fakeSends = (taskId: number) => fakeFcm().sent.filter((s) => s.key.startsWith(`push:${taskId}:`));
/** Time passes for a task's deferred pushes: they are due now; the one-off's wave runs. */
async function wave(taskId: number): Promise<void> {
  await t.database.db.execute(
    sql`update push_deliveries set due_at = now() - interval '1 second' where task_id = ${taskId}::int and state = 'deferred'`,
  );
  const jobId = await t.database.db.transaction((tx) => queueDeferred(tx, taskId));
  expect(jobId).not.toBeNull();
  await t.app.jobs.runJob(jobId!);
}
/** Quiet hours around now in a zone: from the hour's start to an hour after it (not around now elsewhere 12 h away). */
function quietNow(zone: string) {
  const hour = Number(wallAt(new Date(), zone).slice(11, 13));
  const pad = (h: number) => String(h % 24).padStart(2, '0') + ':00';
  return { start: pad(hour), end: pad(hour + 1) };
}

describe('local time and quiet hours (pure)', () => {
  it('reads a wall-clock moment in a zone, across DST', () => {
    expect(wallToInstant('2026-07-01T09:00', 'Asia/Tokyo').toISOString()).toBe('2026-07-01T00:00:00.000Z');
    expect(wallToInstant('2026-07-01T09:00', 'America/New_York').toISOString()).toBe(
      '2026-07-01T13:00:00.000Z',
    );
    expect(wallToInstant('2026-01-01T09:00', 'America/New_York').toISOString()).toBe(
      '2026-01-01T14:00:00.000Z',
    );
  });
  it('defers to the end of quiet hours across midnight, or drops', () => {
    const now = new Date('2026-07-01T14:30:00Z'); // 23:30 in Tokyo
    const quiet = { start: '22:00', end: '08:00', action: 'defer' as const };
    expect(dueFor(now, 'Asia/Tokyo', null, quiet)).toEqual({
      at: new Date('2026-07-01T23:00:00Z'),
      quiet: false,
    });
    expect(dueFor(now, 'Europe/Paris', null, quiet)).toEqual({ at: now, quiet: false }); // 16:30 there
    expect(dueFor(now, 'Asia/Tokyo', null, { ...quiet, action: 'drop' }).quiet).toBe(true);
    // Early morning inside the window: today's end.
    expect(dueFor(new Date('2026-07-01T20:00:00Z'), 'Asia/Tokyo', null, quiet).at).toEqual(
      new Date('2026-07-01T23:00:00Z'),
    );
  });
});

describe('push timing (HTTP)', () => {
  it("defers a push inside quiet hours in the player's own zone to their end, then sends it", async () => {
    const tokyo = `${tag}_tokyo`;
    const paris = `${tag}_paris`;
    await tokenOf(tokyo, 'Asia/Tokyo');
    await tokenOf(paris, 'Europe/Paris');
    const quiet = { ...quietNow('Asia/Tokyo'), action: 'defer' as const };
    const task = await sent(await draft({ target: 'players', openids: [tokyo, paris], quiet_hours: quiet }));
    // Paris (7–8 hours behind) is outside the window: sent. Tokyo waits for the window's end there.
    expect(task).toMatchObject({ status: 'sending', sent: 1 });
    const rows = await deliveries(task.id);
    expect(rows.map((r) => [r.openid, r.state])).toEqual([
      [paris, 'sent'],
      [tokyo, 'deferred'],
    ]);
    const due = new Date(rows[1]!.due_at!);
    expect(wallAt(due, 'Asia/Tokyo').slice(11, 16)).toBe(quiet.end);
    expect(due.getTime()).toBeGreaterThan(Date.now());
    expect(due.getTime()).toBeLessThanOrEqual(Date.now() + 61 * minute);
    expect(await stats(task.id)).toMatchObject({ targeted: 2, sent: 1, deferred: 1, pending: 0 });
    // The next wave is scheduled at that moment.
    const [schedule] = await queryRows<{ run_at: Date | string }>(
      t.database.db,
      sql`select run_at from schedules where key = ${`push-deferred:${task.id}`}`,
    );
    expect(new Date(schedule!.run_at).getTime()).toBe(due.getTime());
    // The moment comes: Tokyo is sent, once; the task is done.
    await wave(task.id);
    expect(await get(task.id)).toMatchObject({ status: 'sent', sent: 2, failed: 0 });
    expect(fakeSends(task.id)).toHaveLength(2);
    expect(await stats(task.id)).toMatchObject({ sent: 2, deferred: 0 });
  });

  it('stopping a task cancels its deferred pushes: counted, never sent, not even by a wave already queued', async () => {
    const tokyo = `${tag}_tokyo_stop`;
    const tokyo2 = `${tag}_tokyo_stop2`;
    const paris = `${tag}_paris_stop`;
    await tokenOf(tokyo, 'Asia/Tokyo');
    await tokenOf(tokyo2, 'Asia/Tokyo');
    await tokenOf(paris, 'Europe/Paris');
    const quiet = { ...quietNow('Asia/Tokyo'), action: 'defer' as const };
    const task = await sent(
      await draft({ target: 'players', openids: [tokyo, tokyo2, paris], quiet_hours: quiet }),
    );
    expect(task).toMatchObject({ status: 'sending', sent: 1 });
    expect(await stats(task.id)).toMatchObject({ sent: 1, deferred: 2, cancelled: 0 });
    // Their moment comes and a wave is queued, but the task is stopped before the wave runs.
    await t.database.db.execute(
      sql`update push_deliveries set due_at = now() - interval '1 second' where task_id = ${task.id}::int and state = 'deferred'`,
    );
    const queued = await t.database.db.transaction((tx) => queueDeferred(tx, task.id));
    expect(queued).not.toBeNull();
    const current = await get(task.id);
    const stop = await admin.post(`/api/v1/push-tasks/${task.id}/stop`, {
      version: current.version,
      reason: '',
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(body<PushTask>(stop).data.status).toBe('stopped');
    // The queued wave is cancelled with the stop; run anyway, and the one-off firing anyway, they send nothing.
    const [queuedJob] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from jobs where id = ${queued}::int`,
    );
    expect(queuedJob?.status).toBe('cancelled');
    await t.app.jobs.runJob(queued!).catch(() => undefined);
    expect(await t.database.db.transaction((tx) => queueDeferred(tx, task.id))).toBeNull();
    expect(fakeSends(task.id)).toHaveLength(1);
    const rows = await deliveries(task.id);
    expect(rows.map((r) => [r.openid, r.state])).toEqual([
      [paris, 'sent'],
      [tokyo, 'cancelled'],
      [tokyo2, 'cancelled'],
    ]);
    expect(await stats(task.id)).toMatchObject({
      targeted: 3,
      sent: 1,
      deferred: 0,
      cancelled: 2,
      pending: 0,
    });
    expect(await get(task.id)).toMatchObject({ status: 'stopped' });
    // The one-off of its deferred pushes is gone; stopping is for good (no resume).
    const [schedule] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from schedules where key = ${`push-deferred:${task.id}`}`,
    );
    expect(schedule?.status).toBe('cancelled');
    const again = await admin.post(`/api/v1/push-tasks/${task.id}/send`, {
      version: (await get(task.id)).version,
      reason: '',
    });
    expect(again.statusCode).toBe(422);
    expect(fakeSends(task.id)).toHaveLength(1);
  });

  it('drops and counts a push due inside quiet hours when the task says drop', async () => {
    const tokyo = `${tag}_tokyo_drop`;
    await tokenOf(tokyo, 'Asia/Tokyo');
    const quiet = { ...quietNow('Asia/Tokyo'), action: 'drop' as const };
    const task = await sent(await draft({ target: 'players', openids: [tokyo], quiet_hours: quiet }));
    expect(task).toMatchObject({ status: 'sent', sent: 0 });
    expect(await stats(task.id)).toMatchObject({ targeted: 1, quiet: 1, sent: 0, pending: 0 });
    expect(fakeSends(task.id)).toHaveLength(0);
  });

  it("sends at a local time in each player's zone (their device's, else the CP's)", async () => {
    const kiritimati = `${tag}_kiri`;
    const tokyo = `${tag}_tokyo_local`;
    const nozone = `${tag}_nozone`;
    await tokenOf(kiritimati, 'Pacific/Kiritimati');
    await tokenOf(tokyo, 'Asia/Tokyo');
    await tokenOf(nozone);
    // Two hours from now in Tokyo: already past at UTC+14, still ahead in Tokyo and Shanghai (the CP's).
    const wall = wallAt(new Date(Date.now() + 2 * 3600_000), 'Asia/Tokyo');
    const draftTask = await draft({
      target: 'players',
      openids: [kiritimati, tokyo, nozone],
      local_send_at: wall,
    });
    expect(draftTask.local_send_at).toBe(wall);
    expect(draftTask.send_at).toBe(new Date(Date.parse(`${wall}:00Z`) - 14 * 3600_000).toISOString());
    const task = await sent(draftTask);
    expect(task).toMatchObject({ status: 'sending', sent: 1 });
    const rows = new Map((await deliveries(task.id)).map((r) => [r.openid, r]));
    expect(rows.get(kiritimati)!.state).toBe('sent');
    expect(new Date(rows.get(tokyo)!.due_at!).toISOString()).toBe(
      wallToInstant(wall, 'Asia/Tokyo').toISOString(),
    );
    expect(new Date(rows.get(nozone)!.due_at!).toISOString()).toBe(
      wallToInstant(wall, 'Asia/Shanghai').toISOString(),
    );
    await wave(task.id);
    expect(await get(task.id)).toMatchObject({ status: 'sent', sent: 3 });
  });

  it('refuses bad timing and variants, nothing stored', async () => {
    const bad = await admin.post('/api/v1/push-tasks', {
      name: 'bad',
      title: { zh: 't' },
      body: { zh: 'b' },
      target: 'all',
      local_send_at: '2026-02-30T09:00',
      quiet_hours: { start: '22:00', end: '22:00', action: 'defer' },
      convert_hours: 0,
      variants: [
        { key: 'a', name: 'A', percent: 60, title: { zh: 'A' }, body: { zh: 'A' } },
        { key: 'a', name: 'B', percent: 60, title: { zh: 'B' }, body: { zh: 'B' } },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual([
      'convert_hours',
      'local_send_at',
      'quiet_hours.end',
      'variants',
      'variants.1.key',
    ]);
  });
});

describe('A/B variants (HTTP)', () => {
  it('sends each player their fixed bucket’s variant; stats per variant and per day', async () => {
    const openids = Array.from({ length: 30 }, (_, i) => `${tag}_v${i}`);
    const tokens = new Map<string, string>();
    for (const openid of openids) tokens.set(openid, await tokenOf(openid));
    const variants = [
      { key: 'a', name: 'A', percent: 40, title: { zh: '甲', en: 'A' }, body: { zh: '甲文' } },
      { key: 'b', name: 'B', percent: 40, title: { zh: '乙', en: 'B' }, body: { zh: '乙文' } },
    ];
    const task = await sent(await draft({ target: 'players', openids, variants }));
    expect(task).toMatchObject({ status: 'sent', sent: 30 });
    // Each player's fixed bucket (the user groups' hash over openid and the game's salt, as the
    // database computes it) picks the variant.
    const buckets = await queryRows<{ openid: string; bucket: number }>(
      t.database.db,
      sql`select openid, ${bucketSql(sql`openid`, sql`${pushBucketSalt(task.product_id)}::text`)}::int as bucket
        from push_deliveries where task_id = ${task.id}::int`,
    );
    expect(buckets.map((b) => Number(b.bucket))).toEqual(
      buckets.map((b) => pushBucketOf(task.product_id, b.openid)),
    );
    const expected = new Map(buckets.map((b) => [b.openid, variantOf({ variants }, Number(b.bucket))]));
    const rows = await deliveries(task.id);
    expect(rows.map((r) => [r.openid, r.variant])).toEqual(
      rows.map((r) => [r.openid, expected.get(r.openid)]),
    );
    // A second task with the same shares: each player sits in the same bucket, so gets the same variant.
    const second = await sent(await draft({ target: 'players', openids, variants }));
    expect(second).toMatchObject({ status: 'sent', sent: 30 });
    expect((await deliveries(second.id)).map((r) => [r.openid, r.variant])).toEqual(
      rows.map((r) => [r.openid, r.variant]),
    );
    // Shares that differ keep their ranges over the same buckets: a player of a's first 20 buckets stays in a.
    const narrower = variants.map((v, i) => ({ ...v, percent: i === 0 ? 20 : 60 }));
    const third = await sent(await draft({ target: 'players', openids, variants: narrower }));
    for (const r of await deliveries(third.id))
      expect(r.variant).toBe(variantOf({ variants: narrower }, pushBucketOf(task.product_id, r.openid)));
    const titles = { a: '甲', b: '乙', '': '基础' } as Record<string, string>;
    for (const send of fakeSends(task.id)) {
      const openid = [...tokens].find(([, token]) => token === send.message.token)![0];
      expect(send.message.title).toBe(titles[expected.get(openid)!]);
    }
    // One player of a reports it received, one opens it and signs in within the hours; one of b signs in a day late.
    const ofA = rows.filter((r) => r.variant === 'a').map((r) => r.openid);
    const ofB = rows.filter((r) => r.variant === 'b').map((r) => r.openid);
    expect(ofA.length).toBeGreaterThan(1);
    expect(ofB.length).toBeGreaterThan(0);
    const report = (path: string, openid: string) =>
      t.signedCall(t.key, 'POST', `/api/game/v1/push/${path}`, { openid, task_id: task.id });
    const first = await report('delivered', ofA[0]!);
    expect(first.statusCode, first.body).toBe(200);
    expect(body(first).data).toEqual({ recorded: true });
    expect(body(await report('delivered', ofA[0]!)).data).toEqual({ recorded: false });
    expect(body(await report('opened', ofA[1]!)).data).toEqual({ recorded: true });
    const signIn = async (openid: string, at: string) => {
      const [player] = await queryRows<{ id: number }>(
        t.database.db,
        sql`insert into players (product_id, openid) values (${task.product_id}::int, ${openid})
          on conflict (product_id, openid) do update set openid = excluded.openid returning id`,
      );
      await t.database.db.execute(
        sql`insert into player_logins (product_id, player_id, at) values (${task.product_id}::int, ${player!.id}, ${at}::timestamptz)`,
      );
    };
    await signIn(ofA[1]!, new Date(Date.now() + 3600_000).toISOString());
    await signIn(ofB[0]!, new Date(Date.now() + 48 * 3600_000).toISOString());
    const figures = await stats(task.id);
    const variant = (key: string) => figures.variants.find((v) => v.variant === key)!;
    expect(variant('a')).toMatchObject({
      targeted: ofA.length,
      sent: ofA.length,
      delivered: 2,
      opened: 1,
      converted: 1,
    });
    expect(variant('b')).toMatchObject({
      targeted: ofB.length,
      sent: ofB.length,
      delivered: 0,
      converted: 0,
    });
    const base = 30 - ofA.length - ofB.length;
    if (base) expect(variant('')).toMatchObject({ targeted: base, sent: base });
    expect(figures).toMatchObject({ delivered: 2, opened: 1, converted: 1 });
    const today = new Date().toISOString().slice(0, 10);
    expect(figures.days.find((d) => d.variant === 'a')).toMatchObject({
      day: today,
      sent: ofA.length,
      converted: 1,
    });
    expect(figures.days.reduce((sum, d) => sum + d.sent, 0)).toBe(30);
  });
});

describe('a send with a failed batch (HTTP)', () => {
  // A batch of the send job fails (the database refuses its claims, as when it breaks down): the
  // job ends failed and the task partly failed, while pushes of the batches that went out wait for
  // their player's moment. They still go out then (and only they: a retry of the failed batch stays
  // the staff's action), or a stop cancels them; the figures stay exact.
  beforeAll(async () => {
    const db = t.database.db;
    await db.execute(sql.raw('create table push_test_faults (openid text primary key)'));
    await db.execute(
      sql.raw(`create function push_test_fault() returns trigger language plpgsql as $$
        begin
          if new.state = 'sending' and exists (select 1 from push_test_faults f where f.openid = new.openid) then
            raise exception 'push test fault: %', new.openid;
          end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger push_test_fault before insert or update on push_deliveries
        for each row execute function push_test_fault()`),
    );
  });
  /** The database refuses to claim a push for `openid` (new or deferred), as when it breaks down. */
  const fault = (openid: string) =>
    t.database.db.execute(sql`insert into push_test_faults (openid) values (${openid})`);
  const heal = (openid: string) =>
    t.database.db.execute(sql`delete from push_test_faults where openid = ${openid}`);

  async function partlyFailed(label: string) {
    const tokyo = `${tag}_${label}_tokyo`;
    const paris = `${tag}_${label}_paris`;
    const broken = `${tag}_${label}_broken`;
    await tokenOf(tokyo, 'Asia/Tokyo');
    await tokenOf(paris, 'Europe/Paris');
    // 500 other devices of the game after theirs: the broken player's device is in a later batch.
    await t.database.db.execute(sql`insert into push_tokens (product_id, openid, platform, provider, token)
      select product_id, ${`${tag}_${label}_other_`} || n, 'android', 'fcm', ${`tok_${tag}_${label}_`} || n
      from push_tokens, generate_series(1, 500) n where openid = ${tokyo}`);
    await tokenOf(broken, 'Europe/Paris');
    await fault(broken);
    const quiet = { ...quietNow('Asia/Tokyo'), action: 'defer' as const };
    const task = await sent(
      await draft({ target: 'players', openids: [tokyo, paris, broken], quiet_hours: quiet }),
    );
    const [job] = await queryRows<{ status: string; total: number; failed: number }>(
      t.database.db,
      sql`select status, total, failed from jobs where id = ${task.job_id}::int`,
    );
    expect(job).toMatchObject({ status: 'failed', failed: 1 });
    expect(job!.total).toBeGreaterThan(1);
    // Paris went out; Tokyo waits for the end of its quiet hours; the broken batch sent nothing.
    expect(task).toMatchObject({ status: 'partly_failed', targeted: 3, sent: 1, failed: 0 });
    const rows = await deliveries(task.id);
    expect(rows.map((r) => [r.openid, r.state])).toEqual([
      [paris, 'sent'],
      [tokyo, 'deferred'],
    ]);
    expect(await stats(task.id)).toMatchObject({ targeted: 3, sent: 1, deferred: 1, pending: 1 });
    return { task, tokyo, paris, broken, due: new Date(rows[1]!.due_at!) };
  }
  const retry = async (jobId: number) => {
    const res = await admin.post(`/api/v1/jobs/${jobId}/retry`, {});
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.runJob(jobId);
  };

  it("sends the waiting pushes at their moment, and only them; the failed batch waits for the staff's retry", async () => {
    const { task, tokyo, paris, broken, due } = await partlyFailed('wave');
    // The wave is scheduled at Tokyo's moment.
    const [schedule] = await queryRows<{ run_at: Date | string; status: string }>(
      t.database.db,
      sql`select run_at, status from schedules where key = ${`push-deferred:${task.id}`}`,
    );
    expect(schedule?.status).toBe('active');
    expect(new Date(schedule!.run_at).getTime()).toBe(due.getTime());
    // The moment comes: Tokyo is sent, once; the broken batch is not tried again behind the staff's back.
    await wave(task.id);
    expect(fakeSends(task.id)).toHaveLength(2);
    expect((await deliveries(task.id)).map((r) => [r.openid, r.state])).toEqual([
      [paris, 'sent'],
      [tokyo, 'sent'],
    ]);
    expect(await get(task.id)).toMatchObject({
      status: 'partly_failed',
      sent: 2,
      failed: 0,
      job_id: task.job_id,
    });
    expect(await stats(task.id)).toMatchObject({ targeted: 3, sent: 2, deferred: 0, pending: 1 });
    // Nothing waits: no wave is queued again.
    expect(await t.database.db.transaction((tx) => queueDeferred(tx, task.id))).toBeNull();
    // The staff retries the failed batch once the fault is gone: the broken player is sent, the others not again.
    await heal(broken);
    await retry(task.job_id!);
    expect(fakeSends(task.id)).toHaveLength(3);
    expect(await get(task.id)).toMatchObject({ status: 'sent', sent: 3, failed: 0 });
    expect(await stats(task.id)).toMatchObject({ targeted: 3, sent: 3, deferred: 0, pending: 0 });
  });

  it('a partly failed task with pushes waiting can be stopped: they are cancelled, a retry sends nothing', async () => {
    const { task, tokyo, paris, broken } = await partlyFailed('stop');
    const stop = await admin.post(`/api/v1/push-tasks/${task.id}/stop`, {
      version: task.version,
      reason: '',
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(body<PushTask>(stop).data.status).toBe('stopped');
    expect((await deliveries(task.id)).map((r) => [r.openid, r.state])).toEqual([
      [paris, 'sent'],
      [tokyo, 'cancelled'],
    ]);
    const [schedule] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from schedules where key = ${`push-deferred:${task.id}`}`,
    );
    expect(schedule?.status).toBe('cancelled');
    expect(await t.database.db.transaction((tx) => queueDeferred(tx, task.id))).toBeNull();
    // A retry of the failed batch after the stop sends nothing.
    await heal(broken);
    await retry(task.job_id!);
    expect(fakeSends(task.id)).toHaveLength(1);
    expect(await get(task.id)).toMatchObject({ status: 'stopped', sent: 1, failed: 0 });
    expect(await stats(task.id)).toMatchObject({ targeted: 3, sent: 1, deferred: 0, cancelled: 1 });
  });

  it("a wave whose batch fails leaves the task partly failed: no wave again at once, the retry is the staff's", async () => {
    const early = `${tag}_wavefail_early`;
    const late = `${tag}_wavefail_late`;
    await tokenOf(early, 'Asia/Tokyo');
    await tokenOf(late, 'Asia/Tokyo');
    const quiet = { ...quietNow('Asia/Tokyo'), action: 'defer' as const };
    const task = await sent(await draft({ target: 'players', openids: [early, late], quiet_hours: quiet }));
    expect(task).toMatchObject({ status: 'sending', sent: 0 });
    // The early player's moment comes (the late one's is still ahead), but the database refuses the claim.
    await t.database.db.execute(sql`update push_deliveries set due_at = now() - interval '1 second'
      where task_id = ${task.id}::int and openid = ${early}`);
    const lateDue = new Date((await deliveries(task.id)).find((r) => r.openid === late)!.due_at!);
    await fault(early);
    const waveJob = await t.database.db.transaction((tx) => queueDeferred(tx, task.id));
    expect(waveJob).not.toBeNull();
    await t.app.jobs.runJob(waveJob!);
    const [job] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from jobs where id = ${waveJob}::int`,
    );
    expect(job?.status).toBe('failed');
    // The task keeps its send job, shows partly failed; the next wave is the late player's, not the failed one again now.
    expect(await get(task.id)).toMatchObject({
      status: 'partly_failed',
      sent: 0,
      failed: 0,
      job_id: task.job_id,
    });
    expect((await deliveries(task.id)).map((r) => [r.openid, r.state])).toEqual([
      [early, 'deferred'],
      [late, 'deferred'],
    ]);
    const [schedule] = await queryRows<{ run_at: Date | string; status: string }>(
      t.database.db,
      sql`select run_at, status from schedules where key = ${`push-deferred:${task.id}`}`,
    );
    expect(schedule).toMatchObject({ status: 'active' });
    expect(new Date(schedule!.run_at).getTime()).toBe(lateDue.getTime());
    expect(fakeSends(task.id)).toHaveLength(0);
    // The staff retries the wave once the fault is gone: the early player is sent; the late one still waits.
    await heal(early);
    await retry(waveJob!);
    expect(fakeSends(task.id)).toHaveLength(1);
    expect(await get(task.id)).toMatchObject({ status: 'partly_failed', sent: 1 });
    expect(await stats(task.id)).toMatchObject({ targeted: 2, sent: 1, deferred: 1, pending: 0 });
    // The late player's moment: sent; nothing failed in the end, nothing waits: the task is sent.
    await wave(task.id);
    expect(fakeSends(task.id)).toHaveLength(2);
    expect(await get(task.id)).toMatchObject({ status: 'sent', sent: 2, failed: 0 });
  });
});

describe('a retry of the send job while a wave is in flight (HTTP)', () => {
  // The send job's batch is run again by the staff while a wave's push in the same range is with
  // the provider: the retry leaves that push alone (another job's claim, not an interrupted one of
  // its own); its answer lands, once; the task ends when it does, never before.
  it('leaves the wave’s push in flight alone; the push is sent once and counted', async () => {
    const tokyo = `${tag}_race_tokyo`;
    const paris = `${tag}_race_paris`;
    await tokenOf(tokyo, 'Asia/Tokyo');
    await tokenOf(paris, 'Europe/Paris');
    const quiet = { ...quietNow('Asia/Tokyo'), action: 'defer' as const };
    const task = await sent(await draft({ target: 'players', openids: [tokyo, paris], quiet_hours: quiet }));
    expect(task).toMatchObject({ status: 'sending', sent: 1 });
    const db = t.database.db;
    // As when the batch's own transaction failed after its pushes were claimed and answered: the
    // send job failed, its batch to run again, the task partly failed.
    await db.execute(
      sql`update push_tasks set status = 'partly_failed', chunks_done = '[]'::jsonb where id = ${task.id}::int`,
    );
    await db.execute(sql`update job_items set status = 'error' where job_id = ${task.job_id}::int`);
    await db.execute(
      sql`update jobs set status = 'failed', done = 0, failed = 1 where id = ${task.job_id}::int`,
    );
    // Tokyo's moment comes: its wave asks the provider, which holds the answer.
    await db.execute(
      sql`update push_deliveries set due_at = now() - interval '1 second' where task_id = ${task.id}::int and state = 'deferred'`,
    );
    setPartyPolicy('fcm', 'send', { timeoutMs: 120_000 });
    const held = fakeFcm().hold();
    try {
      const waveJob = await db.transaction((tx) => queueDeferred(tx, task.id));
      expect(waveJob).not.toBeNull();
      const waving = t.app.jobs.runJob(waveJob!);
      await held.reached;
      const inFlight = async () => (await deliveries(task.id)).map((r) => [r.openid, r.state, r.reason]);
      expect(await inFlight()).toEqual([
        [paris, 'sent', ''],
        [tokyo, 'sending', ''],
      ]);
      // The staff retries the send job now: nothing of it is sent again, the wave's push is not failed.
      const res = await admin.post(`/api/v1/jobs/${task.job_id}/retry`, {});
      expect(res.statusCode, res.body).toBe(200);
      await t.app.jobs.runJob(task.job_id!);
      expect(await inFlight()).toEqual([
        [paris, 'sent', ''],
        [tokyo, 'sending', ''],
      ]);
      // Not done while a push is in flight.
      expect((await get(task.id)).status).toBe('partly_failed');
      held.release();
      await waving;
    } finally {
      held.release();
      setPartyPolicy('fcm', 'send', { timeoutMs: 10_000 });
    }
    expect((await deliveries(task.id)).map((r) => [r.openid, r.state, r.reason])).toEqual([
      [paris, 'sent', ''],
      [tokyo, 'sent', ''],
    ]);
    expect(fakeSends(task.id)).toHaveLength(2);
    expect(await get(task.id)).toMatchObject({ status: 'sent', sent: 2, failed: 0 });
    expect(await stats(task.id)).toMatchObject({ targeted: 2, sent: 2, failed: 0, pending: 0 });
  });
});
