import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { GameApiKeyCreated } from '@rx/contracts';
import { errorCodeReleases } from '../modules/error-codes/tables.ts';
import { LIVE_PROTOCOL } from '../modules/live/index.ts';
import { deploymentPrefix, redisNames } from './redis-namespace.ts';
import { TEST_RATE_LIMITS, signInAs } from '../../test/helpers.ts';
import { signGameRequest } from '../../test/game.ts';
import {
  REDIS_URL,
  WebSocket,
  instancesUnavailable,
  staffHeaders,
  useInstances,
  type Instance,
  type WsClient,
} from '../../test/two-instances.ts';

/**
 * Two server instances on one PostgreSQL database and one Redis, each listening on its own port:
 * a change made through one is seen through the other at once (lib/events.ts, redisBus). A third
 * instance, of another deployment (its own database) on the same Redis, hears and counts nothing
 * of theirs (lib/redis-namespace.ts).
 */

const skipReason = await instancesUnavailable({ redis: true });

const sockets: WsClient[] = [];
// No channel or prefix given: each deployment's is derived from its database, so this run's
// instances share theirs and never meet other runs (or the other deployment) on this Redis.
const options = {
  redisUrl: REDIS_URL,
  // Refused game calls low enough to reach.
  rateLimits: { ...TEST_RATE_LIMITS, gameUnsigned: 3 },
};

describe.skipIf(skipReason !== null)(
  `two instances on one PostgreSQL and one Redis${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const two = useInstances('two', () => options);
    /** The instance of the other deployment. */
    const other = useInstances('other', () => ({ ...options, seed: false }), 1);
    afterAll(() => {
      for (const socket of sockets) socket.close();
    });

    it("drops B's cached game-API answer at once when the console writes through A", async () => {
      const { a, b } = two;
      const headers = await staffHeaders(a);
      const productId = Number(headers['x-product-id']);
      const staff = (path: string, init: { method?: string; body?: unknown } = {}) =>
        fetch(`${a.base}${path}`, {
          method: init.method ?? 'GET',
          headers: {
            ...headers,
            ...(init.body ? { 'content-type': 'application/json' } : {}),
          },
          body: init.body ? JSON.stringify(init.body) : undefined,
        }).then((res) => res.json() as Promise<{ code: number; data: unknown }>);
      const key = (await staff('/api/v1/game-api-keys', { method: 'POST', body: { note: 'two' } }))
        .data as GameApiKeyCreated;
      const url = '/api/game/v1/error-codes?lang=en';
      const game = () => fetch(`${b.base}${url}`, { headers: signGameRequest(key, { url }) });

      const before = (await game()).headers.get('etag');
      expect(before).toBeTruthy();
      // Behind the console's back: B keeps serving its cached answer…
      await a.database.db.delete(errorCodeReleases).where(eq(errorCodeReleases.productId, productId));
      expect((await game()).headers.get('etag')).toBe(before);
      // …until a console write through A: B hears of it through Redis (within moments, not its TTL).
      const list = (await staff('/api/v1/error-codes?q=1001')).data as {
        list: { id: number; version: number }[];
      };
      const code = list.list[0]!;
      const edited = await staff(`/api/v1/error-codes/${code.id}`, {
        method: 'PUT',
        body: { texts: { en: 'Edited on A.' }, version: code.version },
      });
      expect(edited.code).toBe(0);
      await expect.poll(async () => (await game()).headers.get('etag'), { timeout: 2000 }).not.toBe(before);
    });

    it('counts rate limits across instances: calls to A and to B share one budget', async () => {
      const { a, b } = two;
      const unsigned = (instance: Instance) =>
        fetch(`${instance.base}/api/game/v1/error-codes`).then(async (res) => ({
          status: res.status,
          code: ((await res.json()) as { code: number }).code,
          retryAfter: res.headers.get('retry-after'),
        }));
      expect((await unsigned(a)).status).toBe(401);
      expect((await unsigned(b)).status).toBe(401);
      expect((await unsigned(a)).status).toBe(401);
      // Three refused calls from this address, counted in Redis: both instances refuse the next.
      for (const instance of [b, a]) {
        const refused = await unsigned(instance);
        expect(refused).toMatchObject({ status: 429, code: 429001 });
        expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
      }
      // Another deployment on the same Redis counts on its own: the same address is not refused there.
      expect((await unsigned(other.a)).status).toBe(401);
    });

    it("keeps another deployment's events apart: B hears A, the other deployment hears nothing", async () => {
      const { a, b } = two;
      const heard = { b: [] as string[], other: [] as string[] };
      const stops = [
        b.app.events.subscribe((e) => heard.b.push(e.topic === 'notification' ? e.data.title : e.topic)),
        other.a.app.events.subscribe((e) =>
          heard.other.push(e.topic === 'notification' ? e.data.title : e.topic),
        ),
      ];
      const mark = `secret-${randomBytes(4).toString('hex')}`;
      a.app.events.publish({
        topic: 'notification',
        cpId: 1,
        userId: 1,
        data: { id: 1, kind: 'system', title: mark },
      });
      await expect.poll(() => heard.b, { timeout: 2000 }).toContain(mark);
      // Then a message on the other deployment's own channel, through Redis: its subscriber reads
      // its socket in order, so once this arrives anything A's publish had sent it would have too.
      const own = `own-${randomBytes(4).toString('hex')}`;
      const channel = redisNames(await deploymentPrefix(other.a.database.db)).events;
      const probe = new Redis(REDIS_URL);
      try {
        const event = {
          topic: 'notification',
          cpId: 1,
          userId: 1,
          data: { id: 2, kind: 'system', title: own },
        };
        await probe.publish(channel, JSON.stringify({ from: 'probe', event }));
      } finally {
        probe.disconnect();
      }
      await expect.poll(() => heard.other, { timeout: 2000 }).toContain(own);
      expect(heard.other).toContain(own);
      expect(heard.other).not.toContain(mark);
      expect(heard.b).not.toContain(own);
      for (const stop of stops) stop();
    });

    it('delivers a notification published on A to the console connected to B', async () => {
      const { a, b } = two;
      const { user } = await signInAs(a.app, 'admin');
      const socket = new WebSocket(`${b.base.replace(/^http/, 'ws')}/api/v1/live`, [LIVE_PROTOCOL]);
      sockets.push(socket);
      const messages: { type: string; topic?: string; data?: { title?: string } }[] = [];
      const arrived = (test: (m: (typeof messages)[number]) => boolean) =>
        new Promise<void>((resolve) => {
          const check = () => (messages.some(test) ? resolve() : setTimeout(check, 10));
          check();
        });
      socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as (typeof messages)[number]));
      await new Promise<void>((resolve, reject) => {
        socket.on('open', resolve);
        socket.on('error', reject);
      });
      socket.send(JSON.stringify({ type: 'auth', token: user.access_token }));
      await arrived((m) => m.type === 'ready');

      a.app.events.publish({
        topic: 'notification',
        cpId: Number(user.cpid),
        userId: Number(user.id),
        data: { id: 1, kind: 'system', title: 'made on A' },
      });
      await arrived((m) => m.type === 'event' && m.data?.title === 'made on A');
      // Delivered once: B ignores nothing of A's, and A's own echo is dropped on A.
      expect(messages.filter((m) => m.type === 'event')).toHaveLength(1);
    });
  },
);
