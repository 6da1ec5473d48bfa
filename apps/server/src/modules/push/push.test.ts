import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  pushTasksResource,
  type GamePushTokenBody,
  type PushTask,
  type PushTaskCreate,
  type PushTaskStats,
} from '@rx/contracts';
import { body, describeResource, useTestApp } from '../../../test/index.ts';
import { setParty } from '../../../test/stand-ins/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { fakeFcm } from '../outside-parties/index.ts';
import { pushLifecycle } from './lifecycle.ts';

// App push through HTTP: device tokens from the signed game API, push tasks sent as a job through
// the fake FCM (the demo game's choice), their stats, invalid tokens retired, a send run again.

const t = useTestApp({ gameKey: 'push' });
const admin = t.admin;
const tag = Math.random().toString(36).slice(2, 8);
const hour = 3600_000;

const register = (fields: Partial<GamePushTokenBody>) =>
  t.signedCall(t.key, 'POST', '/api/game/v1/push/tokens', {
    openid: `${tag}_p1`,
    platform: 'android',
    provider: 'fcm',
    token: `tok_${tag}_${Math.random().toString(36).slice(2, 10)}`,
    ...fields,
  });
async function tokenOf(openid: string, fields: Partial<GamePushTokenBody> = {}): Promise<string> {
  const token = `tok_${openid}_${Math.random().toString(36).slice(2, 10)}`;
  const res = await register({ openid, token, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return token;
}
async function draft(fields: Partial<PushTaskCreate> = {}): Promise<PushTask> {
  const res = await admin.post('/api/v1/push-tasks', {
    name: `push ${Math.random().toString(36).slice(2, 8)}`,
    title: { zh: '双倍经验', en: 'Double XP' },
    body: { zh: '今晚 8 点开启', en: 'Tonight at 8' },
    target: 'all',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<PushTask>(res).data;
}
const get = async (id: number) => body<PushTask>(await admin.get(`/api/v1/push-tasks/${id}`)).data;
const act = (task: PushTask, action: string) =>
  admin.post(`/api/v1/push-tasks/${task.id}/${action}`, { version: task.version, reason: '' });
const stats = async (id: number) =>
  body<PushTaskStats>(await admin.get(`/api/v1/push-tasks/${id}/stats`)).data;
/** Sends and runs the send job to its end; answers the task then. */
async function sent(task: PushTask): Promise<PushTask> {
  const res = await act(task, 'send');
  expect(res.statusCode, res.body).toBe(200);
  const moved = body<PushTask>(res).data;
  if (moved.job_id !== null) await t.app.jobs.runJob(moved.job_id);
  return get(task.id);
}
const fakeSends = (taskId: number) => fakeFcm().sent.filter((s) => s.key.startsWith(`push:${taskId}:`));

describe('device tokens (game API)', () => {
  it('registers, refreshes (the old token retired) and unregisters a token; refuses bad input', async () => {
    const openid = `${tag}_dev`;
    const first = await register({
      openid,
      token: `tok_${tag}_aaaaaaaa`,
      locale: 'en-US',
      time_zone: 'Asia/Tokyo',
    });
    expect(body(first).data).toMatchObject({ created: true });
    const again = await register({ openid, token: `tok_${tag}_aaaaaaaa`, app_version: '1.2.0' });
    expect(body(again).data).toMatchObject({ created: false, id: body<{ id: number }>(first).data.id });
    const refreshed = await register({
      openid,
      token: `tok_${tag}_bbbbbbbb`,
      previous_token: `tok_${tag}_aaaaaaaa`,
    });
    expect(body(refreshed).data).toMatchObject({ created: true });
    const rows = await queryRows<{ token: string; status: string; retired_reason: string }>(
      t.database.db,
      sql`select token, status, retired_reason from push_tokens where openid = ${openid} order by id`,
    );
    expect(rows).toEqual([
      { token: `tok_${tag}_aaaaaaaa`, status: 'retired', retired_reason: 'replaced' },
      { token: `tok_${tag}_bbbbbbbb`, status: 'active', retired_reason: '' },
    ]);
    const gone = await t.signedCall(t.key, 'POST', '/api/game/v1/push/tokens/unregister', {
      openid,
      provider: 'fcm',
      token: `tok_${tag}_bbbbbbbb`,
    });
    expect(body(gone).data).toEqual({ retired: true });
    // Someone else's token is not theirs to unregister.
    const notMine = await t.signedCall(t.key, 'POST', '/api/game/v1/push/tokens/unregister', {
      openid: 'somebody',
      provider: 'fcm',
      token: `tok_${tag}_aaaaaaaa`,
    });
    expect(body(notMine).data).toEqual({ retired: false });
    const bad = await register({ openid, provider: 'pigeon' as never, token: 'x', time_zone: 'Mars/Base' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual([
      'provider',
      'time_zone',
      'token',
    ]);
    const nul = await register({ openid, token: 'abcdefgh\u0000' });
    expect(Object.keys(body<{ fields: object }>(nul).data.fields)).toEqual(['token']);
    // Unsigned: refused.
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/game/v1/push/tokens',
      payload: { openid, platform: 'ios', provider: 'apns', token: 'abcdefabcdef' },
    });
    expect(unsigned.statusCode).toBe(401);
  });
});

describe('push tasks', () => {
  it('refuses bad input field by field and stores nothing', async () => {
    const before = body<{ total: number }>(await admin.get('/api/v1/push-tasks')).data.total;
    const res = await admin.post('/api/v1/push-tasks', {
      name: '',
      title: { zh: '' },
      body: { zh: 'x' },
      target: 'players',
      deep_link: 'not a link',
      data: [{ key: 'from', value: 'x' }],
      countries: ['china'],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(body<{ fields: object }>(res).data.fields).sort()).toEqual(
      ['countries.0', 'data.0.key', 'deep_link', 'name', 'openids', 'title.zh'].sort(),
    );
    const unknownGroup = await admin.post('/api/v1/push-tasks', {
      name: 'g',
      title: { zh: 't' },
      body: { zh: 'b' },
      target: 'groups',
      user_group_ids: [99_999_999],
    });
    expect(Object.keys(body<{ fields: object }>(unknownGroup).data.fields)).toEqual(['user_group_ids.0']);
    expect(body<{ total: number }>(await admin.get('/api/v1/push-tasks')).data.total).toBe(before);
  });

  it('sends to a list of players through each device’s provider, in its language; counts what no provider took', async () => {
    // Huawei Push Kit is off for this game: its devices fail `not_set_up`.
    await setParty(admin, 'huawei_push', { mode: 'off' });
    const a = await tokenOf(`${tag}_a`, { locale: 'en-US' });
    const b = await tokenOf(`${tag}_b`, { locale: 'zh-CN' });
    await tokenOf(`${tag}_a`, { platform: 'ios', provider: 'huawei' });
    const task = await sent(
      await draft({
        target: 'players',
        openids: [`${tag}_a`, `${tag}_b`, `${tag}_none`],
        deep_link: 'game://event/1',
        data: [{ key: 'event', value: '42' }],
      }),
    );
    expect(task).toMatchObject({
      status: 'partly_failed',
      targeted: 3,
      sent: 2,
      failed: 1,
      invalid_tokens: 0,
    });
    const messages = fakeSends(task.id).map((s) => s.message);
    expect(messages.find((m) => m.token === a)).toMatchObject({
      title: 'Double XP',
      body: 'Tonight at 8',
      data: { event: '42', deep_link: 'game://event/1', push_task_id: String(task.id) },
    });
    expect(messages.find((m) => m.token === b)).toMatchObject({ title: '双倍经验' });
    // The game reports that a opened it (twice: counted once); "none" was sent nothing.
    const opened = (openid: string) =>
      t.signedCall(t.key, 'POST', '/api/game/v1/push/opened', { openid, task_id: task.id });
    expect(body(await opened(`${tag}_a`)).data).toEqual({ recorded: true });
    expect(body(await opened(`${tag}_a`)).data).toEqual({ recorded: false });
    expect(body(await opened(`${tag}_none`)).data).toEqual({ recorded: false });
    expect(await stats(task.id)).toMatchObject({
      targeted: 3,
      sent: 2,
      failed: 1,
      invalid_token: 0,
      capped: 0,
      opened: 1,
      // An open says it was received.
      delivered: 1,
      deferred: 0,
      quiet: 0,
      pending: 0,
      providers: [
        { provider: 'fcm', sent: 2, failed: 0, invalid_token: 0 },
        { provider: 'huawei', sent: 0, failed: 1, invalid_token: 0 },
      ],
      reasons: [{ reason: 'not_set_up', count: 1 }],
    });
    const page = body<{ total: number; list: { openid: string; state: string }[] }>(
      await admin.get(`/api/v1/push-tasks/${task.id}/deliveries?state=failed`),
    ).data;
    expect(page).toMatchObject({ total: 1, list: [{ openid: `${tag}_a`, state: 'failed' }] });
  });

  it('retires a token the provider calls invalid and never sends to it again', async () => {
    const live = await tokenOf(`${tag}_c`);
    const dead = await tokenOf(`${tag}_d`);
    fakeFcm().unregister(dead);
    const openids = [`${tag}_c`, `${tag}_d`];
    const first = await sent(await draft({ target: 'players', openids }));
    expect(first).toMatchObject({ status: 'sent', targeted: 2, sent: 1, invalid_tokens: 1 });
    const [row] = await queryRows<{ status: string; retired_reason: string }>(
      t.database.db,
      sql`select status, retired_reason from push_tokens where token = ${dead}`,
    );
    expect(row).toEqual({ status: 'retired', retired_reason: 'UNREGISTERED' });
    const second = await sent(await draft({ target: 'players', openids }));
    expect(second).toMatchObject({ status: 'sent', targeted: 1, sent: 1, invalid_tokens: 0 });
    expect(fakeSends(second.id).map((s) => s.message.token)).toEqual([live]);
  });

  it('drops and counts a player over the frequency cap, never queueing the push for them', async () => {
    const busy = `${tag}_busy`;
    const calm = `${tag}_calm`;
    const busyToken = await tokenOf(busy);
    await tokenOf(calm);
    // busy was sent one push already (calm none).
    await sent(await draft({ target: 'players', openids: [busy] }));
    const capped = await sent(
      await draft({ target: 'players', openids: [busy, calm], cap_count: 1, cap_hours: 24 }),
    );
    expect(capped).toMatchObject({ status: 'sent', targeted: 2, sent: 1, failed: 0 });
    expect(await stats(capped.id)).toMatchObject({ sent: 1, capped: 1, pending: 0 });
    expect(fakeSends(capped.id).map((s) => s.message.token)).not.toContain(busyToken);
    // With a cap of two, one push before is under it.
    const under = await sent(
      await draft({ target: 'players', openids: [busy], cap_count: 2, cap_hours: 24 }),
    );
    expect(under).toMatchObject({ sent: 1 });
  });

  it('sends to each device of a batch once, the batch taking turns with other work', async () => {
    const openids = Array.from({ length: 150 }, (_, i) => `${tag}_many${i}`);
    await t.database.db.execute(sql`insert into push_tokens (product_id, openid, platform, provider, token)
      select ${t.productId}::int, ${`${tag}_many`} || n, 'android', 'fcm', ${`tok_${tag}_many`} || n
      from generate_series(0, 149) n`);
    const task = await sent(await draft({ target: 'players', openids }));
    expect(task).toMatchObject({ status: 'sent', targeted: 150, sent: 150, failed: 0 });
    const tokens = fakeSends(task.id).map((s) => s.message.token);
    expect(tokens).toHaveLength(150);
    expect(new Set(tokens).size).toBe(150);
  });

  it('finishes a send run again after a restart without sending twice', async () => {
    const openids = Array.from({ length: 6 }, (_, i) => `${tag}_r${i}`);
    for (const openid of openids) await tokenOf(openid);
    const task = await sent(await draft({ target: 'players', openids }));
    expect(task).toMatchObject({ status: 'sent', sent: 6 });
    // As after a crash mid-batch: the task sending again, its items pending, two claims never answered.
    const db = t.database.db;
    await db.execute(sql`update push_deliveries set state = 'sending' where task_id = ${task.id}::int
      and token_id in (select token_id from push_deliveries where task_id = ${task.id}::int order by token_id limit 2)`);
    await db.execute(
      sql`update push_tasks set status = 'sending', chunks_done = '[]'::jsonb where id = ${task.id}::int`,
    );
    await db.execute(sql`update job_items set status = 'pending' where job_id = ${task.job_id}::int`);
    await db.execute(sql`update jobs set status = 'running', done = 0 where id = ${task.job_id}::int`);
    await t.app.jobs.runJob(task.job_id!);
    expect(fakeSends(task.id)).toHaveLength(6);
    expect(await get(task.id)).toMatchObject({ status: 'partly_failed', sent: 4, failed: 2 });
    expect((await stats(task.id)).reasons).toEqual([{ reason: 'interrupted', count: 2 }]);
  });

  it('schedules for its send time, cancels back to a draft; only a draft is edited or deleted', async () => {
    await tokenOf(`${tag}_s`);
    const task = await draft({
      target: 'players',
      openids: [`${tag}_s`],
      send_at: new Date(Date.now() + hour).toISOString(),
    });
    const scheduled = body<PushTask>(await act(task, 'send')).data;
    expect(scheduled).toMatchObject({ status: 'scheduled', job_id: null, targeted: 1 });
    const edit = await admin.put(`/api/v1/push-tasks/${task.id}`, { version: scheduled.version, name: 'x' });
    expect(body(edit).code).toBe(422001);
    expect(body(await admin.del(`/api/v1/push-tasks/${task.id}`)).code).toBe(422001);
    // The scheduler's start, called directly: it goes out then.
    const [row] = await queryRows<{ cp_id: number }>(
      t.database.db,
      sql`select cp_id from push_tasks where id = ${task.id}::int`,
    );
    const started = await t.database.db.transaction((tx) =>
      pushLifecycle.startDue(tx, { cpId: Number(row!.cp_id), productId: scheduled.product_id, id: task.id }),
    );
    expect(started?.status).toBe('sending');
    await t.app.jobs.runJob(started!.jobId!);
    expect(await get(task.id)).toMatchObject({ status: 'sent', sent: 1 });
    expect(body(await act(await get(task.id), 'cancel')).code).toBe(422001);
  });

  it('cancels a scheduled task back to a draft; stop is refused outside sending', async () => {
    const task = await draft({ send_at: new Date(Date.now() + hour).toISOString() });
    const scheduled = body<PushTask>(await act(task, 'send')).data;
    expect(body(await act(scheduled, 'stop')).code).toBe(422001);
    const back = await act(scheduled, 'cancel');
    expect(back.statusCode, back.body).toBe(200);
    expect(body<PushTask>(back).data.status).toBe('draft');
  });

  it('exports the list', async () => {
    const task = await draft({ name: `export-${tag}` });
    const res = await admin.get(`/api/v1/push-tasks/export?q=export-${tag}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(`export-${tag}`);
    expect(res.body.split('\n')[0]).toContain('invalid_tokens');
    expect(res.body.split('\n')[0]).toMatch(/^\uFEFF?id,name,kind,template_id,page,status,/);
    expect(res.body).toMatch(new RegExp(`${task.id},export-${tag},app,,,draft,`));
    expect(task.status).toBe('draft');
  });
});

describeResource(pushTasksResource, {
  sample: (n) => ({ name: `Push ${n}`, title: { zh: `标题 ${n}` }, body: { zh: '正文' }, target: 'all' }),
  change: { name: 'Renamed', ttl_seconds: 3600 },
  invalid: {
    body: { name: 'x', title: { zh: 't' }, body: { zh: 'b' }, target: 'everyone' },
    field: 'target',
  },
});
