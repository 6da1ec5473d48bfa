import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/index.ts';
import { productIdOf } from '../../../test/api.ts';
import { products } from '../../db/schema.ts';
import { grantTopUpRewards, type TopUpInput } from './index.ts';
import { webActivities, webActivityGrants } from './tables.ts';

// grantTopUpRewards: what a paid web order earns, inside the orders' own transaction.

const t = useTestApp({ as: null });
let dawn: number;
let cpId: number;
const tag = Date.now().toString(36);
let seq = 0;
const HOUR = 3_600_000;
const now = Date.now();

async function activity(
  values: Partial<typeof webActivities.$inferInsert> &
    Pick<typeof webActivities.$inferInsert, 'kind' | 'tiers'>,
) {
  const [row] = await t.database.db
    .insert(webActivities)
    .values({
      cpId,
      productId: dawn,
      name: { zh: 'a', en: 'a', ja: 'a', th: 'a', vi: 'a', tl: 'a', id: 'a', ar: 'a', tc: 'a' },
      currency: '',
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + HOUR),
      status: 'live',
      ...values,
    })
    .returning();
  return row!;
}

function order(openid: string, extra: Partial<TopUpInput> = {}): TopUpInput {
  return {
    cpId,
    productId: dawn,
    openid,
    orderNo: `W${tag}${++seq}`,
    currency: 'USD',
    amountMinor: 499,
    paidAt: new Date(now),
    ...extra,
  };
}
const grant = (input: TopUpInput) => t.database.db.transaction((tx) => grantTopUpRewards(tx, input));
const player = () => `p${tag}_${++seq}`;

beforeAll(async () => {
  dawn = await productIdOf(t, 'dawn');
  const [row] = await t.database.db
    .select({ cpId: products.cpId })
    .from(products)
    .where(eq(products.id, dawn));
  cpId = row!.cpId;
});

