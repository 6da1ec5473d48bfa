import { describe, expect, it } from 'vitest';
import type { BillingPoint } from '@rx/contracts/billing-points';
import { makesNewVersion, priceSummary, versionChanges } from './billing-helpers.ts';

const point = (over: Partial<BillingPoint>): BillingPoint => ({
  id: 1,
  product_id: 1,
  channel_id: 1,
  store: 'app_store',
  store_sku: 'gems_60',
  name: '60 gems',
  prices: [{ currency: 'CNY', amount: 6 }],
  reward_gift_id: 10,
  bonus_gift_id: null,
  limit_per_player: 0,
  limit_daily: 0,
  kind: 'consumable',
  sandbox: false,
  status: 'live',
  sku_version: 1,
  previous_id: null,
  current: true,
  version: 1,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  ...over,
});

describe('billing point versions', () => {
  it('a live SKU gets a new version when its reward or bonus changes, not otherwise', () => {
    const live = point({});
    expect(makesNewVersion(live, { reward_gift_id: 11 })).toBe(true);
    expect(makesNewVersion(live, { bonus_gift_id: 12 })).toBe(true);
    expect(makesNewVersion(live, { reward_gift_id: 10, bonus_gift_id: null })).toBe(false);
    expect(makesNewVersion(live, {})).toBe(false);
    expect(makesNewVersion(point({ status: 'draft' }), { reward_gift_id: 11 })).toBe(false);
    expect(makesNewVersion(point({ bonus_gift_id: 12 }), { bonus_gift_id: null })).toBe(true);
  });

  it('lists what changed from the previous version, ignoring the retired status', () => {
    const v1 = point({ status: 'retired', current: false });
    const v2 = point({
      id: 2,
      sku_version: 2,
      previous_id: 1,
      reward_gift_id: 11,
      prices: [{ currency: 'CNY', amount: 8 }],
    });
    expect(versionChanges(v1, v2)).toEqual(['reward_gift_id', 'prices']);
    expect(versionChanges(undefined, v1)).toEqual([]);
  });

  it('summarises the price tiers', () => {
    expect(
      priceSummary([
        { currency: 'CNY', amount: 6 },
        { currency: 'USD', amount: 0.99 },
      ]),
    ).toBe('CNY 6 · USD 0.99');
  });
});
