import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  outsideCallsResource,
  type OutsideCallItem,
  type OutsidePartyItem,
  type SanctionItem,
} from '@rx/contracts';
import { body, type Client, signInAs, useTestApp } from '../../../test/index.ts';
import { setParty, startStandIn, type StandIn } from '../../../test/stand-ins/index.ts';
import { outsideParties } from '../../db/outside.ts';
import { gameServerFakes } from './index.ts';

// The console's page of a game's outside parties: the choice (off, fake, real) with settings and
// sealed credentials, and the call log — permissions, validation, scope, and no secret ever shown.

const t = useTestApp({ gameKey: 'outside' });
const admin = t.admin;
const perms = outsideCallsResource.permissions;
const tag = Date.now().toString(36);
const SECRET = `s3cret-${tag}-do-not-show`;
let echo: StandIn;

const parties = async (api: Client) =>
  body<OutsidePartyItem[]>(await api.get('/api/v1/outside-parties')).data;
const gameServerOf = async (api: Client) => (await parties(api)).find((p) => p.party === 'game_server')!;
const calls = async (api: Client, query = '') =>
  body<{ list: OutsideCallItem[]; total: number }>(await api.get(`/api/v1/outside-calls?${query}`)).data;
async function kick(reason: string): Promise<SanctionItem> {
  const openid = `op${tag}`;
  await t.signedCall(t.key, 'POST', '/api/game/v1/players/events', {
    events: [{ type: 'login', event_id: `${openid}-${reason}`, openid, at: new Date().toISOString() }],
  });
  const res = await admin.post(`/api/v1/players/${openid}/sanctions`, { kind: 'kick', reason });
  expect(res.statusCode, res.body).toBe(200);
  return body<SanctionItem>(res).data;
}

beforeAll(async () => {
  // A game server that answers every call with an error quoting secrets back (a careless one).
  echo = await startStandIn((request) => ({
    status: 500,
    body: `config error: signing secret ${SECRET} refused; saw ${request.headers['x-console-signature']}; Authorization: Bearer eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl`,
  }));
});
afterAll(() => echo.close());

describe('settings', () => {
  it('lists every party on the default (the fakes, in tests as in the demo) with nothing set', async () => {
    expect(await parties(admin)).toEqual(
      [
        'game_server',
        'stripe',
        'google_play',
        'fcm',
        'apns',
        'huawei_push',
        'wechat_subscribe',
        ...['jrtt', 'tencent', 'kuaishou', 'oppo', 'honor', 'vivo', 'huawei'].map((m) => `ad_${m}`),
        'google_vision',
      ].map((party) =>
        expect.objectContaining({ party, mode: 'fake', default: true, version: 0, settings: {} }),
      ),
    );
    expect((await gameServerOf(admin)).credentials).toEqual({ signing_secret: false });
  });

  it('refuses a real party without its settings and credentials, or with bad ones, and saves nothing', async () => {
    const put = (payload: object) =>
      admin.put('/api/v1/outside-parties/game_server', { version: 0, ...payload });
    const missing = await put({ mode: 'real' });
    expect(missing.statusCode).toBe(400);
    expect(body(missing)).toMatchObject({
      code: 400001,
      data: {
        fields: {
          'settings.endpoint_url': expect.any(String),
          'credentials.signing_secret': expect.any(String),
        },
      },
    });
    for (const [payload, field] of [
      [
        {
          mode: 'real',
          settings: { endpoint_url: 'ftp://game.example' },
          credentials: { signing_secret: SECRET },
        },
        'settings.endpoint_url',
      ],
      [
        {
          mode: 'real',
          settings: { endpoint_url: 'https://user:pw@game.example/x' },
          credentials: { signing_secret: SECRET },
        },
        'settings.endpoint_url',
      ],
      [{ mode: 'fake', settings: { colour: 'red' } }, 'settings.colour'],
      [{ mode: 'fake', credentials: { api_key: 'x' } }, 'credentials.api_key'],
      [{ mode: 'sometimes' }, 'mode'],
    ] as const) {
      const res = await put(payload);
      expect(body(res), JSON.stringify(payload)).toMatchObject({
        code: 400001,
        data: { fields: { [field]: expect.any(String) } },
      });
    }
    expect(body(await admin.put('/api/v1/outside-parties/telegraph', { mode: 'off', version: 0 })).code).toBe(
      400001,
    );
    expect(await gameServerOf(admin)).toMatchObject({ mode: 'fake', default: true, version: 0 });
  });

  it('seals credentials at rest, never answers them, keeps them unless replaced or cleared, and logs no value', async () => {
    const saved = await setParty(admin, 'game_server', {
      mode: 'real',
      settings: { endpoint_url: 'https://game.example/console' },
      credentials: { signing_secret: SECRET },
    });
    expect(saved).toMatchObject({
      mode: 'real',
      default: false,
      version: 1,
      updated_by: 'admin',
      credentials: { signing_secret: true },
    });
    const [row] = await t.database.db
      .select()
      .from(outsideParties)
      .where(and(eq(outsideParties.productId, t.productId), eq(outsideParties.party, 'game_server')));
    expect(row!.credentials).toMatch(/^v1\./);
    expect(row!.credentials).not.toContain(SECRET);
    const listed = await admin.get('/api/v1/outside-parties');
    expect(listed.body).not.toContain(SECRET);
    const [log] = await t.logsOf('outside_party', row!.id);
    expect(log).toMatchObject({ action: 'create', targetName: 'game_server' });
    expect(JSON.stringify(log)).not.toContain(SECRET);
    expect(log!.after).toMatchObject({ credentials: { signing_secret: true } });

    // Left out: kept. A stale version: 409001. Null: cleared (and real then lacks it).
    const moved = await setParty(admin, 'game_server', {
      mode: 'fake',
      settings: { endpoint_url: 'https://game.example/v2' },
    });
    expect(moved).toMatchObject({ version: 2, credentials: { signing_secret: true } });
    const stale = await admin.put('/api/v1/outside-parties/game_server', { mode: 'off', version: 1 });
    expect(body(stale).code).toBe(409001);
    const cleared = await setParty(admin, 'game_server', {
      mode: 'fake',
      credentials: { signing_secret: null },
    });
    expect(cleared.credentials).toEqual({ signing_secret: false });
    const real = await admin.put('/api/v1/outside-parties/game_server', {
      mode: 'real',
      settings: { endpoint_url: 'https://game.example' },
      version: cleared.version,
    });
    expect(body(real)).toMatchObject({
      code: 400001,
      data: { fields: { 'credentials.signing_secret': expect.any(String) } },
    });
  });

  it('needs the page permission to read and its edit permission to change; keeps to the caller’s game', async () => {
    const nobody = await t.staff([]);
    const viewer = await t.staff([perms.see]);
    const editor = await t.staff([perms.see, perms.edit]);
    expect(body(await nobody.get('/api/v1/outside-parties')).code).toBe(403001);
    expect(body(await nobody.get('/api/v1/outside-calls')).code).toBe(403001);
    expect(body(await viewer.get('/api/v1/outside-parties')).code).toBe(0);
    const change = { mode: 'off', version: (await gameServerOf(admin)).version };
    expect(body(await viewer.put('/api/v1/outside-parties/game_server', change)).code).toBe(403001);
    expect(body(await editor.put('/api/v1/outside-parties/game_server', change)).code).toBe(0);
    // Another game of the CP has its own choice; another CP's staff cannot name this game.
    const tank = t.client(t.user.access_token, await t.productIdOf('tankwar'));
    expect((await gameServerOf(tank)).mode).toBe('fake');
    const { user: stranger } = await signInAs(t.app, 'ops_hw');
    const foreign = await t.client(stranger.access_token, t.productId).get('/api/v1/outside-parties');
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.body).not.toContain('game_server');
  });
});

