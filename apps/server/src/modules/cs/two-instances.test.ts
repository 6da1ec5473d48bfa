import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  GAME_CS_LIVE_CLOSE,
  type CsConversation,
  type CsMessage,
  type GameApiKeyCreated,
  type GameCsConversation,
  type GameCsLiveMessage,
} from '@rx/contracts';
import { LIVE_PROTOCOL } from '../live/index.ts';
import { signInAs } from '../../../test/helpers.ts';
import {
  REDIS_URL,
  WebSocket,
  createDatabase,
  demoProductId,
  dropDatabase,
  instancesUnavailable,
  startInstance,
  testDatabaseName,
  type Instance,
  type WsClient,
} from '../../../test/two-instances.ts';
import { signGameRequest } from '../../../test/game.ts';

/**
 * Two server instances on one PostgreSQL and one Redis: a player writes through A, the agent whose
 * console is connected to B hears of it over the live WebSocket, reads it through B and answers;
 * the player reads the answer through A. And the player's own WebSocket (signed like a game
 * request) on A hears what happens on B: the agent joining, typing, answering, resolving.
 */

const skipReason = await instancesUnavailable({ redis: true });

let dbName = '';
let instances: Instance[] = [];
/** Starts one more instance on the test's database (set by `beforeAll`). */
let start: () => Promise<Instance>;
const sockets: WsClient[] = [];

type Listed = { id: number; text: string; author: string };
type Pushed = GameCsLiveMessage & { list?: Listed[] };

/**
 * What each test starts with: the agent signed in on B (`staff` calls B as them), a game API key the
 * admin made through `keyOn`, signed game calls to either instance (each must answer code 0), and the
 * player's live socket on either.
 */
