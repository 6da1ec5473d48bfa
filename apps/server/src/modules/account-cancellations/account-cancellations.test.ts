import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Cancellation, GameApiKeyCreated, GameCancellation } from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { wherePresent as wherePresentIn } from '../../../test/erasure.ts';
import { jobItems, jobs } from '../../db/jobs.ts';
import { JobRunner } from '../../lib/jobs/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { shareClicksSettled } from '../share/index.ts';
import {
  ERASE_JOB,
  eraseDue,
  eraseJob,
  eraseSteps,
  setBeforeEraseStep,
  startErasures,
  stepChange,
} from './erase.ts';
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

/** A player with data in several modules: sign-ins, a character, an order, a debug parameter, a shared link's click, logs. */
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
    // The openid inside a longer string (here, and in the operation log's JSON of the change).
    note: `asked by player ${openid} on the phone`,
  });
  expect(body(param).code).toBe(0);
  // The openid in a JSON list beside another player's (and nested in the operation log's after).
  const other = `keeper${tag}y${n}`;
  const module = await t.admin.post('/api/v1/feature-modules', {
    code: `erase_${tag}_${++n}`,
    name: 'Erasure check',
    whitelist: [other, openid],
  });
  expect(body(module).code).toBe(0);
  // Filed under a row of the game, not by game itself: a click on a link the player shared.
  const link = body<{ code: string }>(
    await t.admin.post('/api/v1/share-links?platform=wechat', {
      name: `Share ${++n}`,
      target_url: 'https://game.example/erase',
    }),
  ).data;
  expect((await t.app.inject({ method: 'GET', url: `/s/${link.code}?sharer=${openid}` })).statusCode).toBe(
    302,
  );
  // Clicks are written in batches (share module): this one is in the database before any erasure.
  await shareClicksSettled(t.database.db);
  return {
    paramId: body<{ id: number }>(param).data.id,
    moduleId: body<{ id: number }>(module).data.id,
    other,
  };
}

