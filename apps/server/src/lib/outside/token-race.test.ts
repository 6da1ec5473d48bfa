import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { RefundPollAnswer } from '@rx/contracts';
import { outsideTokens } from '../../db/outside.ts';
import { body } from '../../../test/helpers.ts';
import { startGoogle, type GoogleStandIn } from '../../../test/stand-ins/index.ts';
import {
  instancesUnavailable,
  lockWaiterSeen,
  staffHeaders,
  useInstances,
} from '../../../test/two-instances.ts';
import { ANDROID_PUBLISHER } from '../../modules/outside-parties/google-play/real.ts';
import { setPartyPolicy } from './index.ts';

/**
 * Two server instances on one PostgreSQL database both need Google's access token at the same
 * moment: the token row's lock lets one obtain it while the other waits, then reads and uses it.
 * The stand-in holds the first grant until the other instance is seen waiting on a lock, so the
 * two really overlap.
 */

const skipReason = await instancesUnavailable();

describe.skipIf(skipReason !== null)(
  `a token refresh raced by two instances${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let google: GoogleStandIn;
    beforeAll(async () => {
      google = await startGoogle();
    });
    afterAll(async () => {
      await google?.close();
    });
    const race = useInstances('race', () => ({
      listen: false,
      outside: { unset: 'off', endpoints: { [ANDROID_PUBLISHER]: google.url } },
    }));
    beforeAll(() => {
      // The held grant below must not count as a timeout on a busy machine.
      setPartyPolicy('google_play', 'token', { timeoutMs: 60_000 });
    });

    it('obtains the token once; the other instance waits on the lock and uses the same token', async () => {
      const { a, b } = race;
      const headers = await staffHeaders(a);
      const productId = Number(headers['x-product-id']);
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
      let held = 0;
      google.beforeGrant = async () => {
        held += 1;
        await lockWaiterSeen(race.name);
      };
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
        .where(and(eq(outsideTokens.productId, productId), eq(outsideTokens.party, 'google_play')));
      expect(row!.refreshes).toBe(1);
    });
  },
);
