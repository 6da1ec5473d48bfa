import { describe, expect, it } from 'vitest';
import type { AdAccount, AdObject, AdObjectSyncAnswer } from '@rx/contracts';
import { authorizeMedia, body, useTestApp } from '../../../test/index.ts';
import { fakeMedia } from './media/fake.ts';

// Delivery through the built-in fake medium: the live objects pulled into the mirror; pause,
// budget and bid sent with the object's token; the medium's refusals (a stale token, a budget under
// its minimum, a bid on a campaign, a frozen account) answered with its reason and nothing changed;
// another medium's objects and other callers kept out.

const t = useTestApp();
const admin = t.admin;
type List = { list: AdObject[]; total: number };

const authorise = async (media: string, code: string) => {
  await authorizeMedia(admin, media, code);
  const root = code.replace('fake-agent-', `${media}-agent-`);
  return body<{ list: AdAccount[] }>(await admin.get(`/api/v1/ad-accounts?media=${media}&q=${root}-`)).data
    .list;
};
const list = async (query: string) =>
  body<List>(await admin.get(`/api/v1/ad-objects?page_size=100&${query}`)).data;
const act = (id: number, payload: Record<string, unknown>) =>
  admin.post(`/api/v1/ad-objects/${id}/action?media=jrtt`, payload);

describe('ad objects (fake medium)', () => {
  it('pulls the live objects and sends edits with their token', async () => {
    const accounts = await authorise('jrtt', 'fake-agent-81');
    const synced = body<AdObjectSyncAnswer>(await admin.post('/api/v1/ad-objects/sync?media=jrtt', {})).data;
    expect(synced.accounts).toBeGreaterThanOrEqual(3);
    const first = accounts[0]!;
    const mine = (await list(`media=jrtt&ad_account_id=${first.id}`)).list;
    expect(mine.map((o) => `${o.level} ${o.object_id}`).sort()).toEqual(
      [
        `adgroup ${first.account_id}-g1`,
        `adgroup ${first.account_id}-g2`,
        `campaign ${first.account_id}-c1`,
        `campaign ${first.account_id}-c2`,
      ].sort(),
    );
    const campaign = mine.find((o) => o.object_id === `${first.account_id}-c1`)!;
    const group = mine.find((o) => o.object_id === `${first.account_id}-g1`)!;
    expect(campaign).toMatchObject({
      status: 'active',
      budget: 50_000,
      bid: null,
      account_id: first.account_id,
    });
    expect((await list(`media=jrtt&parent_object_id=${campaign.object_id}`)).list.map((o) => o.id)).toEqual([
      group.id,
    ]);

    // Another pull that brings nothing new keeps every version: an edit staff opened before
    // someone else's pull still goes through (below, with the version read before it).
    await admin.post('/api/v1/ad-objects/sync?media=jrtt', {});
    const again = (await list(`media=jrtt&ad_account_id=${first.id}`)).list;
    expect(again.map((o) => [o.id, o.version]).sort()).toEqual(mine.map((o) => [o.id, o.version]).sort());

    // Pause: sent, the mirror takes the medium's answer; the log has it.
    const paused = body<AdObject>(
      await act(campaign.id, { action: 'pause', version: campaign.version }),
    ).data;
    expect(paused).toMatchObject({ status: 'paused', last_error: '' });
    expect(
      fakeMedia()
        .objectsOf('jrtt', first.account_id)
        .find((o) => o.objectId === campaign.object_id)?.status,
    ).toBe('paused');
    expect((await t.logsOf('ad_object', campaign.id))[0]).toMatchObject({ action: 'update' });
    // A stale version of ours: 409, nothing sent.
    const edits = fakeMedia().objectEdits;
    expect(body(await act(campaign.id, { action: 'resume', version: campaign.version })).code).toBe(409001);
    expect(fakeMedia().objectEdits).toBe(edits);

    // The medium's refusals: its reason, nothing changed here.
    const low = await act(paused.id, { action: 'budget', value: 100, version: paused.version });
    expect(body(low)).toMatchObject({ code: 422001 });
    expect(body(low).msg).toContain('300.00');
    const onCampaign = await act(paused.id, { action: 'bid', value: 150, version: paused.version });
    expect(body(onCampaign).msg).toContain('ad groups');
    const kept = (await list(`media=jrtt&ad_account_id=${first.id}`)).list.find((o) => o.id === campaign.id)!;
    expect(kept).toMatchObject({ status: 'paused', budget: 50_000 });
    expect(kept.last_error).toContain('ad groups');

    // Someone changed the ad group on the medium since the pull: the stale token is refused.
    fakeMedia().touchObject('jrtt', first.account_id, group.object_id);
    const stale = await act(group.id, { action: 'bid', value: 150, version: group.version });
    expect(body(stale).msg).toContain('changed since');
    // Pulled again, the edit goes through.
    await admin.post('/api/v1/ad-objects/sync?media=jrtt', { ad_account_id: first.id });
    const fresh = (await list(`media=jrtt&ad_account_id=${first.id}`)).list.find((o) => o.id === group.id)!;
    const bid = body<AdObject>(
      await act(group.id, { action: 'bid', value: 150, version: fresh.version }),
    ).data;
    expect(bid).toMatchObject({ bid: 150, last_error: '' });

    // A frozen account is refused with the medium's reason.
    fakeMedia().frozen.add(first.account_id);
    const frozen = await act(bid.id, { action: 'pause', version: bid.version });
    expect(body(frozen).msg).toContain('frozen');
  });

  it('checks the body, keeps media and callers apart', async () => {
    await authorise('tencent', 'fake-agent-82');
    await admin.post('/api/v1/ad-objects/sync?media=tencent', {});
    const tencent = (await list('media=tencent')).list;
    expect(tencent.length).toBeGreaterThan(0);
    const one = tencent[0]!;
    // Another medium's page cannot reach it; a budget needs its value.
    expect(body(await act(one.id, { action: 'pause', version: one.version })).code).toBe(404001);
    const noValue = await admin.post(`/api/v1/ad-objects/${one.id}/action?media=tencent`, {
      action: 'budget',
      version: one.version,
    });
    expect(body(noValue)).toMatchObject({ code: 400001, data: { fields: { value: expect.any(String) } } });
    expect(body(await admin.get('/api/v1/ad-objects?media=kuaishou')).code).toBe(400001);
    const viewer = await t.staff(['launch/see/gdtv3_ad']);
    expect(body<List>(await viewer.get('/api/v1/ad-objects?media=tencent')).data.total).toBe(tencent.length);
    expect(
      body(
        await viewer.post(`/api/v1/ad-objects/${one.id}/action?media=tencent`, {
          action: 'pause',
          version: one.version,
        }),
      ).code,
    ).toBe(403001);
    expect(body(await viewer.get('/api/v1/ad-objects?media=jrtt')).code).toBe(403001);
    const hw = await t.signIn('ops_hw');
    expect(body<List>(await hw.get('/api/v1/ad-objects?media=tencent')).data?.total ?? 0).toBe(0);
  });
});
