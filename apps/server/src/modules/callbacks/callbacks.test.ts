import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { Callback, CallbackDelivery, CallbackEnvelope } from '@rx/contracts';
import {
  CREDENTIALS_SECRET,
  JWT_SECRET,
  SSO_SECRET,
  TEST_RATE_LIMITS,
  body,
  useTestApp,
} from '../../../test/index.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/index.ts';
import { notifications, users } from '../../db/schema.ts';
import { secretBox } from '../../lib/secret-box.ts';
import { PUBLIC_DEMO_PAY_SECRET } from '../outside-parties/index.ts';
import { callbackSettings, deliverDue, signCallback, startDeliveryWorker } from './delivery.ts';
import { emitCallback } from './outbox.ts';
import { callbackDeliveries, callbackEndpoints, callbackEvents } from './tables.ts';

// Webhook endpoints: the outbox is written with the change, deliveries are signed, retried on the
// ladder, the endpoint disabled after failing long enough, and nothing is lost across a restart.
// This file's own server never polls (the worker is off): each test runs the passes itself.
callbackSettings.pollMs = 0;

const t = useTestApp();
const SECRET = 'whsec_test_0123456789abcdef_ABCD';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver: records every request, answers `answer` (200 unless told otherwise). */
class Receiver {
  received: Received[] = [];
  answer = 200;
  /** Answers of the next requests, before `answer`. */
  answers: number[] = [];
  private server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(this.answers.shift() ?? this.answer, { 'content-type': 'application/json' }).end('{}');
    });
  });
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }
  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
  /** What reached the endpoint `hook` (its own path) for the event. */
  of(eventId: string, hook: Callback): Received[] {
    const path = new URL(hook.url).pathname;
    return this.received.filter((r) => r.headers['idempotency-key'] === eventId && r.path === path);
  }
}

const receiver = new Receiver();
let url = '';
let player = '';
let gameKey: Awaited<ReturnType<typeof t.gameKey>>;
let players = 0;
const ctx = () => ({ db: t.database.db, secrets: secretBox(JWT_SECRET), events: t.app.events });

beforeAll(async () => {
  url = await receiver.start();
  gameKey = await t.gameKey();
});
afterAll(() => receiver.close());

