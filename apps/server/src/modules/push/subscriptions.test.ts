import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pushTasksResource, type PushGrant, type PushTask, type PushTemplate } from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { fakeWechatSubscribe } from '../outside-parties/index.ts';
import { pushLifecycle } from './lifecycle.ts';

// Mini-game subscription through HTTP: templates synced from WeChat (the demo game's fake), their
// field mapping, grants reported by the game, and mini-game sends that take one grant each — once,
// however many sends race for it.

const t = useTestApp({ gameKey: 'mini-game subscription' });
const admin = t.admin;
const tag = Math.random().toString(36).slice(2, 8);
const MG = '/api/v1/push-tasks?kind=mini_game';
const EVENT = 'fake-tmpl-event-reminder';

const templates = async () => body<PushTemplate[]>(await admin.get('/api/v1/push-templates')).data;
const subscribe = (openid: string, templateIds: string[]) =>
  t.signedCall(t.key, 'POST', '/api/game/v1/subscriptions', { openid, template_ids: templateIds });
async function task(fields: object = {}): Promise<PushTask> {
  const res = await admin.post(MG, {
    name: `mg ${Math.random().toString(36).slice(2, 8)}`,
    title: { zh: '双倍经验', en: 'Double XP' },
    body: { zh: '今晚 8 点', en: 'Tonight at 8' },
    target: 'all',
    template_id: EVENT,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<PushTask>(res).data;
}
async function send(one: PushTask): Promise<PushTask> {
  const res = await admin.post(`/api/v1/push-tasks/${one.id}/send?kind=mini_game`, { version: one.version });
  expect(res.statusCode, res.body).toBe(200);
  return body<PushTask>(res).data;
}
/** Waits for a sent task's job (started once committed) to finish. */
async function finished(one: PushTask): Promise<void> {
  await expect
    .poll(
      async () => body<PushTask>(await admin.get(`/api/v1/push-tasks/${one.id}?kind=mini_game`)).data.status,
      { timeout: 30_000 },
    )
    .not.toBe('sending');
}
const grantsOf = async (openid: string) =>
  body<{ list: PushGrant[] }>(await admin.get(`/api/v1/push-grants?openid=${openid}`)).data.list;
const sentTo = (openid: string) => fakeWechatSubscribe().sent.filter((s) => s.message.token === openid);

describe('templates', () => {
  it('syncs from WeChat (added, kept, removed), logs it, and keeps a mapping to the fields', async () => {
    const first = await admin.post('/api/v1/push-templates/sync');
    expect(first.statusCode, first.body).toBe(200);
    expect(body(first).data).toEqual({ added: 2, updated: 0, removed: 0 });
    const list = await templates();
    const event = list.find((x) => x.template_id === EVENT)!;
    expect(event).toMatchObject({ fields: ['thing1', 'time2', 'thing3'], status: 'active' });
    expect((await t.logsOf('push_template', event.id)).length).toBe(1);

    // A field the template lacks, a stale version: refused, nothing changed.
    const wrong = await admin.put(`/api/v1/push-templates/${event.id}`, {
      mapping: [{ key: 'nope9', value: 'x' }],
      version: event.version,
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(body<{ fields: object }>(wrong).data.fields)).toEqual(['mapping.0.key']);
    const stale = await admin.put(`/api/v1/push-templates/${event.id}`, {
      mapping: [{ key: 'thing1', value: '{title}' }],
      version: event.version + 5,
    });
    expect(stale.statusCode).toBe(409);
    const nul = await admin.put(`/api/v1/push-templates/${event.id}`, {
      mapping: [{ key: 'thing1', value: 'a\u0000' }],
      version: event.version,
    });
    expect(nul.statusCode).toBe(400);
    const mapped = await admin.put(`/api/v1/push-templates/${event.id}`, {
      mapping: [
        { key: 'thing1', value: '{title}' },
        { key: 'thing3', value: '{body}' },
      ],
      version: event.version,
    });
    expect(mapped.statusCode, mapped.body).toBe(200);

    // WeChat drops the reward template: marked removed; the mapping of the other is kept.
    fakeWechatSubscribe().templates = fakeWechatSubscribe().templates.filter((x) => x.id === EVENT);
    expect(body(await admin.post('/api/v1/push-templates/sync')).data).toEqual({
      added: 0,
      updated: 0,
      removed: 1,
    });
    const after = await templates();
    expect(after.find((x) => x.template_id === 'fake-tmpl-reward')!.status).toBe('removed');
    expect(after.find((x) => x.template_id === EVENT)!.mapping).toEqual([
      { key: 'thing1', value: '{title}' },
      { key: 'time2', value: '' },
      { key: 'thing3', value: '{body}' },
    ]);
    // A send names a synced template of the game.
    const unknown = await admin.post(MG, {
      name: 'x',
      title: { zh: 'x' },
      body: { zh: 'x' },
      target: 'all',
      template_id: 'fake-tmpl-reward',
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(body<{ fields: object }>(unknown).data.fields)).toEqual(['template_id']);
  });

  it("are the subscription page's: app push's permission does not reach them", async () => {
    const appOnly = await t.staff([pushTasksResource.permissionsBy!.app!.see]);
    expect((await appOnly.get('/api/v1/push-templates')).statusCode).toBe(403);
    expect((await appOnly.get(MG)).statusCode).toBe(403);
    const mgOnly = await t.staff([pushTasksResource.permissionsBy!.mini_game!.see]);
    expect((await mgOnly.get('/api/v1/push-templates')).statusCode).toBe(200);
    expect((await mgOnly.get('/api/v1/push-grants')).statusCode).toBe(200);
    expect((await mgOnly.post('/api/v1/push-templates/sync')).statusCode).toBe(403);
  });
});

describe('grants and sends', () => {
  it('grants one send per acceptance; a send reaches only holders and takes their grant', async () => {
    const [a, b, c] = ['a', 'b', 'c'].map((x) => `${tag}_${x}`);
    expect(body(await subscribe(a!, [EVENT])).data).toEqual({
      grants: [{ template_id: EVENT, remaining: 1 }],
    });
    expect(body(await subscribe(a!, [EVENT])).data).toEqual({
      grants: [{ template_id: EVENT, remaining: 2 }],
    });
    expect((await subscribe(b!, [EVENT])).statusCode).toBe(200);
    // c accepted another template only.
    expect((await subscribe(c!, ['fake-tmpl-reward'])).statusCode).toBe(200);
    const bad = await subscribe(`${tag}_d`, []);
    expect(bad.statusCode).toBe(400);
    expect((await subscribe(`${tag}_\u0000`, [EVENT])).statusCode).toBe(400);

    const one = await send(await task({ target: 'players', openids: [a, b, c] }));
    expect(one.targeted).toBe(2);
    await finished(one);
    expect(sentTo(a!)).toHaveLength(1);
    expect(sentTo(c!)).toHaveLength(0);
    // The template's mapping: `{title}` in the player's language.
    expect(sentTo(a!)[0]!.message.data).toEqual({ thing1: '双倍经验', thing3: '今晚 8 点' });
    expect((await grantsOf(a!))[0]).toMatchObject({ granted: 2, used: 1, remaining: 1 });
    expect((await grantsOf(b!))[0]).toMatchObject({ granted: 1, used: 1, remaining: 0 });
    // b has none left: the next send reaches a only.
    const two = await send(await task({ target: 'players', openids: [a, b] }));
    expect(two.targeted).toBe(1);
    await finished(two);
  });

  it('a failed send gives the grant back', async () => {
    const who = `${tag}_f`;
    await subscribe(who, [EVENT]);
    fakeWechatSubscribe().failNext('fail');
    const one = await send(await task({ target: 'players', openids: [who] }));
    await finished(one);
    expect((await grantsOf(who))[0]).toMatchObject({ used: 0, remaining: 1 });
  });

  it('a grant is consumed once under 20 parallel sends', async () => {
    const who = `${tag}_race`;
    await subscribe(who, [EVENT]);
    // Twenty sends scheduled (each counting the player's one grant), started together by the
    // scheduler's start, their jobs run at once.
    const scheduled: PushTask[] = [];
    for (let i = 0; i < 20; i++)
      scheduled.push(
        await send(
          await task({
            target: 'players',
            openids: [who],
            send_at: new Date(Date.now() + 3600_000).toISOString(),
          }),
        ),
      );
    expect(scheduled.every((x) => x.status === 'scheduled' && x.targeted === 1)).toBe(true);
    const [owner] = await queryRows<{ cp_id: number }>(
      t.database.db,
      sql`select cp_id from push_tasks where id = ${scheduled[0]!.id}::int`,
    );
    const started = await Promise.all(
      scheduled.map((x) =>
        t.database.db.transaction((tx) =>
          pushLifecycle.startDue(tx, { cpId: Number(owner!.cp_id), productId: x.product_id, id: x.id }),
        ),
      ),
    );
    await Promise.all(started.map((x) => t.app.jobs.runJob(x!.jobId!)));
    expect(sentTo(who)).toHaveLength(1);
    expect((await grantsOf(who))[0]).toMatchObject({ granted: 1, used: 1, remaining: 0 });
    const states = await queryRows<{ state: string; reason: string; n: number }>(
      t.database.db,
      sql`select state, reason, count(*)::int as n from push_deliveries where openid = ${who} group by 1, 2 order by 1`,
    );
    // One sent; the others found no grant (at their claim, or taking it after another had).
    expect(states.filter((s) => s.state === 'sent')).toEqual([{ state: 'sent', reason: '', n: 1 }]);
    expect(states.filter((s) => s.state !== 'sent').every((s) => s.reason === 'no_grant')).toBe(true);
  });
});