describe('call log', () => {
  it('pages, filters and sorts the calls, newest first, and never shows a secret', async () => {
    await setParty(admin, 'game_server', { mode: 'fake' });
    const fake = gameServerFakes().kick;
    await kick('one');
    fake.failNext(1, 'fail');
    const two = await kick('two');
    // The failed kick's retry is a job: run it now rather than wait for the runner to pick it up.
    expect(two.retry_job_id).toEqual(expect.any(Number));
    await t.app.jobs.runJob(two.retry_job_id!);
    await kick('three');
    const all = await calls(admin, 'party=game_server&operation=kick');
    expect(all.total).toBe(4);
    expect(all.list.map((c) => c.status)).toEqual(['ok', 'ok', 'unavailable', 'ok']);
    expect(all.list.map((c) => c.id)).toEqual([...all.list.map((c) => c.id)].sort((a, b) => b - a));
    expect(all.list[0]).toMatchObject({
      mode: 'fake',
      attempt: 1,
      idempotency_key: expect.stringMatching(/^kick:\d+$/),
    });
    const failed = await calls(admin, 'party=game_server&status=unavailable');
    expect(failed.list).toHaveLength(1);
    expect(failed.list[0]!.error).toMatch(/503/);
    const page = await calls(admin, 'party=game_server&page=2&page_size=3&sort=id');
    expect(page.list.map((c) => c.id)).toEqual([all.list[0]!.id]);
    expect(body(await admin.get('/api/v1/outside-calls?sort=colour')).code).toBe(400001);
    expect(body(await admin.get('/api/v1/outside-calls?status=lost')).code).toBe(400001);
    // Another game's log is its own.
    const tank = t.client(t.user.access_token, await t.productIdOf('tankwar'));
    expect((await calls(tank, 'party=game_server')).total).toBe(0);

    // A real game quoting secrets back in its error: the log masks them.
    await setParty(admin, 'game_server', {
      mode: 'real',
      settings: { endpoint_url: echo.url },
      credentials: { signing_secret: SECRET },
    });
    expect((await kick('echo')).delivery).toBe('pending');
    const [echoed] = (await calls(admin, 'party=game_server&status=unavailable')).list;
    expect(echoed!.error).toContain('config error');
    expect(echoed!.error).not.toContain(SECRET);
    expect(echoed!.error).not.toContain('eyJhbGciOi');
    expect(echoed!.error).toContain('[redacted]');
  });
});
