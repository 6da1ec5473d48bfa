import type { BillingPoint, PriceTier } from '@rx/contracts/billing-points';

/** The gifts a billing point hands out: on a live SKU they change only through a new version. */
const REWARD_FIELDS = ['reward_gift_id', 'bonus_gift_id'] as const;

/** Fields compared between two versions of a SKU, in the order they are shown. */
export const VERSION_FIELDS = [
  'reward_gift_id',
  'bonus_gift_id',
  'prices',
  'name',
  'limit_per_player',
  'limit_daily',
  'kind',
  'sandbox',
  'status',
] as const;
export type VersionField = (typeof VERSION_FIELDS)[number];

type Rewards = Partial<Pick<BillingPoint, 'reward_gift_id' | 'bonus_gift_id'>>;

/**
 * Whether saving `next` over `before` makes a new version (the server's rule): the SKU is live and
 * its reward or first-purchase bonus changes.
 */
export function makesNewVersion(before: Pick<BillingPoint, 'status'> & Rewards, next: Rewards): boolean {
  if (before.status !== 'live') return false;
  return REWARD_FIELDS.some(
    (field) => next[field] !== undefined && (next[field] ?? null) !== (before[field] ?? null),
  );
}

/** `CNY 6 · USD 0.99` */
export function priceSummary(prices: readonly PriceTier[]): string {
  return prices.map((p) => `${p.currency} ${p.amount}`).join(' · ');
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that differ between a version of a SKU and the one before it. */
export function versionChanges(previous: BillingPoint | undefined, current: BillingPoint): VersionField[] {
  if (!previous) return [];
  return VERSION_FIELDS.filter((field) =>
    // A retired row says `retired`; what it was before retiring does not count as a change.
    field === 'status' ? false : !same(previous[field], current[field]),
  );
}

/** Common store currencies offered first in the price list (any ISO 4217 code may be typed). */
export const CURRENCIES = [
  'CNY',
  'USD',
  'EUR',
  'JPY',
  'KRW',
  'TWD',
  'HKD',
  'THB',
  'VND',
  'PHP',
  'IDR',
  'SAR',
  'AED',
  'GBP',
];
