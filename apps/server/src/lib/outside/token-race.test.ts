import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RefundPollAnswer } from '@rx/contracts';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/index.ts';
import { outsideTokens } from '../../db/outside.ts';
import { products } from '../../db/schema.ts';
import { seed } from '../../seed/index.ts';
import { JWT_SECRET, SSO_SECRET, TEST_RATE_LIMITS, body, signInAs } from '../../../test/helpers.ts';
import { startGoogle, type GoogleStandIn } from '../../../test/stand-ins/index.ts';
import { ANDROID_PUBLISHER } from '../../modules/outside-parties/google-play/real.ts';
import { setPartyPolicy } from './index.ts';

/**
 * Two server instances on one PostgreSQL database both need Google's access token at the same
 * moment: the token row's lock lets one obtain it while the other waits, then reads and uses it.
 * The stand-in holds the first grant until the other instance is seen waiting on a lock, so the
 * two really overlap.
 */

const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function unavailable(): Promise<string | null> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch {
    return `PostgreSQL does not answer at ${POSTGRES_URL}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}
const skipReason = await unavailable();

async function admin(sql: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

describe.skipIf(skipReason !== null)(
  `a token refresh raced by two instances${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const dbName = `console_race_${randomBytes(5).toString('hex')}`;
    let google: GoogleStandIn;
    let instances: { app: FastifyInstance; database: Database }[] = [];
    let target = '';

    beforeAll(async () => {
      google = await startGoogle();
      await admin(`CREATE DATABASE ${dbName}`);
      const url = new URL(POSTGRES_URL);
      url.pathname = `/${dbName}`;
      target = url.toString();
      const start = async () => {
        const database = await openDatabase({ databaseUrl: target });
        const app = await buildApp({
          database,
          ssoSecret: SSO_SECRET,
          jwtSecret: JWT_SECRET,
          logLevel: 'silent',
          rateLimits: TEST_RATE_LIMITS,
          outside: { unset: 'off', endpoints: { [ANDROID_PUBLISHER]: google.url } },
        });
        await app.ready();
        return { app, database };
      };
      const first = await start();
      await seed(first.database.db, { demo: true, demoPlayers: 0, jwtSecret: JWT_SECRET });
      instances = [first, await start()];
      // The held grant below must not count as a timeout on a busy machine.
      setPartyPolicy('google_play', 'token', { timeoutMs: 60_000 });
    }, 120_000);

    afterAll(async () => {
      for (const { app } of instances) await app.close();
      await google?.close();
      await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    });

    it('obtains the token once; the other instance waits on the lock and uses the same token', async () => {
      const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
      const { user } = await signInAs(a.app, 'admin');
      const [game] = await a.database.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.code, 'xianxia'));
      const headers = { authorization: `Bearer ${user.access_token}`, 'x-product-id': String(game!.id) };
      const pkg = `com.example.race${Date.now().toString(36)}`;
      const set = await a.app.inject({
        method: 'PUT',
        url: '/api/v1/outside-parties/google_play',
        headers,
        payload: {
          mode: 'real',
          settings: { package_name: pkg },
          credentials: { service_account: google.serviceAccount },
          version: 0,
        },
      });
      expect(set.statusCode, set.body).toBe(200);
      google.voided.set(pkg, [
        {
          orderId: 'GPA.race-1',
          purchaseToken: 'race-1',
          purchaseTimeMillis: String(Date.now() - 86_400_000),
          voidedTimeMillis: String(Date.now() - 60_000),
          voidedSource: 0,
          voidedReason: 1,
        },
      ]);

      // The first grant waits until another session of this database waits on a lock.
      const { default: pg } = await import('pg');
      const watcher = new pg.Client({ connectionString: target });
      await watcher.connect();
      let held = 0;
      google.beforeGrant = async () => {
        held += 1;
        for (let i = 0; i < 1500; i++) {
          const { rows } = await watcher.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          if (rows[0]!.n > 0) return;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error('the other instance never waited on the lock');
      };
      try {
        const polls = await Promise.all(
          [a, b].map((instance) =>
            instance.app.inject({ method: 'POST', url: '/api/v1/refunds/poll', headers }),
          ),
        );
        for (const res of polls) expect(res.statusCode, res.body).toBe(200);
        expect(
          polls.map(
            (res) => body<RefundPollAnswer>(res).data.stored + body<RefundPollAnswer>(res).data.duplicate,
          ),
        ).toEqual([1, 1]);
      } finally {
        await watcher.end();
      }
      expect(held).toBe(1);
      expect(google.tokens).toHaveLength(1);
      const lists = google.received.filter((r) => r.path.endsWith('/voidedpurchases'));
      expect(lists.map((r) => r.headers.authorization)).toEqual([
        `Bearer ${google.tokens[0]}`,
        `Bearer ${google.tokens[0]}`,
      ]);
      const [row] = await a.database.db
        .select({ refreshes: outsideTokens.refreshes })
        .from(outsideTokens)
        .where(and(eq(outsideTokens.productId, game!.id), eq(outsideTokens.party, 'google_play')));
      expect(row!.refreshes).toBe(1);
    });
  },
);
