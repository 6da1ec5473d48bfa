import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  sanctionsResource,
  type GamePlayerStatus,
  type JobItemStatusName,
  type PlayerEventResult,
  type SanctionItem,
} from '@rx/contracts';
import { bearer, body, type Client, signInAs, useTestApp } from '../../../test/index.ts';
import { openidList } from '../../../test/multipart.ts';
import { jobItems, jobs } from '../../db/jobs.ts';
import type { FakeGameAdapter } from './index.ts';
import { expireSanctions, gameAdapter, setKickTimeout } from './index.ts';
import { sanctions } from './tables.ts';

// Bans, mutes and kicks: staff sanction players; games see it at once through the signed game API.

const t = useTestApp({ gameKey: 'sanctions', tankwar: true });
const admin = t.admin;
const fake = gameAdapter() as FakeGameAdapter;
const tag = Date.now().toString(36);
const openid = (n: number) => `s${tag}_${n}`;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
let eventSeq = 0;

/** A sign-in as a game reports it; answers the event's result. */
async function login(id: string, device = '', k = t.key): Promise<PlayerEventResult> {
  const res = await t.signedCall(k, 'POST', '/api/game/v1/players/events', {
    events: [
      {
        type: 'login',
        event_id: `${tag}-e${++eventSeq}`,
        openid: id,
        at: at(1),
        ...(device ? { device_id: device } : {}),
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ results: PlayerEventResult[] }>(res).data.results[0]!;
}
async function status(id: string, k = t.key): Promise<GamePlayerStatus> {
  const res = await t.signedCall(k, 'GET', `/api/game/v1/players/${id}/status`);
  expect(res.statusCode, res.body).toBe(200);
  return body<GamePlayerStatus>(res).data;
}
async function sanction(api: Client, id: string, payload: object) {
  return api.post(`/api/v1/players/${id}/sanctions`, payload);
}
async function created(api: Client, id: string, payload: object): Promise<SanctionItem> {
  const res = await sanction(api, id, payload);
  expect(res.statusCode, res.body).toBe(200);
  return body<SanctionItem>(res).data;
}
const uploadList = (lines: string[], token = t.user.access_token) =>
  openidList(t.app, token, `${lines.join('\n')}\n`);
async function itemsOf(jobId: number) {
  return t.database.db
    .select({
      status: jobItems.status,
      message: jobItems.message,
      input: jobItems.input,
      output: jobItems.output,
    })
    .from(jobItems)
    .where(eq(jobItems.jobId, jobId))
    .orderBy(jobItems.seq);
}

beforeAll(async () => {
  // The players: each signs in once (player 1 from two devices).
  for (let n = 1; n <= 12; n++) expect((await login(openid(n), `dev-${tag}-${n}`)).status).toBe('ok');
  expect((await login(openid(1), `dev-${tag}-1b`)).status).toBe('ok');
  setKickTimeout(50);
});
beforeEach(() => fake.reset());

describe('sanctions', () => {
  it('an account ban is visible to the game at once and refuses the sign-in; lifting lets it in', async () => {
    expect(await status(openid(1))).toEqual({ openid: openid(1), bans: [], mutes: [] });
    const ban = await created(admin, openid(1), {
      kind: 'account',
      duration_minutes: 1440,
      reason: 'cheating',
    });
    expect(ban).toMatchObject({
      kind: 'account',
      status: 'active',
      reason: 'cheating',
      created_by: { username: 'admin' },
    });
    // The account ban is pushed to the game (sessions end).
    expect(ban.delivery).toBe('ok');
    expect(fake.calls).toMatchObject([{ openid: openid(1), reason: 'cheating', outcome: 'ok' }]);

    const seen = await status(openid(1));
    expect(seen.bans).toEqual([{ kind: 'account', ends_at: ban.ends_at, reason: 'cheating' }]);
    expect(await login(openid(1))).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/account banned/),
    });
    // Another account is not affected.
    expect((await login(openid(2))).status).toBe('ok');

    // The same ban twice while one is in force: refused, nothing added.
    const twice = await sanction(admin, openid(1), { kind: 'account', permanent: true, reason: 'again' });
    expect(body(twice)).toMatchObject({ code: 400001, data: { fields: { kind: expect.any(String) } } });

    const lifted = await admin.post(`/api/v1/players/${openid(1)}/sanctions/${ban.id}/lift`, {
      reason: 'appeal accepted',
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(body<SanctionItem>(lifted).data).toMatchObject({
      status: 'lifted',
      lift_reason: 'appeal accepted',
      lifted_by: { username: 'admin' },
    });
    expect((await status(openid(1))).bans).toEqual([]);
    expect((await login(openid(1))).status).toBe('ok');
    // Lifting twice: not in this state.
    expect(
      body(await admin.post(`/api/v1/players/${openid(1)}/sanctions/${ban.id}/lift`, { reason: 'x' })).code,
    ).toBe(422001);
    const logs = await t.logsOf('sanction', ban.id);
    expect(logs.map((l) => l.action)).toEqual(['revoke', 'create']);
    expect(logs[1]).toMatchObject({ username: 'admin', targetName: expect.stringContaining(openid(1)) });
  });

  it("a device ban refuses another account's sign-in on that device", async () => {
    const device = `dev-${tag}-3`;
    // Only one of the player's own devices.
    const foreign = await sanction(admin, openid(3), {
      kind: 'device',
      device_id: 'not-theirs',
      permanent: true,
      reason: 'x',
    });
    expect(body(foreign)).toMatchObject({
      code: 400001,
      data: { fields: { device_id: expect.any(String) } },
    });
    await created(admin, openid(3), {
      kind: 'device',
      device_id: device,
      permanent: true,
      reason: 'farm device',
    });
    expect((await status(openid(3))).bans).toEqual([
      { kind: 'device', device_id: device, ends_at: null, reason: 'farm device' },
    ]);
    expect(await login(openid(4), device)).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/device banned/),
    });
    expect((await login(openid(4), `dev-${tag}-4`)).status).toBe('ok');
    // The same device in another game is not banned there.
    expect((await login(openid(4), device, t.tankKey)).status).toBe('ok');
  });

  it('feature bans and mutes show in the status; a temporary one ends on time, even before the task runs', async () => {
    const chat = await created(admin, openid(5), {
      kind: 'feature',
      feature: 'chat',
      duration_minutes: 60,
      reason: 'spam',
    });
    const mute = await created(admin, openid(5), { kind: 'mute', duration_minutes: 60, reason: 'insults' });
    const seen = await status(openid(5));
    expect(seen.bans).toEqual([{ kind: 'feature', feature: 'chat', ends_at: chat.ends_at, reason: 'spam' }]);
    expect(seen.mutes).toEqual([{ ends_at: mute.ends_at, reason: 'insults' }]);
    expect((await login(openid(5))).status).toBe('ok');

    // The end passes (moved into the past rather than waited for): the status API compares the
    // end with now, so the game sees nothing before the expiry task ran.
    await t.database.db
      .update(sanctions)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(sanctions.id, chat.id));
    expect((await status(openid(5))).bans).toEqual([]);
    const list = body<SanctionItem[]>(await admin.get(`/api/v1/players/${openid(5)}/sanctions`)).data;
    expect(list.find((s) => s.id === chat.id)!.status).toBe('expired');
    // The task (as its schedule fires it) marks it expired.
    expect(await expireSanctions(t.database.db, chat.id)).toBe(1);
    const [row] = await t.database.db.select().from(sanctions).where(eq(sanctions.id, chat.id));
    expect(row!.status).toBe('expired');
    // Its one-off was scheduled at the end; the mute's too.
    const schedules = await t.database.db.execute(
      sql`select key, run_at from schedules where key in (${`sanction-expire:${chat.id}`}, ${`sanction-expire:${mute.id}`})`,
    );
    expect((schedules as unknown as { rows: unknown[] }).rows).toHaveLength(2);
  });

  it('extends a sanction: later, or permanent; never earlier', async () => {
    const ban = await created(admin, openid(6), { kind: 'account', duration_minutes: 60, reason: 'abuse' });
    const earlier = await admin.post(`/api/v1/players/${openid(6)}/sanctions/${ban.id}/extend`, {
      ends_at: new Date(Date.now() + 60_000).toISOString(),
      reason: 'shorter',
    });
    expect(body(earlier)).toMatchObject({ code: 400001, data: { fields: { ends_at: expect.any(String) } } });
    const later = await admin.post(`/api/v1/players/${openid(6)}/sanctions/${ban.id}/extend`, {
      duration_minutes: 1440,
      reason: 'repeat offence',
    });
    expect(later.statusCode, later.body).toBe(200);
    const extended = body<SanctionItem>(later).data;
    expect(Date.parse(extended.ends_at!) - Date.parse(ban.ends_at!)).toBe(1440 * 60_000);
    expect((await status(openid(6))).bans[0]!.ends_at).toBe(extended.ends_at);
    const forever = await admin.post(`/api/v1/players/${openid(6)}/sanctions/${ban.id}/extend`, {
      permanent: true,
      reason: 'final',
    });
    expect(body<SanctionItem>(forever).data.ends_at).toBeNull();
    expect((await t.logsOf('sanction', ban.id))[0]).toMatchObject({ action: 'update' });
  });

  it('kicks through the game adapter; a failed kick is reported and retried by a job', async () => {
    const kick = await created(admin, openid(7), { kind: 'kick', reason: 'stuck session' });
    expect(kick).toMatchObject({ kind: 'kick', status: 'done', delivery: 'ok', retry_job_id: null });
    expect(fake.calls).toEqual([
      { productId: expect.any(Number), openid: openid(7), reason: 'stuck session', outcome: 'ok' },
    ]);

    // The game does not answer once (timeout), then is back: the job's retry reaches it.
    fake.failNext(1, 'timeout');
    const late = await created(admin, openid(7), { kind: 'kick', reason: 'again' });
    expect(late.delivery).toBe('pending');
    expect(late.retry_job_id).toEqual(expect.any(Number));
    await t.app.jobs.runJob(late.retry_job_id!);
    let list = body<SanctionItem[]>(await admin.get(`/api/v1/players/${openid(7)}/sanctions`)).data;
    expect(list.find((s) => s.id === late.id)!.delivery).toBe('ok');
    expect(fake.calls.slice(1).map((c) => c.outcome)).toEqual(['timeout', 'ok']);

    // The game refuses every time: the job fails, the sanction reads failed; the staff member was told.
    fake.mode = 'fail';
    const failed = await created(admin, openid(7), { kind: 'kick', reason: 'third' });
    await t.app.jobs.runJob(failed.retry_job_id!);
    list = body<SanctionItem[]>(await admin.get(`/api/v1/players/${openid(7)}/sanctions`)).data;
    expect(list.find((s) => s.id === failed.id)!.delivery).toBe('failed');
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.id, failed.retry_job_id!));
    expect(job).toMatchObject({ kind: 'sanctions.kick', status: 'failed', failed: 1 });
    const notes = await t.database.db.execute(
      sql`select title from notifications where kind = 'system' and title like ${`%${openid(7)}%`}`,
    );
    expect((notes as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(2);
    // Once the game is back, retrying the job delivers it.
    fake.mode = 'ok';
    expect(await t.app.jobs.retry(failed.retry_job_id!)).toBe(true);
    await t.app.jobs.runJob(failed.retry_job_id!);
    list = body<SanctionItem[]>(await admin.get(`/api/v1/players/${openid(7)}/sanctions`)).data;
    expect(list.find((s) => s.id === failed.id)!.delivery).toBe('ok');
  });

  it('bad input is refused with the catalogue error and changes nothing', async () => {
    const count = async () =>
      Number(
        (
          (await t.database.db.execute(sql`select count(*)::int as n from sanctions`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    const before = await count();
    const cases: [object, string][] = [
      [{ kind: 'account', duration_minutes: 60 }, 'reason'],
      [{ kind: 'account', duration_minutes: 60, reason: '  ' }, 'reason'],
      [{ kind: 'account', reason: 'no length' }, 'duration_minutes'],
      [{ kind: 'account', permanent: true, duration_minutes: 5, reason: 'both' }, 'duration_minutes'],
      [{ kind: 'feature', permanent: true, reason: 'which feature' }, 'feature'],
      [{ kind: 'feature', feature: 'flying', permanent: true, reason: 'x' }, 'feature'],
      [{ kind: 'device', permanent: true, reason: 'which device' }, 'device_id'],
      [{ kind: 'mute', ends_at: at(5), reason: 'in the past' }, 'ends_at'],
      [{ kind: 'nuke', permanent: true, reason: 'x' }, 'kind'],
    ];
    for (const [payload, field] of cases) {
      const res = await sanction(admin, openid(8), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res)).toMatchObject({ code: 400001, data: { fields: { [field]: expect.any(String) } } });
    }
    // A Chinese caller reads the message in Chinese.
    const zh = await t.app.inject({
      method: 'POST',
      url: `/api/v1/players/${openid(8)}/sanctions`,
      headers: {
        ...bearer(t.user.access_token),
        'x-product-id': String(t.productId),
        'accept-language': 'zh',
      },
      payload: { kind: 'account', permanent: true },
    });
    expect(body<{ fields: Record<string, string> }>(zh).data.fields.reason).toMatch(/必填/);
    expect(
      (await sanction(admin, 'nobody-here', { kind: 'mute', permanent: true, reason: 'x' })).statusCode,
    ).toBe(404);
    expect(await count()).toBe(before);
  });

  it('checks permissions and keeps games apart', async () => {
    const viewer = t.client(
      (await signInAs(t.app, await t.staffWith(['user/see/user']))).user.access_token,
      t.productId,
    );
    expect((await viewer.get(`/api/v1/players/${openid(9)}/sanctions`)).statusCode).toBe(200);
    const refused = await sanction(viewer, openid(9), { kind: 'mute', permanent: true, reason: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).code).toBe(403001);
    expect((await viewer.get('/api/v1/sanctions')).statusCode).toBe(403);
    expect(
      (
        await viewer.post('/api/v1/sanctions/bulk', {
          file_id: 'x',
          kind: 'mute',
          permanent: true,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);

    // A ban in xianxia is not seen from tankwar (neither the console nor the game API).
    const ban = await created(admin, openid(9), { kind: 'account', permanent: true, reason: 'isolation' });
    expect(body<SanctionItem[]>(await t.tank.get(`/api/v1/players/${openid(9)}/sanctions`)).data).toEqual([]);
    expect(
      (await t.tank.post(`/api/v1/players/${openid(9)}/sanctions/${ban.id}/lift`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      body<{ list: SanctionItem[] }>(await t.tank.get(`/api/v1/sanctions?openid=${openid(9)}`)).data.list,
    ).toEqual([]);
    expect((await status(openid(9), t.tankKey)).bans).toEqual([]);
    expect((await status(openid(9))).bans).toHaveLength(1);
    // Another CP's staff cannot reach it either.
    const foreign = t.client((await signInAs(t.app, 'ops_hw')).user.access_token, t.productId);
    expect([403, 404]).toContain((await foreign.get(`/api/v1/players/${openid(9)}/sanctions`)).statusCode);
  });

  it('lists sanctions across players with filters', async () => {
    const page = body<{ list: SanctionItem[]; total: number }>(
      await admin.get(`/api/v1/sanctions?openid=${openid(5)}&kind=mute&status=active`),
    ).data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ openid: openid(5), kind: 'mute', status: 'active' });
    const expired = body<{ list: SanctionItem[] }>(
      await admin.get(`/api/v1/sanctions?openid=${openid(5)}&status=expired`),
    ).data.list;
    expect(expired.map((s) => s.kind)).toEqual(['feature']);
    expect(body(await admin.get('/api/v1/sanctions?status=gone')).code).toBe(400001);
  });

  it('exports the sanctions the filters find, naming who set them', async () => {
    const res = await admin.get(`/api/v1/sanctions/export?format=csv&openid=${openid(5)}&kind=mute`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'id,openid,kind,feature,device_id,reason,status,starts_at,ends_at,created_by,created_at,lifted_by,lifted_at,lift_reason,delivery',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${openid(5)},mute,`);
    expect(lines[1]).toContain(',admin,');
    expect(body(await admin.get('/api/v1/sanctions/export?format=csv&kind=nonsense')).code).toBe(400001);
  });

  it('bulk from an openid file runs as a job with a result per line', async () => {
    // Player 11 is already muted.
    await created(admin, openid(11), { kind: 'mute', duration_minutes: 60, reason: 'earlier' });
    const fileId = await uploadList([
      'openid',
      openid(10),
      openid(11),
      `ghost_${tag}`,
      openid(10),
      '',
      openid(12),
    ]);
    const res = await admin.post('/api/v1/sanctions/bulk', {
      file_id: fileId,
      kind: 'mute',
      duration_minutes: 120,
      reason: 'raid spam',
    });
    expect(res.statusCode, res.body).toBe(202);
    const { job_id, count } = body<{ job_id: number; count: number }>(res).data;
    expect(count).toBe(5); // the header line counts as an (unknown) openid; repeats and blanks do not
    await t.app.jobs.runJob(job_id);
    const items = await itemsOf(job_id);
    const byOpenid = Object.fromEntries(
      items.map((i) => [
        (i.input as { openid: string }).openid,
        [i.status as JobItemStatusName, (i.output as { result?: string } | null)?.result ?? i.message],
      ]),
    );
    expect(byOpenid).toEqual({
      openid: ['error', 'unknown openid'],
      [openid(10)]: ['ok', 'ok'],
      [openid(11)]: ['ok', 'already'],
      [`ghost_${tag}`]: ['error', 'unknown openid'],
      [openid(12)]: ['ok', 'ok'],
    });
    expect((await status(openid(10))).mutes).toHaveLength(1);
    expect((await status(openid(12))).mutes[0]).toMatchObject({ reason: 'raid spam' });
    expect((await status(openid(11))).mutes).toEqual([{ ends_at: expect.any(String), reason: 'earlier' }]);
    const list = body<{ list: SanctionItem[] }>(await admin.get(`/api/v1/sanctions?openid=${openid(10)}`))
      .data.list;
    expect(list[0]).toMatchObject({ job_id, kind: 'mute' });
    // A file that is not an uploaded openid list of this CP.
    const bad = await admin.post('/api/v1/sanctions/bulk', {
      file_id: 'nope',
      kind: 'mute',
      permanent: true,
      reason: 'x',
    });
    expect(body(bad)).toMatchObject({ code: 400001, data: { fields: { file_id: expect.any(String) } } });
  });

  it('a bulk above the threshold waits for a second person; the maker cannot approve it', async () => {
    const risk = sanctionsResource.permissions;
    const policies = await admin.put('/api/v1/approval-policies', {
      policies: [{ action: risk.approve, threshold: 101 }],
    });
    expect(policies.statusCode, policies.body).toBe(200);
    const makerName = await t.staffWith([risk.see, risk.edit, risk.approve]);
    const makerToken = (await signInAs(t.app, makerName)).user.access_token;
    const maker = t.client(makerToken, t.productId);
    const checker = t.client(
      (await signInAs(t.app, await t.staffWith([risk.see, risk.approve]))).user.access_token,
    );
    const many = Array.from({ length: 101 }, (_, i) => `bulk${tag}_${i}`);
    many[0] = openid(12);
    const fileId = await uploadList(many, makerToken);
    const before = await t.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.kind, 'sanctions.bulk'));
    const asked = await maker.post('/api/v1/sanctions/bulk', {
      file_id: fileId,
      kind: 'account',
      permanent: true,
      reason: 'bot ring',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval, count } = body<{ approval: { id: number; status: string }; count: number }>(asked).data;
    expect(count).toBe(101);
    expect(approval.status).toBe('pending');
    // Nothing is banned yet, no job started.
    expect((await status(openid(12))).bans).toEqual([]);
    expect(
      await t.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'sanctions.bulk')),
    ).toHaveLength(before.length);
    expect((await maker.post(`/api/v1/approvals/${approval.id}/approve`, { comment: 'me' })).statusCode).toBe(
      403,
    );
    const approved = await checker.post(`/api/v1/approvals/${approval.id}/approve`, { comment: 'checked' });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'sanctions.bulk'));
    const job = after.find((j) => !before.some((b) => b.id === j.id))!;
    expect(job).toMatchObject({ username: makerName, total: 101 });
    await t.app.jobs.runJob(job.id);
    expect((await status(openid(12))).bans).toEqual([{ kind: 'account', ends_at: null, reason: 'bot ring' }]);
    const items = await itemsOf(job.id);
    expect(items.filter((i) => i.status === 'ok')).toHaveLength(1);
    expect(items.filter((i) => i.message === 'unknown openid')).toHaveLength(100);
    // Below the threshold it starts at once.
    const few = await uploadList([openid(2)], makerToken);
    const direct = await maker.post('/api/v1/sanctions/bulk', {
      file_id: few,
      kind: 'kick',
      reason: 'restart',
    });
    expect(direct.statusCode, direct.body).toBe(202);
    const { job_id } = body<{ job_id: number }>(direct).data;
    await t.app.jobs.runJob(job_id);
    expect((await itemsOf(job_id))[0]).toMatchObject({ status: 'ok' });
    expect(fake.calls.map((c) => c.openid)).toContain(openid(2));
  });
});
