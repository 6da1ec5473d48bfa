import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdAccount, AdAuthorizeAnswer, AdSyncAnswer } from '@rx/contracts';
import { authorizeMedia, body, useTestApp } from '../../../test/index.ts';
import { outsideTokens } from '../../db/outside.ts';
import { notifications } from '../../db/schema.ts';
import { fakeMedia } from './media/fake.ts';
import { adAccounts } from './tables.ts';

// Advertiser accounts through the built-in fake medium: authorisation, hierarchy, sync, renewal,
// alerts, and the medium as a dimension (scope and permissions per medium).

const t = useTestApp();
const admin = t.admin;
type List = { list: AdAccount[]; total: number };

const list = async (media: string, query = '') =>
  body<List>(await admin.get(`/api/v1/ad-accounts?media=${media}${query ? `&${query}` : ''}`)).data;
const authorize = async (media: string, code: string) => {
  const { res } = await authorizeMedia(admin, media, code);
  expect(res.statusCode, res.body).toBe(200);
  return body<AdSyncAnswer>(res).data;
};
const sync = async (media: string) =>
  body<AdSyncAnswer>(await admin.post(`/api/v1/ad-accounts/sync?media=${media}`)).data;
const expireTokenIn = async (media: string, account: string, ms: number) =>
  t.database.db
    .update(outsideTokens)
    .set({ expiresAt: new Date(Date.now() + ms) })
    .where(and(eq(outsideTokens.party, `ad_${media}`), eq(outsideTokens.account, account)));

