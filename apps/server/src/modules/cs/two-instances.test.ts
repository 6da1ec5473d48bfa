import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import {
  GAME_CS_LIVE_CLOSE,
  type CsConversation,
  type CsMessage,
  type GameApiKeyCreated,
  type GameCsConversation,
  type GameCsLiveMessage,
} from '@rx/contracts';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/index.ts';
import { products } from '../../db/schema.ts';
import { seed } from '../../seed/index.ts';
import { LIVE_PROTOCOL } from '../live/index.ts';
import { JWT_SECRET, SSO_SECRET, TEST_RATE_LIMITS, signInAs, testServerUrl } from '../../../test/helpers.ts';
import { signGameRequest } from '../../../test/game.ts';

/**
 * Two server instances on one PostgreSQL and one Redis: a player writes through A, the agent whose
 * console is connected to B hears of it over the live WebSocket, reads it through B and answers;
 * the player reads the answer through A. And the player's own WebSocket (signed like a game
 * request) on A hears what happens on B: the agent joining, typing, answering, resolving.
 */

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const POSTGRES_URL = testServerUrl();

async function unavailable(): Promise<string | null> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    return `Redis does not answer at ${REDIS_URL}`;
  } finally {
    redis.disconnect();
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch {
    return `PostgreSQL does not answer at ${POSTGRES_URL}`;
  } finally {
    await client.end().catch(() => undefined);
  }
  return null;
}
const skipReason = await unavailable();

interface WsClient {
  send(data: string): void;
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  on(
    event: 'unexpected-response',
    listener: (request: unknown, response: { statusCode: number }) => void,
  ): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (
  url: string,
  protocols: string[],
  options?: { headers?: Record<string, string> },
) => WsClient;

interface Instance {
  app: FastifyInstance;
  database: Database;
  base: string;
}

let dbName = '';
let instances: Instance[] = [];
const sockets: WsClient[] = [];

async function withDatabase(url: string, sql: string): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(sql);
  await admin.end();
}

