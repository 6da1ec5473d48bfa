import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdAccount, AdAuthorizeAnswer, AdSyncAnswer } from '@rx/contracts';
import { outsideTokens } from '../../db/outside.ts';
import { setPartyPolicy } from '../../lib/outside/index.ts';
import { body } from '../../../test/helpers.ts';
import {
  instancesUnavailable,
  lockWaiterSeen,
  staffHeaders,
  useInstances,
  type Instance,
} from '../../../test/two-instances.ts';
import { fakeMedia } from './media/fake.ts';

/**
 * Two server instances on one PostgreSQL database sync the same advertiser grant at the same
 * moment while its access token is about to lapse: the token row's lock lets one renew it while the
 * other waits, then finds the renewed token and uses it. The medium rotates refresh tokens, so a
 * second renewal would be refused and lapse the grant. The fake holds the first renewal until the
 * other instance is seen waiting on the lock, so the two really overlap.
 */

const skipReason = await instancesUnavailable();

describe.skipIf(skipReason !== null)(
  `an ad token renewal raced by two instances${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const race = useInstances('ads_race', () => ({ listen: false, outside: { unset: 'fake' } }));
    beforeAll(() => {
      // The held renewal below must not count as a timeout on a busy machine.
      setPartyPolicy('ad_oppo', 'refresh', { timeoutMs: 60_000 });
    });
    afterAll(() => {
      fakeMedia().beforeRefresh = null;
    });

    it('renews once; the other instance waits on the lock and syncs with the renewed token', async () => {
      const { a, b } = race;
      const headers = await staffHeaders(a);
      const post = (instance: Instance, url: string, payload?: unknown) =>
        instance.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

      const start = body<AdAuthorizeAnswer>(await post(a, '/api/v1/ad-accounts/authorize?media=oppo')).data;
      const done = await post(b, '/api/v1/ad-accounts/authorize/callback?media=oppo', {
        code: 'fake-agent-77',
        state: start.state,
      });
      expect(body<AdSyncAnswer>(done).data).toEqual({ created: 4, updated: 0, failed: 0 });
      const grant = and(eq(outsideTokens.party, 'ad_oppo'), eq(outsideTokens.account, 'oppo-agent-77'));
      // The access token lapses within the hour: the next sync renews it.
      await a.database.db
        .update(outsideTokens)
        .set({ expiresAt: new Date(Date.now() + 3600_000) })
        .where(grant);
      const refreshes = fakeMedia().refreshes;

      let held = 0;
      fakeMedia().beforeRefresh = async () => {
        held += 1;
        if (held === 1) await lockWaiterSeen(race.name);
      };
      const syncs = await Promise.all(
        [a, b].map((instance) => post(instance, '/api/v1/ad-accounts/sync?media=oppo')),
      );
      for (const res of syncs) expect(res.statusCode, res.body).toBe(200);
      expect(syncs.map((res) => body<AdSyncAnswer>(res).data)).toEqual([
        { created: 0, updated: 4, failed: 0 },
        { created: 0, updated: 4, failed: 0 },
      ]);
      expect(held).toBe(1);
      expect(fakeMedia().refreshes).toBe(refreshes + 1);

      const [token] = await a.database.db.select().from(outsideTokens).where(grant);
      expect(token!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 20 * 3600_000);
      const rows = body<{ list: AdAccount[] }>(
        await b.app.inject({ method: 'GET', url: '/api/v1/ad-accounts?media=oppo&q=agent-77', headers }),
      ).data.list;
      expect(rows.map((r) => r.status)).toEqual(['authorized', 'authorized', 'authorized', 'authorized']);
    });
  },
);
