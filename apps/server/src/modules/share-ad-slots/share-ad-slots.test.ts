import { describe, expect, it } from 'vitest';
import { shareAdSlotsResource, type ShareAdSlot, type ShareAdSlotCreate } from '@rx/contracts';
import { body, describeResource, useTestApp } from '../../../test/index.ts';

const t = useTestApp();

/** Day `n` of 2031 at 00:00 UTC. */
const day = (n: number) => new Date(Date.UTC(2031, 0, 1) + n * 86_400_000).toISOString();

const slot = (n: number, extra: Partial<ShareAdSlotCreate> = {}): ShareAdSlotCreate => ({
  name: `Slot ${n}`,
  placement: 'result_page',
  // Each sample a day of its own, so the samples never meet.
  starts_at: day(n * 2),
  ends_at: day(n * 2 + 1),
  ...extra,
});

describeResource(shareAdSlotsResource, {
  sample: (n) => slot(n),
  change: { name: 'Renamed slot' },
  invalid: { body: { ...slot(0), ends_at: day(-1) }, field: 'ends_at' },
  roundTrip: { column: 'name', value: 'Edited in a sheet' },
});

type List = { list: ShareAdSlot[]; total: number };

describe('share ad slots', () => {
  it('refuses a slot overlapping another of the same placement and platform, naming it', async () => {
    const base = { placement: 'share_panel', starts_at: day(400), ends_at: day(410) } as const;
    const first = body<ShareAdSlot>(
      await t.admin.post('/api/v1/share-ad-slots', { ...base, name: 'Spring banner', platform: 'wechat' }),
    ).data;
    const overlap = await t.admin.post('/api/v1/share-ad-slots', {
      ...base,
      name: 'Clash',
      platform: 'wechat',
      starts_at: day(409),
      ends_at: day(415),
    });
    expect(body(overlap)).toMatchObject({
      code: 400001,
      data: { fields: { starts_at: expect.stringContaining('Spring banner') } },
    });
    // `all` platforms meets every platform.
    const all = await t.admin.post('/api/v1/share-ad-slots', {
      ...base,
      name: 'Everywhere',
      platform: 'all',
    });
    expect(body(all).code).toBe(400001);
    // Another platform, another placement, or right after: no conflict.
    expect(
      body(await t.admin.post('/api/v1/share-ad-slots', { ...base, name: 'QQ', platform: 'qq' })).code,
    ).toBe(0);
    expect(
      body(
        await t.admin.post('/api/v1/share-ad-slots', {
          ...base,
          name: 'Other',
          placement: 'invite_page',
          platform: 'wechat',
        }),
      ).code,
    ).toBe(0);
    expect(
      body(
        await t.admin.post('/api/v1/share-ad-slots', {
          ...base,
          name: 'Next',
          platform: 'wechat',
          starts_at: day(410),
          ends_at: day(420),
        }),
      ).code,
    ).toBe(0);
    // Moving the first slot onto the next one is refused too; disabled, it conflicts with nothing.
    const moved = await t.admin.put(`/api/v1/share-ad-slots/${first.id}`, {
      ends_at: day(412),
      version: first.version,
    });
    expect(body(moved)).toMatchObject({
      code: 400001,
      data: { fields: { starts_at: expect.stringContaining('Next') } },
    });
    const off = body<ShareAdSlot>(
      await t.admin.put(`/api/v1/share-ad-slots/${first.id}`, { status: 'disabled', version: first.version }),
    ).data;
    expect(
      body(
        await t.admin.put(`/api/v1/share-ad-slots/${first.id}`, { ends_at: day(412), version: off.version }),
      ).code,
    ).toBe(0);

    // The calendar's span: slots running at some time in [from, to).
    const month = body<List>(
      await t.admin.get(
        `/api/v1/share-ad-slots?from=${day(405)}&to=${day(411)}&placement=share_panel&page_size=50`,
      ),
    ).data;
    expect(month.list.map((s) => s.name).sort()).toEqual(['Next', 'QQ', 'Spring banner']);
  });

  it('lets only one of two overlapping slots saved at once through', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.admin.post('/api/v1/share-ad-slots', {
          name: `Race ${i}`,
          placement: 'landing_banner',
          starts_at: day(600),
          ends_at: day(601),
        }),
      ),
    );
    expect(answers.map((a) => body(a).code).sort()).toEqual([0, 400001, 400001, 400001, 400001, 400001]);
  });

  it('needs its permissions; another CP never sees the calendar', async () => {
    const made = body<ShareAdSlot>(await t.admin.post('/api/v1/share-ad-slots', slot(300))).data;
    const viewer = await t.staff(['share/see/share_ad']);
    expect(body<List>(await viewer.get('/api/v1/share-ad-slots')).data.total).toBeGreaterThan(0);
    expect(body(await viewer.post('/api/v1/share-ad-slots', slot(301))).code).toBe(403001);
    const hw = await t.signIn('ops_hw', 'dawn');
    expect(body(await hw.get(`/api/v1/share-ad-slots/${made.id}`)).code).toBe(404001);
  });
});