let hooks = 0;
/** An endpoint at a path of its own, so each test reads only what reached its endpoint. */
async function endpoint(name: string, events: string[] = ['player.sanctioned'], to = url): Promise<Callback> {
  const res = await t.admin.post('/api/v1/callbacks', {
    name,
    url: `${to}/${++hooks}`,
    events,
    secret: SECRET,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<Callback>(res).data;
}

async function mute(reason: string): Promise<number> {
  // A player the game reported signing in (one mute each: a player has one mute in force).
  player = `cb_${Date.now().toString(36)}_${++players}`;
  const login = await t.signedCall(gameKey, 'POST', '/api/game/v1/players/events', {
    events: [
      {
        type: 'login',
        event_id: `${player}-e1`,
        openid: player,
        at: new Date(Date.now() - 60_000).toISOString(),
      },
    ],
  });
  expect(login.statusCode, login.body).toBe(200);
  const res = await t.admin.post(`/api/v1/players/${player}/sanctions`, {
    kind: 'mute',
    duration_minutes: 30,
    reason,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ id: number }>(res).data.id;
}

const deliveriesOf = async (endpointId: number) =>
  t.database.db.select().from(callbackDeliveries).where(eq(callbackDeliveries.endpointId, endpointId));

/** A moment after every delivery written so far is due. */
const soon = (ms = 0) => new Date(Date.now() + 1_000 + ms);

describe('callback endpoints', () => {
  it('keeps the secret sealed, answers its last four, refuses bad input and other CPs', async () => {
    const created = await endpoint('Game server');
    expect(created).toMatchObject({ status: 'active', secret_hint: 'ABCD', events: ['player.sanctioned'] });
    expect(JSON.stringify(created)).not.toContain(SECRET);
    const [row] = await t.database.db
      .select()
      .from(callbackEndpoints)
      .where(eq(callbackEndpoints.id, created.id));
    expect(row!.secretSealed).not.toContain(SECRET);
    expect(secretBox(JWT_SECRET).open(row!.secretSealed)).toBe(SECRET);

    const before = await t.rowCount(callbackEndpoints);
    const bad = await t.admin.post('/api/v1/callbacks', {
      name: '',
      url: 'ftp://x',
      events: ['order.paid', 'order.paid', 'nope'],
      secret: 'short',
    });
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual(
      expect.arrayContaining(['name', 'secret', 'url']),
    );
    expect(await t.rowCount(callbackEndpoints)).toBe(before);

    const viewer = await t.staff(['offline/see/callback']);
    expect(body(await viewer.get('/api/v1/callbacks')).code).toBe(0);
    expect(body(await viewer.get(`/api/v1/callbacks/${created.id}/deliveries`)).code).toBe(0);
    expect(
      body(await viewer.post('/api/v1/callbacks', { name: 'x', url, events: ['mail.sent'], secret: SECRET }))
        .code,
    ).toBe(403001);
    const hw = await t.signIn('ops_hw', 'dawn');
    expect(body(await hw.get(`/api/v1/callbacks/${created.id}`)).code).toBe(404001);
    expect(body(await hw.get(`/api/v1/callbacks/${created.id}/deliveries`)).code).toBe(404001);
    await t.admin.del(`/api/v1/callbacks/${created.id}`);
  });

  it('exports the endpoints without their secrets, with the export permission only', async () => {
    const hook = await endpoint('Exported receiver', ['order.paid', 'mail.sent']);
    const res = await t.admin.get('/api/v1/callbacks/export?format=csv&q=Exported%20receiver');
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('secret_hint');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Exported receiver');
    expect(lines[1]).toContain('ABCD');
    expect(res.body).not.toContain(SECRET);
    const viewer = await t.staff(['offline/see/callback']);
    expect(body(await viewer.get('/api/v1/callbacks/export')).code).toBe(403001);
    // No import: a secret never travels in a file.
    const imported = await t.admin.upload('/api/v1/callbacks/import', 'name,url\nx,https://example.com/x\n');
    expect(imported.statusCode).toBe(404);
    await t.admin.del(`/api/v1/callbacks/${hook.id}`);
  });

  it('writes the event with the change, delivers it signed once, logs it and replays it', async () => {
    const hook = await endpoint('Signed receiver');
    const sanctionId = await mute('callback signed');
    const [pending] = await deliveriesOf(hook.id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 0 });

    await deliverDue(ctx(), soon());
    const [event] = await t.database.db
      .select()
      .from(callbackEvents)
      .where(eq(callbackEvents.id, pending!.eventId));
    const got = receiver.of(event!.publicId, hook);
    expect(got).toHaveLength(1);
    const { headers, body: sent } = got[0]!;
    const timestamp = Number(headers['x-console-timestamp']);
    // docs/game-server-protocol.md: `v1=` + hex HMAC-SHA256 of `<timestamp>.<body>` (one check serves both).
    const expected = `v1=${createHmac('sha256', SECRET).update(`${timestamp}.${sent}`).digest('hex')}`;
    expect(headers['x-console-signature']).toBe(expected);
    expect(headers['x-console-signature']).toBe(signCallback(SECRET, timestamp, sent));
    expect(headers['x-console-event']).toBe('player.sanctioned');
    const envelope = JSON.parse(sent) as CallbackEnvelope;
    expect(envelope).toMatchObject({
      id: event!.publicId,
      type: 'player.sanctioned',
      product_id: t.productId,
      data: { sanction_id: sanctionId, openid: player, kind: 'mute' },
    });

    // Nothing more is due: a second pass sends nothing.
    await deliverDue(ctx(), soon(60_000));
    expect(receiver.of(event!.publicId, hook)).toHaveLength(1);

    const log = body<{ list: CallbackDelivery[]; total: number }>(
      await t.admin.get(`/api/v1/callbacks/${hook.id}/deliveries`),
    ).data;
    expect(log.list[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      last_http_status: 200,
      body: sent,
    });
    // The log's declared filters: status and event narrow it; a value of neither is refused.
    const filtered = async (query: string) =>
      body<{ list: CallbackDelivery[]; total: number }>(
        await t.admin.get(`/api/v1/callbacks/${hook.id}/deliveries?${query}`),
      ).data.total;
    expect(await filtered('status=delivered')).toBe(log.total);
    expect(await filtered('status=failed')).toBe(0);
    expect(await filtered('event=player.sanctioned')).toBe(log.total);
    expect(await filtered('event=order.paid')).toBe(0);
    expect(body(await t.admin.get(`/api/v1/callbacks/${hook.id}/deliveries?status=nope`)).code).toBe(400001);

    const replay = await t.admin.post(
      `/api/v1/callbacks/${hook.id}/deliveries/${log.list[0]!.id}/replay`,
      {},
    );
    expect(body<CallbackDelivery>(replay).data).toMatchObject({
      status: 'pending',
      replay_of: log.list[0]!.id,
    });
    await deliverDue(ctx(), soon());
    const twice = receiver.of(event!.publicId, hook);
    expect(twice).toHaveLength(2);
    expect(twice[1]!.body).toBe(sent);
    expect((await t.logsOf('callback', hook.id))[0]).toMatchObject({ action: 'update' });
    await t.admin.del(`/api/v1/callbacks/${hook.id}`);
  });

  it('writes nothing when the change rolls back, or when no endpoint subscribes', async () => {
    const hook = await endpoint('Orders only', ['order.paid']);
    await mute('nobody listens to sanctions here');
    expect(await deliveriesOf(hook.id)).toHaveLength(0);
    const before = await t.rowCount(callbackEvents);
    await expect(
      t.database.db.transaction(async (tx) => {
        await emitCallback(tx, {
          cpId: await cpId(),
          productId: t.productId,
          event: 'order.paid',
          data: {},
        });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await t.rowCount(callbackEvents)).toBe(before);
    expect(await deliveriesOf(hook.id)).toHaveLength(0);
    await t.admin.del(`/api/v1/callbacks/${hook.id}`);
  });

  it('retries a failing receiver on the ladder, then disables the endpoint and tells its staff', async () => {
    const failing = new Receiver();
    failing.answer = 503;
    const failingUrl = await failing.start();
    try {
      Object.assign(callbackSettings, { ladderMs: [60_000, 120_000], disableAfterMs: 150_000 });
      const hook = await endpoint('Always down', ['player.sanctioned'], failingUrl);
      await mute('callback ladder');
      const start = soon();
      await deliverDue(ctx(), start);
      let [row] = await deliveriesOf(hook.id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastHttpStatus: 503 });
      expect(row!.nextAttemptAt!.getTime()).toBe(start.getTime() + 60_000);
      // Not due yet: nothing is sent.
      await deliverDue(ctx(), new Date(start.getTime() + 59_000));
      expect(failing.received).toHaveLength(1);
      await deliverDue(ctx(), new Date(start.getTime() + 60_000));
      [row] = await deliveriesOf(hook.id);
      expect(row).toMatchObject({ status: 'pending', attempts: 2 });
      expect(body<Callback>(await t.admin.get(`/api/v1/callbacks/${hook.id}`)).data).toMatchObject({
        status: 'active',
        failing_since: start.toISOString(),
      });
      // The third attempt, 180 s after the first failure: the ladder ran out, and the endpoint has
      // failed for longer than 150 s.
      await deliverDue(ctx(), new Date(start.getTime() + 180_000));
      expect(failing.received).toHaveLength(3);
      [row] = await deliveriesOf(hook.id);
      expect(row).toMatchObject({ status: 'failed', attempts: 3 });
      expect(body<Callback>(await t.admin.get(`/api/v1/callbacks/${hook.id}`)).data).toMatchObject({
        status: 'disabled',
        disabled_reason: 'failures',
      });
      const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
      const told = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, admin!.id), sql`${notifications.title} like '%Always down%'`));
      expect(told).toHaveLength(1);
      // A disabled endpoint gets no new events, and a replay is refused until staff enable it.
      await mute('after disabling');
      expect(await deliveriesOf(hook.id)).toHaveLength(1);
      const replay = await t.admin.post(`/api/v1/callbacks/${hook.id}/deliveries/${row!.id}/replay`, {});
      expect(body(replay).code).toBe(422001);
      const enabled = await t.admin.put(`/api/v1/callbacks/${hook.id}`, { status: 'active', version: 2 });
      expect(body<Callback>(enabled).data).toMatchObject({
        status: 'active',
        failing_since: null,
        disabled_reason: '',
      });
    } finally {
      await failing.close();
    }
  });

  it('a delivery pending when the server stops is delivered once after the restart', async () => {
    const hook = await endpoint('Across a restart');
    await mute('callback restart');
    const [pending] = await deliveriesOf(hook.id);
    const [event] = await t.database.db
      .select()
      .from(callbackEvents)
      .where(eq(callbackEvents.id, pending!.eventId));
    // This file's server never delivered it (its worker is off): as if it stopped after the change.
    expect(receiver.of(event!.publicId, hook)).toHaveLength(0);

    // Another server starts on the same database with its worker on.
    callbackSettings.pollMs = 20;
    const database = await openDatabase({ databaseUrl: t.database.url });
    const restarted = await buildApp({
      database,
      ssoSecret: SSO_SECRET,
      jwtSecret: JWT_SECRET,
      logLevel: 'silent',
      rateLimits: TEST_RATE_LIMITS,
      credentialsSecret: CREDENTIALS_SECRET,
      outside: { unset: 'fake' },
      fakePaySecret: PUBLIC_DEMO_PAY_SECRET,
    });
    try {
      await restarted.ready();
      await vi.waitFor(async () => expect((await deliveriesOf(hook.id))[0]!.status).toBe('delivered'), {
        timeout: 30_000,
        interval: 50,
      });
    } finally {
      // Stopping waits for the pass in flight.
      await restarted.close();
      callbackSettings.pollMs = 0;
    }
    expect(receiver.of(event!.publicId, hook)).toHaveLength(1);
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('a delivery whose worker died mid-attempt is sent again once its claim lapses, then never again', async () => {
    const hook = await endpoint('Claimed by a dead worker');
    await mute('callback lease');
    // A worker claimed it (the attempt counted, due again when the claim lapses) and was killed.
    const lease = soon(callbackSettings.leaseMs);
    await t.database.db
      .update(callbackDeliveries)
      .set({ attempts: 1, nextAttemptAt: lease })
      .where(eq(callbackDeliveries.endpointId, hook.id));
    const [pending] = await deliveriesOf(hook.id);
    const [event] = await t.database.db
      .select()
      .from(callbackEvents)
      .where(eq(callbackEvents.id, pending!.eventId));
    await deliverDue(ctx(), soon());
    expect(receiver.of(event!.publicId, hook)).toHaveLength(0);
    await deliverDue(ctx(), lease);
    await deliverDue(ctx(), new Date(lease.getTime() + 3_600_000));
    expect(receiver.of(event!.publicId, hook)).toHaveLength(1);
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('the worker wakes when a change commits and when a retry is due, without polling', async () => {
    const flaky = new Receiver();
    flaky.answers = [503];
    const flakyUrl = await flaky.start();
    // Its fallback poll is ten minutes away: whatever it sends in the test, a notification or the
    // retry's own time woke it for.
    Object.assign(callbackSettings, { pollMs: 600_000, ladderMs: [200] });
    const worker = startDeliveryWorker(ctx(), { error: () => undefined, warn: () => undefined });
    try {
      await worker.listening;
      const hook = await endpoint('Woken by the commit', ['player.sanctioned'], flakyUrl);
      // A change that rolls back wakes nobody and leaves nothing.
      await expect(
        t.database.db.transaction(async (tx) => {
          await emitCallback(tx, {
            cpId: await cpId(),
            productId: t.productId,
            event: 'player.sanctioned',
            data: {},
          });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await mute('callback wake');
      // The first attempt fails (503), the retry 200 ms later succeeds.
      await vi.waitFor(
        async () =>
          expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: 'delivered', attempts: 2 }),
        { timeout: 30_000, interval: 50 },
      );
      expect(flaky.received).toHaveLength(2);
      expect(flaky.received[1]!.headers['idempotency-key']).toBe(
        flaky.received[0]!.headers['idempotency-key'],
      );
      expect(await deliveriesOf(hook.id)).toHaveLength(1);

      // A replay wakes it too.
      const [delivered] = await deliveriesOf(hook.id);
      const replay = await t.admin.post(
        `/api/v1/callbacks/${hook.id}/deliveries/${delivered!.id}/replay`,
        {},
      );
      expect(body(replay).code).toBe(0);
      await vi.waitFor(() => expect(flaky.received).toHaveLength(3), { timeout: 30_000, interval: 50 });
    } finally {
      await worker.stop();
      callbackSettings.pollMs = 0;
      await flaky.close();
    }
  });
});

async function cpId(): Promise<number> {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
  return row!.cpId;
}