describe('ad accounts (fake medium)', () => {
  it('starts an authorisation on the simulated page and records an agent with its advertisers', async () => {
    const start = body<AdAuthorizeAnswer>(await admin.post('/api/v1/ad-accounts/authorize?media=jrtt')).data;
    expect(start.simulated).toBe(true);
    const back = new URL(start.url, 'http://console.test');
    expect(back.pathname).toBe('/main/newrxlaunch/jrtt/account-manage');
    expect(back.searchParams.get('state')).toBe(start.state);

    const done = body<AdSyncAnswer>(
      await admin.post('/api/v1/ad-accounts/authorize/callback?media=jrtt', {
        code: 'fake-agent-7',
        state: start.state,
      }),
    ).data;
    expect(done).toEqual({ created: 4, updated: 0, failed: 0 });

    const rows = (await list('jrtt', 'q=agent-7')).list;
    const agent = rows.find((r) => r.role === 'agent')!;
    expect(agent).toMatchObject({ account_id: 'jrtt-agent-7', parent_id: null, status: 'authorized' });
    const children = (await list('jrtt', `parent_id=${agent.id}`)).list;
    expect(children.map((c) => c.account_id).sort()).toEqual([
      'jrtt-agent-7-1',
      'jrtt-agent-7-2',
      'jrtt-agent-7-3',
    ]);
    for (const row of [agent, ...children]) {
      expect(row.synced_at).not.toBeNull();
      expect(row.balance).toBeGreaterThan(0);
      expect(row.grant_account).toBe('jrtt-agent-7');
      expect(row.token_expires_at).not.toBeNull();
      expect(row.simulated).toBe(true);
    }
    // The tokens are sealed: no plain token in the store.
    const [token] = await t.database.db
      .select()
      .from(outsideTokens)
      .where(and(eq(outsideTokens.party, 'ad_jrtt'), eq(outsideTokens.account, 'jrtt-agent-7')));
    expect(token!.accessToken).not.toMatch(/fake-access/);
    expect((await t.logsOf('ad_account', agent.id))[0]).toMatchObject({ action: 'create' });

    // Authorising again renews the same rows.
    expect(await authorize('jrtt', 'fake-agent-7')).toEqual({ created: 0, updated: 4, failed: 0 });
  });

  it('refuses a state that is not this caller’s, a refused code, and a missing medium, writing nothing', async () => {
    const before = await t.rowCount(adAccounts);
    const start = body<AdAuthorizeAnswer>(
      await admin.post('/api/v1/ad-accounts/authorize?media=tencent'),
    ).data;
    // Another medium's callback with this state.
    const crossed = await admin.post('/api/v1/ad-accounts/authorize/callback?media=jrtt', {
      code: 'fake-agent-1',
      state: start.state,
    });
    expect(body(crossed)).toMatchObject({ code: 400001, data: { fields: { state: expect.any(String) } } });
    const forged = await admin.post('/api/v1/ad-accounts/authorize/callback?media=tencent', {
      code: 'fake-agent-1',
      state: `${start.state.slice(0, -4)}AAAA`,
    });
    expect(body(forged)).toMatchObject({ code: 400001, data: { fields: { state: expect.any(String) } } });
    const refused = await admin.post('/api/v1/ad-accounts/authorize/callback?media=tencent', {
      code: 'not-a-code',
      state: start.state,
    });
    expect(body(refused)).toMatchObject({ code: 422001, data: { kind: 'refused' } });
    expect(body<{ msg: string }>(refused).msg).toContain('invalid auth code');
    const nul = await admin.post('/api/v1/ad-accounts/authorize/callback?media=tencent', {
      code: 'a\u0000b',
      state: start.state,
    });
    expect(body(nul)).toMatchObject({ code: 400001, data: { fields: { code: expect.any(String) } } });
    expect(body(await admin.get('/api/v1/ad-accounts'))).toMatchObject({
      code: 400001,
      data: { fields: { media: expect.any(String) } },
    });
    expect(body(await admin.get('/api/v1/ad-accounts?media=myspace')).code).toBe(400001);
    expect(await t.rowCount(adAccounts)).toBe(before);
  });

  it('keeps each medium to its own rows and permissions', async () => {
    await authorize('tencent', 'fake-adv-kept-apart');
    const tencentRow = (await list('tencent')).list[0]!;
    expect(tencentRow.media).toBe('tencent');
    expect((await list('jrtt')).list.some((r) => r.media !== 'jrtt')).toBe(false);
    expect(body(await admin.get(`/api/v1/ad-accounts/${tencentRow.id}?media=jrtt`)).code).toBe(404001);

    const viewer = await t.staff(['launch/see/jrtt_account']);
    expect(body(await viewer.get('/api/v1/ad-accounts?media=jrtt')).code).toBe(0);
    expect(body(await viewer.get('/api/v1/ad-accounts?media=tencent')).code).toBe(403001);
    expect(body(await viewer.post('/api/v1/ad-accounts/authorize?media=jrtt')).code).toBe(403001);
    expect(body(await viewer.post('/api/v1/ad-accounts/sync?media=jrtt')).code).toBe(403001);

    const hw = await t.signIn('ops_hw', 'dawn');
    // Another CP's staff: refused (that area has no Tencent page) and never shown the row.
    const foreign = body<{ code: number; data: unknown }>(
      await hw.get(`/api/v1/ad-accounts/${tencentRow.id}?media=tencent`),
    );
    expect([403001, 404001]).toContain(foreign.code);
    expect(JSON.stringify(foreign.data ?? null)).not.toContain(tencentRow.account_id);
  });

  it('syncs balance and status, and says why a sync failed', async () => {
    await authorize('kuaishou', 'fake-adv-balance');
    const row = (await list('kuaishou', 'q=kuaishou')).list[0]!;
    fakeMedia().setBalance(row.account_id, 1_234_567);
    fakeMedia().setStatus(row.account_id, 'FROZEN');
    expect(await sync('kuaishou')).toMatchObject({ updated: 1, failed: 0 });
    expect(
      body<AdAccount>(await admin.get(`/api/v1/ad-accounts/${row.id}?media=kuaishou`)).data,
    ).toMatchObject({
      balance: 1_234_567,
      media_status: 'FROZEN',
      status: 'authorized',
    });

    fakeMedia().script.mode = 'fail';
    expect(await sync('kuaishou')).toMatchObject({ failed: 1 });
    fakeMedia().script.mode = 'ok';
    const failed = body<AdAccount>(await admin.get(`/api/v1/ad-accounts/${row.id}?media=kuaishou`)).data;
    expect(failed.status).toBe('failed');
    expect(failed.last_error).toContain('503');
    const alerts = await t.database.db.select().from(notifications).where(eq(notifications.kind, 'system'));
    expect(alerts.some((n) => n.body.includes('503') && n.link.includes('kuaishou-account-manage'))).toBe(
      true,
    );
    expect(await sync('kuaishou')).toMatchObject({ failed: 0 });
  });

  it('renews a token ahead of expiry once, and marks the grant expired when the medium refuses', async () => {
    await authorize('oppo', 'fake-agent-3');
    const refreshes = fakeMedia().refreshes;
    await expireTokenIn('oppo', 'oppo-agent-3', 3600_000);
    await sync('oppo');
    expect(fakeMedia().refreshes).toBe(refreshes + 1);
    // Renewed for 24 hours: the next sync keeps it.
    await sync('oppo');
    expect(fakeMedia().refreshes).toBe(refreshes + 1);

    await expireTokenIn('oppo', 'oppo-agent-3', 3600_000);
    fakeMedia().script.plan('refresh_refused');
    expect(await sync('oppo')).toMatchObject({ failed: 4 });
    const rows = (await list('oppo')).list;
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['expired']));
    const [alert] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, '/rxlaunch/rxlaunch-fe/deliver-manage/oppo/account-manage'));
    expect(alert?.title).toContain('oppo-agent-3');
  });

  it('warns when the grant lapses soon', async () => {
    fakeMedia().grantMs = 24 * 3600_000;
    await authorize('vivo', 'fake-adv-lapsing');
    const [row] = (await list('vivo')).list;
    expect(row).toMatchObject({ status: 'expiring' });
    expect(row!.grant_expires_at).not.toBeNull();
  });

  it('lets staff change the remark and the sync switch with a version; unbinding forgets the tokens', async () => {
    await authorize('honor', 'fake-adv-remark');
    const row = (await list('honor')).list[0]!;
    const changed = await admin.put(`/api/v1/ad-accounts/${row.id}?media=honor`, {
      remark: '主投账户',
      enabled: false,
      version: row.version,
    });
    expect(body<AdAccount>(changed).data).toMatchObject({ remark: '主投账户', enabled: false });
    expect(
      body(
        await admin.put(`/api/v1/ad-accounts/${row.id}?media=honor`, { remark: 'x', version: row.version }),
      ).code,
    ).toBe(409001);
    expect(
      body(
        await admin.put(`/api/v1/ad-accounts/${row.id}?media=honor`, {
          remark: 'x'.repeat(201),
          version: row.version + 1,
        }),
      ),
    ).toMatchObject({ code: 400001, data: { fields: { remark: expect.any(String) } } });
    // A disabled account is left out of the sync.
    expect(await sync('honor')).toMatchObject({ updated: 0 });

    expect(body(await admin.del(`/api/v1/ad-accounts/${row.id}?media=honor`)).data).toEqual({
      deleted: true,
    });
    const tokens = await t.database.db
      .select()
      .from(outsideTokens)
      .where(and(eq(outsideTokens.party, 'ad_honor'), eq(outsideTokens.account, row.grant_account)));
    expect(tokens).toHaveLength(0);
  });
});
