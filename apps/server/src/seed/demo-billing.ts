import type { BillingKind, PriceTier, Store } from '@rx/contracts';
import type { Db } from '../db/index.ts';
import { billingPoints } from '../db/tables.ts';

/** Demo billing points: paid-currency tiers, a monthly card and a starter pack per product. */

/** Paid currency per price tier. */
export const TIER_AMOUNTS = [60, 300, 680, 1280, 3280, 6480];
const CNY = [6, 30, 68, 128, 328, 648];
const USD = [0.99, 4.99, 9.99, 19.99, 49.99, 99.99];
const JPY = [160, 800, 1500, 3000, 7800, 15800];
const THB = [35, 179, 349, 699, 1790, 3590];

const domesticPrice = (tier: number): PriceTier[] => [{ currency: 'CNY', amount: CNY[tier]! }];
const overseasPrices = (tier: number): PriceTier[] => [
  { currency: 'USD', amount: USD[tier]! },
  { currency: 'EUR', amount: USD[tier]! },
  { currency: 'JPY', amount: JPY[tier]! },
  { currency: 'THB', amount: THB[tier]! },
];

interface DemoPoint {
  store: Store;
  channel: string;
  sku: string;
  name: string;
  reward: number;
  prices: PriceTier[];
  kind?: BillingKind;
  status?: 'live' | 'draft';
  sandbox?: boolean;
  limitPerPlayer?: number;
  /** The first purchase adds the first-purchase bonus gift. */
  bonus?: boolean;
}

export async function seedDemoBilling(
  db: Db,
  scope: { cpId: number; productId: number },
  demo: {
    domestic: boolean;
    pkg: string;
    /** The paid currency's name, for the tiers' names. */
    currency: string;
    channel: (code: string) => number;
    /** The gifts: one per tier, then monthly card, starter pack, first-purchase bonus. */
    gifts: { id: number }[];
  },
): Promise<void> {
  const { domestic, pkg, currency, gifts } = demo;
  const [monthly, starter, bonus] = gifts.slice(TIER_AMOUNTS.length);
  const tier = (store: Store, channel: string, t: number, extra: Partial<DemoPoint> = {}): DemoPoint => ({
    store,
    channel,
    sku: `${pkg}.tier${t + 1}`,
    name: `${TIER_AMOUNTS[t]} ${currency}`,
    reward: gifts[t]!.id,
    prices: domestic ? domesticPrice(t) : overseasPrices(t),
    bonus: true,
    ...extra,
  });
  const points: DemoPoint[] = domestic
    ? [
        ...[0, 1, 2, 3, 4, 5].map((t) => tier('wechat_pay', 'official', t)),
        {
          store: 'wechat_pay',
          channel: 'official',
          sku: `${pkg}.monthly`,
          name: '月卡',
          reward: monthly!.id,
          prices: domesticPrice(1),
          kind: 'monthly_card',
        },
        {
          store: 'wechat_pay',
          channel: 'official',
          sku: `${pkg}.starter`,
          name: '新手礼包',
          reward: starter!.id,
          prices: domesticPrice(0),
          status: 'draft',
          limitPerPlayer: 1,
        },
        tier('huawei', 'huawei', 0),
        tier('huawei', 'huawei', 1, { sandbox: true }),
      ]
    : [
        ...[0, 1, 2, 3].map((t) => tier('app_store', 'appstore', t)),
        ...[0, 1, 2, 4].map((t) => tier('google_play', 'googleplay', t)),
        {
          store: 'google_play',
          channel: 'googleplay',
          sku: `${pkg}.monthly`,
          name: 'Monthly Card',
          reward: monthly!.id,
          prices: overseasPrices(1),
          kind: 'subscription',
        },
        {
          store: 'app_store',
          channel: 'appstore',
          sku: `${pkg}.starter`,
          name: 'Starter Pack',
          reward: starter!.id,
          prices: overseasPrices(0),
          status: 'draft',
          sandbox: true,
          limitPerPlayer: 1,
        },
      ];
  await db.insert(billingPoints).values(
    points.map((p) => ({
      ...scope,
      channelId: demo.channel(p.channel),
      store: p.store,
      storeSku: p.sku,
      name: p.name,
      prices: p.prices,
      rewardGiftId: p.reward,
      bonusGiftId: p.bonus ? bonus!.id : null,
      limitPerPlayer: p.limitPerPlayer ?? 0,
      kind: p.kind ?? 'consumable',
      sandbox: p.sandbox ?? false,
      status: p.status ?? 'live',
    })),
  );
}