describe('grantTopUpRewards', () => {
  it('grants a first top-up gift once per player, on the first paid order within the activity', async () => {
    const first = await activity({ kind: 'first', tiers: [{ threshold: 0, gift_package_id: 9001 }] });
    const who = player();
    const one = order(who);
    expect(await grant(one)).toEqual(
      expect.arrayContaining([{ activityId: first.id, kind: 'first', giftPackageId: 9001 }]),
    );
    // The same order again (a retried payment): the same lines, nothing new.
    expect(await grant(one)).toEqual(await grant(one));
    const again = await grant(one);
    expect(again.filter((l) => l.activityId === first.id)).toHaveLength(1);
    // A second order of the same player: no first top-up gift.
    const second = await grant(order(who));
    expect(second.filter((l) => l.activityId === first.id)).toEqual([]);
    // Another player gets theirs.
    const other = await grant(order(player()));
    expect(other.filter((l) => l.activityId === first.id)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(webActivityGrants)
      .where(eq(webActivityGrants.activityId, first.id));
    expect(rows).toHaveLength(2);
    await t.database.db.update(webActivities).set({ status: 'ended' }).where(eq(webActivities.id, first.id));
  });

  it('adds to a cumulative total in its currency and grants every tier newly reached, each once', async () => {
    const cumulative = await activity({
      kind: 'cumulative',
      currency: 'USD',
      tiers: [
        { threshold: 1000, gift_package_id: 9101 },
        { threshold: 3000, gift_package_id: 9102 },
        { threshold: 5000, gift_package_id: 9103 },
        { threshold: 10000, gift_package_id: 9104 },
      ],
    });
    const who = player();
    const mine = (lines: Awaited<ReturnType<typeof grant>>) =>
      lines.filter((l) => l.activityId === cumulative.id);
    expect(mine(await grant(order(who, { amountMinor: 999 })))).toEqual([]);
    // 999 + 4500 = 5499 crosses 1000, 3000 and 5000 at once.
    const big = order(who, { amountMinor: 4500 });
    const crossed = mine(await grant(big));
    expect(crossed).toEqual([
      { activityId: cumulative.id, kind: 'cumulative', tier: 1, giftPackageId: 9101 },
      { activityId: cumulative.id, kind: 'cumulative', tier: 2, giftPackageId: 9102 },
      { activityId: cumulative.id, kind: 'cumulative', tier: 3, giftPackageId: 9103 },
    ]);
    // Retried: the same lines, and the total is not counted twice.
    expect(mine(await grant(big))).toEqual(crossed);
    // Another currency does not count.
    expect(mine(await grant(order(who, { currency: 'EUR', amountMinor: 100000 })))).toEqual([]);
    // 5499 + 4500 = 9999: nothing; + 1 = 10000: the last tier.
    expect(mine(await grant(order(who, { amountMinor: 4500 })))).toEqual([]);
    expect(mine(await grant(order(who, { amountMinor: 1 })))).toEqual([
      { activityId: cumulative.id, kind: 'cumulative', tier: 4, giftPackageId: 9104 },
    ]);
    expect(mine(await grant(order(who, { amountMinor: 50000 })))).toEqual([]);
    const rows = await t.database.db
      .select()
      .from(webActivityGrants)
      .where(eq(webActivityGrants.activityId, cumulative.id));
    expect(rows).toHaveLength(4);
    await t.database.db
      .update(webActivities)
      .set({ status: 'ended' })
      .where(eq(webActivities.id, cumulative.id));
  });

  it('only activities live at paidAt, of the same product, count', async () => {
    const draft = await activity({
      kind: 'first',
      status: 'draft',
      tiers: [{ threshold: 0, gift_package_id: 9201 }],
    });
    const later = await activity({
      kind: 'first',
      startsAt: new Date(now + HOUR),
      endsAt: new Date(now + 2 * HOUR),
      tiers: [{ threshold: 0, gift_package_id: 9202 }],
    });
    const farm = await productIdOf(t, 'farm');
    const ids = new Set([draft.id, later.id]);
    const lines = await grant(order(player()));
    expect(lines.filter((l) => ids.has(l.activityId))).toEqual([]);
    const elsewhere = await grant(order(player(), { productId: farm }));
    expect(elsewhere.filter((l) => ids.has(l.activityId) || l.activityId === draft.id)).toEqual([]);
    // Paid within the later window: it grants.
    const inWindow = await grant(order(player(), { paidAt: new Date(now + HOUR + 1000) }));
    expect(inWindow.filter((l) => ids.has(l.activityId))).toEqual([
      { activityId: later.id, kind: 'first', giftPackageId: 9202 },
    ]);
  });

  it('two orders of one player paid at once add up once and grant a tier once', async () => {
    const cumulative = await activity({
      kind: 'cumulative',
      currency: 'THB',
      tiers: [{ threshold: 1000, gift_package_id: 9401 }],
    });
    const who = player();
    const lines = await Promise.all([
      grant(order(who, { currency: 'THB', amountMinor: 600 })),
      grant(order(who, { currency: 'THB', amountMinor: 600 })),
    ]);
    const granted = lines.flat().filter((l) => l.activityId === cumulative.id);
    expect(granted).toEqual([
      { activityId: cumulative.id, kind: 'cumulative', tier: 1, giftPackageId: 9401 },
    ]);
    const rows = await t.database.db
      .select()
      .from(webActivityGrants)
      .where(eq(webActivityGrants.activityId, cumulative.id));
    expect(rows).toHaveLength(1);
  });

  it('a rolled back transaction leaves nothing counted', async () => {
    const cumulative = await activity({
      kind: 'cumulative',
      currency: 'JPY',
      tiers: [{ threshold: 100, gift_package_id: 9301 }],
    });
    const input = order(player(), { currency: 'JPY', amountMinor: 100 });
    await expect(
      t.database.db.transaction(async (tx) => {
        await grantTopUpRewards(tx, input);
        throw new Error('delivery failed');
      }),
    ).rejects.toThrow('delivery failed');
    const lines = await grant(input);
    expect(lines.filter((l) => l.activityId === cumulative.id)).toEqual([
      { activityId: cumulative.id, kind: 'cumulative', tier: 1, giftPackageId: 9301 },
    ]);
  });
});