const wherePresent = (openid: string) => wherePresentIn(t.database.db, openid);

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

  it(
    'erases the player once the cooling-off is over: no table holds the openid outside the receipt',
    { timeout: 60_000 },
    async () => {
      const openid = newOpenid();
      const made = await playerEverywhere(openid);
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
      // Inside a longer string: replaced by the pseudonym; in a list: removed, the other player stays.
      const param = body<{ target: string; note: string }>(
        await t.admin.get(`/api/v1/debug-params/${made.paramId}`),
      ).data;
      expect(param).toMatchObject({
        target: `erased-${request.id}`,
        note: `asked by player erased-${request.id} on the phone`,
      });
      const module = body<{ whitelist: string[] }>(
        await t.admin.get(`/api/v1/feature-modules/${made.moduleId}`),
      ).data;
      expect(module.whitelist).toEqual([made.other]);

      // Erased once: a second run changes nothing; a closed request cannot be held.
      expect(await eraseDue(t.database.db, t.app.jobs)).toBe(0);
      const hold = await t.admin.put(`/api/v1/account-cancellations/${request.id}`, {
        legal_hold: true,
        version: erased.version,
      });
      expect(body(hold).code).toBe(422001);
    },
  );

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

  it(
    'erases as a job, a step per table, progress on the job; a restart mid-erasure finishes it, once',
    { timeout: 60_000 },
    async () => {
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
    },
  );

  it(
    'replaces the openid inside JSON at any depth and inside longer texts, and leaves a longer openid alone',
    { timeout: 60_000 },
    async () => {
      const openid = newOpenid();
      // Another player whose openid starts with this one's.
      const longer = `${openid}9`;
      const request = await ask(openid);
      const gone = `erased-${request.id}`;
      const [game] = await queryRows<{ cp_id: number }>(
        t.database.db,
        sql`select cp_id from products where id = ${t.productId}`,
      );
      const shapes = (id: string) => ({
        exact: id,
        sentence: `player ${id} complained`,
        lines: `first line\n${id}, second line`,
        nested: { deeper: [{ who: id }, [`seen at ${id}.`, 3]] },
        [id]: { as: 'a key' },
        list: [id, longer, 'someone'],
        number: 7,
        flag: true,
        none: null,
      });
      const log = async (id: string) => {
        const [row] = await queryRows<{ id: number }>(
          t.database.db,
          sql`insert into operation_logs (cp_id, product_id, action, target_type, target_id, target_name, after)
              values (${game!.cp_id}, ${t.productId}, 'update', 'player', ${id}, ${`Player ${id} (VIP)`},
                      ${JSON.stringify(shapes(id))}::jsonb)
              returning id`,
        );
        return row!.id;
      };
      const mine = await log(openid);
      const theirs = await log(longer);
      await endCoolingOff(request.id);
      await eraseDue(t.database.db, t.app.jobs);
      expect((await get(request.id)).status).toBe('erased');

      const read = async (id: number) =>
        (
          await queryRows<{ target_id: string; target_name: string; after: unknown }>(
            t.database.db,
            sql`select target_id, target_name, after from operation_logs where id = ${id}`,
          )
        )[0];
      expect(await read(mine)).toEqual({
        target_id: gone,
        target_name: `Player ${gone} (VIP)`,
        after: {
          exact: gone,
          sentence: `player ${gone} complained`,
          lines: `first line\n${gone}, second line`,
          nested: { deeper: [{ who: gone }, [`seen at ${gone}.`, 3]] },
          [gone]: { as: 'a key' },
          list: [gone, longer, 'someone'],
          number: 7,
          flag: true,
          none: null,
        },
      });
      // The other player's entry is untouched, though it contains this openid as a prefix.
      expect(await read(theirs)).toEqual({
        target_id: longer,
        target_name: `Player ${longer} (VIP)`,
        after: shapes(longer),
      });
      // Where this openid is still written, it is inside the longer one only.
      expect(await wherePresent(openid)).toEqual(await wherePresent(longer));
    },
  );
  it(
    "finds the player's event ids by the openid stored with them (its index), and the ids stored without one by a search of those only",
    { timeout: 60_000 },
    async () => {
      const openid = newOpenid();
      const other = `${openid}9`;
      const opaque = `evt${tag}z${++n}`;
      const res = await report([
        { type: 'login', event_id: `${openid}-l`, openid, at: at(5), ip: '10.0.0.9' },
        // An id that does not quote the openid: found by the openid stored with it.
        { type: 'login', event_id: opaque, openid, at: at(4), ip: '10.0.0.9' },
        { type: 'login', event_id: `${other}-l`, openid: other, at: at(3), ip: '10.0.0.8' },
      ]);
      expect(body(res).code).toBe(0);
      const db = t.database.db;
      // Ids recorded before the openid was stored with them (null): this player's and another's.
      await db.execute(sql`insert into player_event_ids (product_id, event_id, openid, received_at) values
        (${t.productId}, ${`old-${openid}-l`}, null, now() - interval '2 days'),
        (${t.productId}, ${`old-${other}-l`}, null, now() - interval '2 days')`);
      const ids = async (named = openid) =>
        queryRows<{ event_id: string; openid: string | null }>(
          db,
          sql`select event_id, openid from player_event_ids
              where product_id = ${t.productId}
                and (event_id like ${`%${named}%`} or event_id like ${`%${other}%`} or event_id = ${opaque})
              order by event_id collate "C"`,
        );
      expect(await ids()).toEqual(
        [
          { event_id: `${openid}-l`, openid },
          { event_id: `${other}-l`, openid: other },
          { event_id: opaque, openid },
          { event_id: `old-${openid}-l`, openid: null },
          { event_id: `old-${other}-l`, openid: null },
        ].sort((a, b) => (a.event_id < b.event_id ? -1 : 1)),
      );

      const request = await ask(openid);
      const gone = `erased-${request.id}`;
      // The step's search reads the table through an index: with sequential scans priced out, a
      // search the index cannot answer (text inside the ids) would still plan one.
      const step = (await eraseSteps(db)).find((s) => !('delete' in s) && s.table === 'player_event_ids');
      const change = stepChange({ id: request.id, cpId: 0, productId: t.productId, openid }, step as never);
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return queryRows<{ 'QUERY PLAN': string }>(
          tx,
          sql`explain select event_id from player_event_ids where ${change!.where}`,
        );
      });
      const lines = plan.map((line) => line['QUERY PLAN']).join('\n');
      expect(lines).toContain('player_event_ids_openid');
      expect(lines).not.toContain('Seq Scan');

      await endCoolingOff(request.id);
      await eraseDue(db, t.app.jobs);
      expect((await get(request.id)).status).toBe('erased');
      expect(await ids(gone)).toEqual(
        [
          { event_id: `${gone}-l`, openid: gone },
          { event_id: `${other}-l`, openid: other },
          { event_id: opaque, openid: gone },
          { event_id: `old-${gone}-l`, openid: null },
          { event_id: `old-${other}-l`, openid: null },
        ].sort((a, b) => (a.event_id < b.event_id ? -1 : 1)),
      );
      expect((await get(request.id)).receipt!.tables.player_event_ids).toEqual({ deleted: 0, anonymised: 3 });
      expect(await wherePresent(openid)).toEqual(await wherePresent(other));
    },
  );
});
