import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Cancellation, GameApiKeyCreated, GameCancellation } from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { jobItems, jobs } from '../../db/jobs.ts';
import { JobRunner } from '../../lib/jobs/index.ts';
import { ERASE_JOB, eraseDue, eraseJob, setBeforeEraseStep, startErasures } from './erase.ts';
import { accountCancellations } from './tables.ts';

const t = useTestApp();
type List = { list: Cancellation[]; total: number };

let key: GameApiKeyCreated;
const tag = Date.now().toString(36);
let n = 0;
const newOpenid = () => `ac${tag}x${++n}`;
const at = (minutesAgo = 0) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

beforeAll(async () => {
  key = await t.gameKey();
});

/** Player events, exactly as a game server posts them. */
const report = (events: unknown[]) => t.signedCall(key, 'POST', '/api/game/v1/players/events', { events });
const ask = async (openid: string) =>
  body<GameCancellation>(await t.signedCall(key, 'POST', '/api/game/v1/account-cancellations', { openid }))
    .data;
const get = async (id: number) =>
  body<Cancellation>(await t.admin.get(`/api/v1/account-cancellations/${id}`)).data;
/** The cooling-off ends now (as if 15 days went by). */
const endCoolingOff = (id: number) =>
  t.database.db
    .update(accountCancellations)
    .set({ eraseAt: new Date(Date.now() - 1000) })
    .where(eq(accountCancellations.id, id));

/** A player with data in several modules: sign-ins, a character, an order, a debug parameter, logs. */
async function playerEverywhere(openid: string) {
  const res = await report([
    {
      type: 'register',
      event_id: `${openid}-r`,
      openid,
      at: at(30),
      nickname: 'Erasable',
      device_id: `d-${openid}`,
    },
    { type: 'login', event_id: `${openid}-l`, openid, at: at(20), ip: '10.0.0.9', device_id: `d-${openid}` },
    {
      type: 'role_update',
      event_id: `${openid}-c`,
      openid,
      at: at(19),
      server: 's1',
      role_id: `r-${openid}`,
      name: 'Hero',
    },
    {
      type: 'payment',
      event_id: `${openid}-p`,
      openid,
      at: at(18),
      order_no: `o-${openid}`,
      store: 'apple',
      sku: 'gems_60',
      amount: 600,
      currency: 'CNY',
      status: 'delivered',
    },
  ]);
  expect(body(res).code).toBe(0);
  const param = await t.admin.post('/api/v1/debug-params', {
    target: openid,
    key: 'log.level',
    value: 'debug',
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  });
  expect(body(param).code).toBe(0);
}