describe.skipIf(skipReason !== null)(
  `service conversations across two instances${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    beforeAll(async () => {
      dbName = `console_cs_${randomBytes(5).toString('hex')}`;
      await withDatabase(POSTGRES_URL, `CREATE DATABASE ${dbName}`);
      const start = async (): Promise<Instance> => {
        const target = new URL(POSTGRES_URL);
        target.pathname = `/${dbName}`;
        const database = await openDatabase({ databaseUrl: target.toString() });
        const app = await buildApp({
          database,
          ssoSecret: SSO_SECRET,
          jwtSecret: JWT_SECRET,
          logLevel: 'silent',
          redisUrl: REDIS_URL,
          rateLimits: TEST_RATE_LIMITS,
        });
        const address = await app.listen({ port: 0, host: '127.0.0.1' });
        return { app, database, base: address };
      };
      const first = await start();
      await seed(first.database.db, { demo: true, jwtSecret: JWT_SECRET });
      instances = [first, await start()];
      await Promise.all(instances.map((i) => i.app.events.ready?.()));
    }, 120_000);

    afterAll(async () => {
      for (const socket of sockets) socket.close();
      for (const { app } of instances) await app.close();
      if (dbName) await withDatabase(POSTGRES_URL, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    });

    it("delivers a player's message sent through A to the agent connected to B, and the answer back", async () => {
      const [a, b] = instances as [Instance, Instance];
      const { user } = await signInAs(b.app, 'cs_agent');
      const [product] = await a.database.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.code, 'xianxia'));
      const staff = (instance: Instance, path: string, init: { method?: string; body?: unknown } = {}) =>
        fetch(`${instance.base}${path}`, {
          method: init.method ?? 'GET',
          headers: {
            authorization: `Bearer ${user.access_token}`,
            'x-product-id': String(product!.id),
            ...(init.body ? { 'content-type': 'application/json' } : {}),
          },
          body: init.body ? JSON.stringify(init.body) : undefined,
        }).then((res) => res.json() as Promise<{ code: number; data: unknown }>);
      const { user: adminUser } = await signInAs(a.app, 'admin');
      const key = (
        await fetch(`${a.base}/api/v1/game-api-keys`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${adminUser.access_token}`,
            'x-product-id': String(product!.id),
            'content-type': 'application/json',
          },
          body: JSON.stringify({ note: 'cs' }),
        }).then((res) => res.json() as Promise<{ data: GameApiKeyCreated }>)
      ).data;
      const game = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown) => {
        const text = payload === undefined ? undefined : JSON.stringify(payload);
        const res = await fetch(`${a.base}${url}`, {
          method,
          headers: signGameRequest(key, { method, url, body: text }),
          body: text,
        });
        return ((await res.json()) as { data: T }).data;
      };

      // The agent goes online through B and listens on B's WebSocket.
      expect(
        (await staff(b, '/api/v1/cs/agents/me/status', { method: 'PUT', body: { status: 'online' } })).code,
      ).toBe(0);
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

      const player = `two_${randomBytes(4).toString('hex')}`;
      const conversation = await game<GameCsConversation>('POST', '/api/game/v1/cs/conversations', {
        openid: player,
      });
      await game('POST', `/api/game/v1/cs/conversations/${conversation.id}/messages`, {
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
      const mine = (await staff(b, '/api/v1/cs/conversations?queue=mine')).data as { list: CsConversation[] };
      expect(mine.list.map((c) => c.id)).toContain(conversation.id);
      const thread = (await staff(b, `/api/v1/cs/conversations/${conversation.id}/messages`)).data as {
        list: CsMessage[];
      };
      expect(thread.list.map((m) => m.text)).toContain('人工');
      expect(
        (
          await staff(b, `/api/v1/cs/conversations/${conversation.id}/messages`, {
            method: 'POST',
            body: { text: 'answered on B' },
          })
        ).code,
      ).toBe(0);
      const back = await game<{ list: { text: string; author: string }[] }>(
        'GET',
        `/api/game/v1/cs/conversations/${conversation.id}/messages?openid=${player}`,
      );
      expect(back.list.filter((m) => m.author === 'agent').map((m) => m.text)).toEqual(['answered on B']);
    });

    it("pushes to the player's WebSocket on A what the agent does on B; refuses unsigned and foreign sockets", async () => {
      const [a, b] = instances as [Instance, Instance];
      const { user } = await signInAs(b.app, 'cs_agent');
      const [product] = await a.database.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.code, 'xianxia'));
      const staff = (path: string, body?: unknown) =>
        fetch(`${b.base}${path}`, {
          method: body === undefined ? 'GET' : path.endsWith('/status') ? 'PUT' : 'POST',
          headers: {
            authorization: `Bearer ${user.access_token}`,
            'x-product-id': String(product!.id),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        }).then((res) => res.json() as Promise<{ code: number; data: unknown }>);
      const { user: adminUser } = await signInAs(a.app, 'admin');
      const key = (
        await fetch(`${a.base}/api/v1/game-api-keys`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${adminUser.access_token}`,
            'x-product-id': String(product!.id),
            'content-type': 'application/json',
          },
          body: JSON.stringify({ note: 'cs live' }),
        }).then((res) => res.json() as Promise<{ data: GameApiKeyCreated }>)
      ).data;
      const game = async <T>(instance: Instance, method: 'GET' | 'POST', url: string, payload?: unknown) => {
        const text = payload === undefined ? undefined : JSON.stringify(payload);
        const res = await fetch(`${instance.base}${url}`, {
          method,
          headers: signGameRequest(key, { method, url, body: text }),
          body: text,
        });
        return ((await res.json()) as { data: T }).data;
      };
      type Pushed = GameCsLiveMessage & { list?: { text: string; author: string }[] };
      const connect = (url: string, signed = true) => {
        const socket = new WebSocket(`${a.base.replace(/^http/, 'ws')}${url}`, [], {
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
  },
);