async function agentAndGame(keyOn: Instance, b: Instance, note: string) {
  const { user } = await signInAs(b.app, 'cs_agent');
  const product = { id: await demoProductId(b) };
  const call = (instance: Instance, token: string, path: string, body?: unknown) =>
    fetch(`${instance.base}${path}`, {
      method: body === undefined ? 'GET' : path.endsWith('/status') ? 'PUT' : 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-product-id': String(product.id),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((res) => res.json() as Promise<{ code: number; data: unknown }>);
  const staff = (path: string, body?: unknown) => call(b, user.access_token, path, body);
  const { user: adminUser } = await signInAs(keyOn.app, 'admin');
  const key = (await call(keyOn, adminUser.access_token, '/api/v1/game-api-keys', { note }))
    .data as GameApiKeyCreated;
  const game = async <T>(instance: Instance, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const text = payload === undefined ? undefined : JSON.stringify(payload);
    const res = await fetch(`${instance.base}${url}`, {
      method,
      headers: signGameRequest(key, { method, url, body: text }),
      body: text,
    });
    const answer = (await res.json()) as { code: number; data: T };
    expect(answer.code, `${method} ${url}`).toBe(0);
    return answer.data;
  };
  const connect = (instance: Instance, url: string, signed = true) => {
    const socket = new WebSocket(`${instance.base.replace(/^http/, 'ws')}${url}`, [], {
      headers: signed ? signGameRequest(key, { url }) : {},
    });
    sockets.push(socket);
    const got: Pushed[] = [];
    const ended: { code?: number; status?: number } = {};
    socket.on('message', (data) => got.push(JSON.parse(data.toString()) as Pushed));
    socket.on('close', (code) => (ended.code = code));
    socket.on('unexpected-response', (_req, res) => (ended.status = res.statusCode));
    socket.on('error', () => undefined);
    return { socket, got, ended };
  };
  return { user, product, staff, game, connect };
}

describe.skipIf(skipReason !== null)(
  `service conversations across two instances${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    beforeAll(async () => {
      dbName = testDatabaseName('cs');
      await createDatabase(dbName);
      start = () => startInstance(dbName, { redisUrl: REDIS_URL });
      const first = await startInstance(dbName, { redisUrl: REDIS_URL, seed: true });
      instances = [first, await start()];
      await Promise.all(instances.map((i) => i.app.events.ready?.()));
    }, 120_000);

    afterAll(async () => {
      for (const socket of sockets) socket.close();
      for (const { app } of instances) await app.close();
      if (dbName) await dropDatabase(dbName);
    });

    it("delivers a player's message sent through A to the agent connected to B, and the answer back", async () => {
      const [a, b] = instances as [Instance, Instance];
      const { user, product, staff, game } = await agentAndGame(a, b, 'cs');

      // The agent goes online through B and listens on B's WebSocket.
      expect((await staff('/api/v1/cs/agents/me/status', { status: 'online' })).code).toBe(0);
      const socket = new WebSocket(`${b.base.replace(/^http/, 'ws')}/api/v1/live`, [LIVE_PROTOCOL]);
      sockets.push(socket);
      const messages: { type: string; topic?: string; data?: { conversation_id?: number; what?: string } }[] =
        [];
      socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as (typeof messages)[number]));
      await new Promise<void>((resolve, reject) => {
        socket.on('open', resolve);
        socket.on('error', reject);
      });
      socket.send(JSON.stringify({ type: 'auth', token: user.access_token }));
      await expect.poll(() => messages.some((m) => m.type === 'ready'), { timeout: 5000 }).toBe(true);
      // The workbench says what it shows: its own queue of the game (it hears only what concerns it).
      socket.send(
        JSON.stringify({ type: 'watch', topic: 'cs', watch: { product_id: product.id, queue: 'mine' } }),
      );
      await expect
        .poll(() => messages.find((m) => m.type === 'watching'), { timeout: 5000 })
        .toMatchObject({
          allowed: true,
        });

      const player = `two_${randomBytes(4).toString('hex')}`;
      const conversation = await game<GameCsConversation>(a, 'POST', '/api/game/v1/cs/conversations', {
        openid: player,
      });
      await game(a, 'POST', `/api/game/v1/cs/conversations/${conversation.id}/messages`, {
        openid: player,
        text: '人工',
      });
      // B pushes the message and the assignment to the agent's console.
      await expect
        .poll(
          () =>
            messages.some(
              (m) =>
                m.topic === 'cs' && m.data?.conversation_id === conversation.id && m.data.what === 'assigned',
            ),
          { timeout: 5000 },
        )
        .toBe(true);
      const mine = (await staff('/api/v1/cs/conversations?queue=mine')).data as { list: CsConversation[] };
      expect(mine.list.map((c) => c.id)).toContain(conversation.id);
      const thread = (await staff(`/api/v1/cs/conversations/${conversation.id}/messages`)).data as {
        list: CsMessage[];
      };
      expect(thread.list.map((m) => m.text)).toContain('人工');
      expect(
        (await staff(`/api/v1/cs/conversations/${conversation.id}/messages`, { text: 'answered on B' })).code,
      ).toBe(0);
      const back = await game<{ list: { text: string; author: string }[] }>(
        a,
        'GET',
        `/api/game/v1/cs/conversations/${conversation.id}/messages?openid=${player}`,
      );
      expect(back.list.filter((m) => m.author === 'agent').map((m) => m.text)).toEqual(['answered on B']);
    });

    it("pushes to the player's WebSocket on A what the agent does on B; refuses unsigned and foreign sockets", async () => {
      const [a, b] = instances as [Instance, Instance];
      const { staff, game, connect: connectTo } = await agentAndGame(a, b, 'cs live');
      const connect = (url: string, signed = true) => connectTo(a, url, signed);
      const texts = (got: Pushed[]) => got.flatMap((m) => m.list ?? []).map((m) => `${m.author}:${m.text}`);

      expect((await staff('/api/v1/cs/agents/me/status', { status: 'online' })).code).toBe(0);
      const player = `live_${randomBytes(4).toString('hex')}`;
      const conversation = await game<GameCsConversation>(a, 'POST', '/api/game/v1/cs/conversations', {
        openid: player,
      });
      const live = `/api/game/v1/cs/conversations/${conversation.id}/live?openid=${player}`;

      // Unsigned: refused before the upgrade. Another player's openid: closed, nothing sent.
      const unsigned = connect(live, false);
      await expect.poll(() => unsigned.ended.status, { timeout: 5000 }).toBe(401);
      const foreign = connect(`/api/game/v1/cs/conversations/${conversation.id}/live?openid=someone_else`);
      await expect.poll(() => foreign.ended.code, { timeout: 5000 }).toBe(GAME_CS_LIVE_CLOSE.NOT_FOUND);
      expect(foreign.got).toEqual([]);

      const { got } = connect(live);
      await expect.poll(() => got.some((m) => m.type === 'ready'), { timeout: 5000 }).toBe(true);
      // The player writes through B; the handoff gives it to the agent: both reach the socket on A.
      await game(b, 'POST', `/api/game/v1/cs/conversations/${conversation.id}/messages`, {
        openid: player,
        text: '人工',
      });
      await expect.poll(() => got.some((m) => m.type === 'agent_joined'), { timeout: 5000 }).toBe(true);
      expect(texts(got)).toContain('player:人工');
      expect((await staff(`/api/v1/cs/conversations/${conversation.id}/typing`, {})).code).toBe(0);
      await expect.poll(() => got.some((m) => m.type === 'typing'), { timeout: 5000 }).toBe(true);
      expect(
        (await staff(`/api/v1/cs/conversations/${conversation.id}/messages`, { text: 'live from B' })).code,
      ).toBe(0);
      await expect.poll(() => texts(got), { timeout: 5000 }).toContain('agent:live from B');
      // A private note never reaches the player.
      expect(
        (await staff(`/api/v1/cs/conversations/${conversation.id}/notes`, { text: 'secret note' })).code,
      ).toBe(0);
      expect((await staff(`/api/v1/cs/conversations/${conversation.id}/resolve`, {})).code).toBe(0);
      await expect
        .poll(() => got.find((m) => m.type === 'resolved'), { timeout: 5000 })
        .toMatchObject({
          conversation: { id: conversation.id, state: 'resolved' },
        });
      expect(texts(got).join()).not.toContain('secret note');
      // Each message once, in order, as a poll would show them.
      const ids = got.flatMap((m) => (m.list ?? []) as unknown as { id: number }[]).map((m) => m.id);
      expect(ids).toEqual([...new Set(ids)].sort((x, y) => x - y));
      const polled = await game<{ list: { id: number }[] }>(
        a,
        'GET',
        `/api/game/v1/cs/conversations/${conversation.id}/messages?openid=${player}`,
      );
      expect(ids).toEqual(polled.list.map((m) => m.id));
    });

    it('loses nothing when an instance restarts mid-conversation: the player resumes on the new one from the last message seen', async () => {
      const [a, b] = instances as [Instance, Instance];
      const { staff, game, connect } = await agentAndGame(b, b, 'cs restart');
      const listed = (got: Pushed[]) => got.flatMap((m) => m.list ?? []);
      const texts = (got: Pushed[]) => listed(got).map((m) => `${m.author}:${m.text}`);

      expect((await staff('/api/v1/cs/agents/me/status', { status: 'online' })).code).toBe(0);
      const player = `restart_${randomBytes(4).toString('hex')}`;
      const conversation = await game<GameCsConversation>(a, 'POST', '/api/game/v1/cs/conversations', {
        openid: player,
      });
      const messages = `/api/game/v1/cs/conversations/${conversation.id}/messages`;
      const live = `/api/game/v1/cs/conversations/${conversation.id}/live?openid=${player}`;
      const before = connect(a, live);
      await expect.poll(() => before.got.some((m) => m.type === 'ready'), { timeout: 5000 }).toBe(true);
      await game(a, 'POST', messages, { openid: player, text: '人工' });
      await expect
        .poll(() => before.got.some((m) => m.type === 'agent_joined'), { timeout: 5000 })
        .toBe(true);
      expect(
        (await staff(`/api/v1/cs/conversations/${conversation.id}/messages`, { text: 'one' })).code,
      ).toBe(0);
      await expect.poll(() => texts(before.got), { timeout: 5000 }).toContain('agent:one');
      const lastSeen = Math.max(...listed(before.got).map((m) => m.id));

      // A stops: the player's socket closes. Meanwhile the player writes through B and the agent answers.
      await a.app.close();
      await expect.poll(() => before.ended.code, { timeout: 5000 }).toBeDefined();
      await game(b, 'POST', messages, { openid: player, text: 'while A was away' });
      expect(
        (await staff(`/api/v1/cs/conversations/${conversation.id}/messages`, { text: 'two' })).code,
      ).toBe(0);

      // A starts again; the player reconnects to it from the last message seen: what it missed, once, in order.
      const restarted = await start();
      instances[0] = restarted;
      await restarted.app.events.ready?.();
      const after = connect(restarted, `${live}&after=${lastSeen}`);
      await expect.poll(() => texts(after.got), { timeout: 10_000 }).toContain('agent:two');
      expect(texts(after.got)).toEqual(['player:while A was away', 'agent:two']);
      await game(restarted, 'POST', messages, { openid: player, text: 'back on A' });
      expect(
        (await staff(`/api/v1/cs/conversations/${conversation.id}/messages`, { text: 'three' })).code,
      ).toBe(0);
      await expect.poll(() => texts(after.got), { timeout: 10_000 }).toContain('agent:three');

      // The whole conversation, read by the agent on B and by the player on A: every message once, in order.
      const thread = (await staff(`/api/v1/cs/conversations/${conversation.id}/messages`)).data as {
        list: CsMessage[];
      };
      const said = thread.list
        .filter((m) => m.text && ['player', 'agent'].includes(m.author))
        .map((m) => `${m.author}:${m.text}`);
      expect(said).toEqual([
        'player:人工',
        'agent:one',
        'player:while A was away',
        'agent:two',
        'player:back on A',
        'agent:three',
      ]);
      const polled = await game<{ list: Listed[] }>(restarted, 'GET', `${messages}?openid=${player}`);
      const ids = polled.list.map((m) => m.id);
      expect(ids).toEqual([...new Set(ids)].sort((x, y) => x - y));
      expect(
        polled.list.filter((m) => ['player', 'agent'].includes(m.author)).map((m) => `${m.author}:${m.text}`),
      ).toEqual(said);
    });
  },
);