/** Every place of the schema, outside the receipts, where the openid still is (table.column → rows). */
async function wherePresent(openid: string): Promise<Record<string, number>> {
  const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    t.database.db,
    sql`select c.table_name, c.column_name, c.data_type
        from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
        where c.table_schema = current_schema() and tb.table_type = 'BASE TABLE'
          and c.table_name <> 'account_cancellations'
          and (c.data_type in ('text', 'character varying', 'jsonb', 'json') or c.data_type = 'ARRAY')`,
  );
  const found: Record<string, number> = {};
  for (const c of columns) {
    const column = sql.identifier(c.column_name);
    const holds =
      c.data_type === 'ARRAY'
        ? sql`${column}::text like ${`%${openid}%`}`
        : c.data_type === 'jsonb' || c.data_type === 'json'
          ? sql`${column}::text like ${`%${openid}%`}`
          : sql`${column} like ${`%${openid}%`}`;
    const [row] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from ${sql.identifier(c.table_name)} where ${holds}`,
    );
    if (row!.count > 0) found[`${c.table_name}.${c.column_name}`] = row!.count;
  }
  return found;
}

describe('account cancellation', () => {
  it('opens a cooling-off of 15 days, answers the same request again, and a sign-in during it withdraws', async () => {
    const openid = newOpenid();
    await playerEverywhere(openid);
    const first = await ask(openid);
    expect(first.status).toBe('cooling_off');
    const days = (Date.parse(first.erase_at) - Date.parse(first.requested_at)) / 86_400_000;
    expect(days).toBeCloseTo(15, 5);
    expect((await ask(openid)).id).toBe(first.id);

    // The player signs in again: the request is withdrawn, and nothing is erased when its day comes.
    expect(
      body(await report([{ type: 'login', event_id: `${openid}-back`, openid, at: at(0), ip: '10.0.0.9' }]))
        .code,
    ).toBe(0);
    const withdrawn = await get(first.id);
    expect(withdrawn).toMatchObject({ status: 'withdrawn', receipt: null });
    expect(withdrawn.withdrawn_at).not.toBeNull();
    await endCoolingOff(first.id);
    await eraseDue(t.database.db, t.app.jobs);
    expect((await get(first.id)).status).toBe('withdrawn');
    expect(Object.keys(await wherePresent(openid))).toContain('players.openid');
    // A new request after the withdrawal is a new one.
    expect((await ask(openid)).id).not.toBe(first.id);
  });

  it('erases the player once the cooling-off is over: no table holds the openid outside the receipt', async () => {
    const openid = newOpenid();
    await playerEverywhere(openid);
    const request = await ask(openid);
    expect(Object.keys(await wherePresent(openid)).length).toBeGreaterThan(3);

    // Not yet due: nothing happens.
    await eraseDue(t.database.db, t.app.jobs);
    expect((await get(request.id)).status).toBe('cooling_off');

    await endCoolingOff(request.id);
    expect(await eraseDue(t.database.db, t.app.jobs)).toBeGreaterThanOrEqual(1);
    const erased = await get(request.id);
    expect(erased.status).toBe('erased');
    expect(erased.openid).toBe(openid);
    expect(erased.receipt).toMatchObject({ pseudonym: `erased-${request.id}` });
    expect(erased.receipt!.tables.players).toEqual({ deleted: 1, anonymised: 0 });
    expect(erased.receipt!.tables.debug_params?.anonymised).toBe(1);
    expect(await wherePresent(openid)).toEqual({});

    // Erased once: a second run changes nothing; a closed request cannot be held.
    expect(await eraseDue(t.database.db, t.app.jobs)).toBe(0);
    const hold = await t.admin.put(`/api/v1/account-cancellations/${request.id}`, {
      legal_hold: true,
      version: erased.version,
    });
    expect(body(hold).code).toBe(422001);
  });

  it('never erases a request under legal hold; lifting the hold lets it go', async () => {
    const openid = newOpenid();
    await playerEverywhere(openid);
    const request = await ask(openid);
    const before = await get(request.id);
    const held = await t.admin.put(`/api/v1/account-cancellations/${request.id}`, {
      legal_hold: true,
      hold_reason: 'Chargeback dispute',
      version: before.version,
    });
    expect(body<Cancellation>(held).data).toMatchObject({
      legal_hold: true,
      hold_reason: 'Chargeback dispute',
    });
    await endCoolingOff(request.id);
    await eraseDue(t.database.db, t.app.jobs);
    expect((await get(request.id)).status).toBe('cooling_off');
    expect(Object.keys(await wherePresent(openid))).toContain('players.openid');

    const list = body<List>(
      await t.admin.get(`/api/v1/account-cancellations?openid=${openid}&legal_hold=true`),
    ).data;
    expect(list.list.map((r) => r.id)).toEqual([request.id]);

    const released = await t.admin.put(`/api/v1/account-cancellations/${request.id}`, {
      legal_hold: false,
      version: body<Cancellation>(held).data.version,
    });
    expect(body<Cancellation>(released).data).toMatchObject({ legal_hold: false, hold_reason: '' });
    await eraseDue(t.database.db, t.app.jobs);
    expect((await get(request.id)).status).toBe('erased');
  });

  it('lets staff file a request, needs the permissions, and keeps to the game and the CP', async () => {
    const openid = newOpenid();
    const filed = await t.admin.post('/api/v1/account-cancellations', { openid, note: 'Asked by e-mail' });
    expect(body<Cancellation>(filed).data).toMatchObject({ source: 'staff', status: 'cooling_off' });
    const again = await t.admin.post('/api/v1/account-cancellations', { openid });
    expect(body(again)).toMatchObject({ code: 400001, data: { fields: { openid: expect.any(String) } } });
    const bad = await t.admin.post('/api/v1/account-cancellations', { openid: 'has space\u0000' });
    expect(body(bad).code).toBe(400001);
    const badGame = await t.signedCall(key, 'POST', '/api/game/v1/account-cancellations', { openid: '' });
    expect(body(badGame).code).toBe(400001);

    const viewer = await t.staff(['offline/see/account_cancellation']);
    expect(body(await viewer.get('/api/v1/account-cancellations')).code).toBe(0);
    expect(body(await viewer.post('/api/v1/account-cancellations', { openid: newOpenid() })).code).toBe(
      403001,
    );
    const nobody = await t.staff([]);
    expect(body(await nobody.get('/api/v1/account-cancellations')).code).toBe(403001);
    const id = body<Cancellation>(filed).data.id;
    const hw = await t.signIn('ops_hw', 'dawn');
    expect(body(await hw.get(`/api/v1/account-cancellations/${id}`)).code).toBe(404001);
    const exported = await t.admin.get('/api/v1/account-cancellations/export?format=csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(openid);
  });

  it('erases as a job, a step per table, progress on the job; a restart mid-erasure finishes it, once', async () => {
    const openid = newOpenid();
    await playerEverywhere(openid);
    const request = await ask(openid);
    await endCoolingOff(request.id);
    const started = await startErasures(t.database.db);
    const erasing = await get(request.id);
    expect(erasing.status).toBe('erasing');
    expect(started).toContain(erasing.job_id);
    const jobId = erasing.job_id!;
    // Erasing: no longer held, annotated nor withdrawn by a sign-in.
    const hold = await t.admin.put(`/api/v1/account-cancellations/${request.id}`, {
      legal_hold: true,
      version: erasing.version,
    });
    expect(body(hold).code).toBe(422001);

    // The first server runs one batch of steps, then stops as a crash would leave it.
    const first = new JobRunner(t.database, t.app.events, { batchSize: 2 });
    first.defineJob(ERASE_JOB, eraseJob);
    let steps = 0;
    setBeforeEraseStep(() => {
      if (++steps === 1) void first.stop();
    });
    try {
      await first.runJob(jobId);
    } finally {
      setBeforeEraseStep(undefined);
    }
    const [midway] = await t.database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(midway).toMatchObject({ kind: ERASE_JOB, status: 'running', done: 2, failed: 0 });
    expect(midway!.total).toBeGreaterThan(10);
    expect((await get(request.id)).status).toBe('erasing');
    // The account went in the first step; the other tables still name the player.
    expect(Object.keys(await wherePresent(openid))).not.toContain('players.openid');
    expect(Object.keys(await wherePresent(openid)).length).toBeGreaterThan(0);

    // The restarted server resumes at the first step not done and ends it.
    const second = new JobRunner(t.database, t.app.events, { batchSize: 2 });
    second.defineJob(ERASE_JOB, eraseJob);
    await second.runJob(jobId);
    const [ended] = await t.database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(ended).toMatchObject({ status: 'succeeded', done: midway!.total, failed: 0 });
    const items = await t.database.db.select().from(jobItems).where(eq(jobItems.jobId, jobId));
    expect(items.length).toBe(midway!.total);
    expect(items.every((item) => item.status === 'ok')).toBe(true);
    const erased = await get(request.id);
    expect(erased.status).toBe('erased');
    expect(erased.receipt!.tables.players).toEqual({ deleted: 1, anonymised: 0 });
    expect(erased.receipt!.tables.debug_params?.anonymised).toBe(1);
    expect(await wherePresent(openid)).toEqual({});
    // Once: cooling off → erasing → erased, and running the job again changes nothing.
    expect(erased.version).toBe(erasing.version + 1);
    await second.runJob(jobId);
    expect(await get(request.id)).toEqual(erased);
    expect(await startErasures(t.database.db)).not.toContain(jobId);
  });
});
