import { describe, expect, it } from 'vitest';
import { csBlacklistResource, type CsBlacklistEntry } from '@rx/contracts';
import { eq } from 'drizzle-orm';
import { body, describeResource, useTestApp } from '../../../test/index.ts';
import { csBlacklist } from './tables.ts';

const t = useTestApp();
const tag = Date.now().toString(36);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
type List = { list: CsBlacklistEntry[]; total: number };

describeResource(csBlacklistResource, {
  sample: (n) => ({ openid: `bl${tag}_${n}`, reason: `abuse ${n}`, expires_at: inDays(30) }),
  change: { reason: 'spam', expires_at: null },
  invalid: { body: { openid: `bl${tag}_bad`, expires_at: '2020-01-01T00:00:00Z' }, field: 'expires_at' },
  roundTrip: { column: 'reason', value: 'Edited in a sheet' },
});

describe('service blacklist', () => {
  it('refuses a listed player a conversation through the game API, and serves them again once removed', async () => {
    const admin = t.admin;
    const key = await t.gameKey(admin, 'blacklist');
    const openid = `blg${tag}`;
    const made = await admin.post('/api/v1/cs-blacklist', { openid, reason: 'threats' });
    expect(made.statusCode, made.body).toBe(200);
    const entry = body<CsBlacklistEntry>(made).data;
    expect(entry).toMatchObject({ openid, reason: 'threats', expires_at: null, active: true });

    const refused = await t.signedCall(key, 'POST', '/api/game/v1/cs/conversations', { openid });
    expect(body(refused).code).toBe(422001);

    // The same player twice: refused on the openid, nothing written.
    const twice = await admin.post('/api/v1/cs-blacklist', { openid, reason: 'again' });
    expect(body(twice)).toMatchObject({ code: 400001, data: { fields: { openid: expect.any(String) } } });
    // The openid of an entry never changes.
    const moved = await admin.put(`/api/v1/cs-blacklist/${entry.id}`, {
      openid: `${openid}x`,
      version: entry.version,
    });
    expect(body(moved).code).toBe(400001);

    expect(body(await admin.del(`/api/v1/cs-blacklist/${entry.id}`)).code).toBe(0);
    const served = await t.signedCall(key, 'POST', '/api/game/v1/cs/conversations', { openid });
    expect(served.statusCode, served.body).toBe(200);
  });

  it('lists active and expired entries apart', async () => {
    const admin = t.admin;
    const made = body<CsBlacklistEntry>(
      await admin.post('/api/v1/cs-blacklist', { openid: `ble${tag}`, expires_at: inDays(1) }),
    ).data;
    // Its time passes (written straight to the table: the API refuses an expiry in the past).
    await t.database.db
      .update(csBlacklist)
      .set({ expiresAt: new Date(Date.now() - 3_600_000) })
      .where(eq(csBlacklist.id, made.id));
    await admin.post('/api/v1/cs-blacklist', { openid: `bla${tag}` });
    const of = async (state: string) =>
      body<List>(await admin.get(`/api/v1/cs-blacklist?q=${tag}&state=${state}`)).data.list.map(
        (e) => e.openid,
      );
    expect(await of('expired')).toEqual([`ble${tag}`]);
    expect(await of('active')).toContain(`bla${tag}`);
    expect(await of('active')).not.toContain(`ble${tag}`);
  });
});
