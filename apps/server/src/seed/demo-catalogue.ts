import type { GiftContent, GiftUse, I18nText } from '@rx/contracts';
import type { Db } from '../db/index.ts';
import { giftPackages, props } from '../db/tables.ts';
import { TIER_AMOUNTS, seedDemoBilling } from './demo-billing.ts';
import { seedDemoChannels } from './demo-channels.ts';
import { DAWN_PROPS, FARM_PROPS, TANK_PROPS, XIANXIA_PROPS, type DemoProp } from './demo-props.ts';

/** The demo catalogue of each demo product: channels, sub-channels, props, gift packages, billing points. */

interface Theme {
  props: DemoProp[];
  /** The paid currency and the soft one, by prop code. */
  premium: string;
  soft: string;
  /** Props of the starter pack: [code, quantity]. */
  starter: [string, number][];
  stamina: string;
}

const THEMES: Record<string, Theme> = {
  xianxia: {
    props: XIANXIA_PROPS,
    premium: 'yuanbao',
    soft: 'copper',
    starter: [
      ['azure_blade', 1],
      ['healing_pill', 20],
      ['exp_pill', 10],
      ['frame_destiny', 1],
    ],
    stamina: 'stamina_pill',
  },
  tankwar: {
    props: TANK_PROPS,
    premium: 'diamond',
    soft: 'gold',
    starter: [
      ['turbo_engine', 1],
      ['repair_kit', 20],
      ['ap_shell', 50],
      ['skin_desert', 1],
    ],
    stamina: 'repair_kit',
  },
  dawn: {
    props: DAWN_PROPS,
    premium: 'gems',
    soft: 'gold',
    starter: [
      ['iron_longsword', 1],
      ['summon_ticket', 5],
      ['health_potion', 20],
      ['frame_dawnbreaker', 1],
    ],
    stamina: 'stamina_refill',
  },
  farm: {
    props: FARM_PROPS,
    premium: 'gems',
    soft: 'coins',
    starter: [
      ['golden_hoe', 1],
      ['super_fertilizer', 10],
      ['lucky_seed_box', 3],
      ['farmer_hat', 1],
    ],
    stamina: 'speedup_clock',
  },
};

const name = (zh: string, en: string): I18nText => ({
  zh,
  en,
  ja: '',
  th: '',
  vi: '',
  tl: '',
  id: '',
  ar: '',
  tc: '',
});

const STACKS = { currency: 2_000_000_000, consumable: 999, equipment: 1, material: 9999, avatar: 1 } as const;

export async function seedDemoCatalogue(
  db: Db,
  product: { id: number; cpId: number; code: string; region: 'gn' | 'hw' },
): Promise<void> {
  const theme = THEMES[product.code];
  if (!theme) return;
  const scope = { cpId: product.cpId, productId: product.id };
  const domestic = product.region === 'gn';
  const pkg = `com.ruixue.${product.code}`;

  const channel = await seedDemoChannels(db, scope, { code: product.code, domestic });

  const UNIT_VALUES = { common: 1, uncommon: 5, rare: 20, epic: 100, legendary: 500, mythic: 2000 };
  const propRows = await db
    .insert(props)
    .values(
      theme.props.map(([code, zh, en, type, rarity], i) => ({
        ...scope,
        code,
        name: name(zh, en),
        type,
        rarity,
        stackLimit: STACKS[type],
        // Some cosmetics are limited-time rentals.
        expiryDays: type === 'avatar' && i % 2 === 0 ? 30 : 0,
        // What one is worth (cents), by rarity: what the demo's approval policy on mail value counts.
        unitValue: UNIT_VALUES[rarity],
        tags: [
          type === 'currency' ? 'economy' : type === 'avatar' ? 'cosmetic' : 'gameplay',
          ...(rarity === 'legendary' || rarity === 'mythic' ? ['rare_drop'] : []),
        ],
      })),
    )
    .returning();
  const prop = (code: string) => propRows.find((p) => p.code === code)!.id;
  const content = (list: [string, number][]): GiftContent[] =>
    list.map(([code, quantity]) => ({ prop_id: prop(code), quantity }));
  const [premium] = theme.props.filter((p) => p[0] === theme.premium);
  const currency = domestic ? premium![1] : premium![2];

  const paid: GiftUse[] = ['billing_point', 'shop'];
  const gifts: {
    name: I18nText;
    contents: GiftContent[];
    usableIn: GiftUse[];
    perPlayerLimit?: number;
    validTo?: Date;
  }[] = [
    ...TIER_AMOUNTS.map((amount) => ({
      name: name(`${amount} ${premium![1]}`, `${amount} ${premium![2]}`),
      contents: content([[theme.premium, amount]]),
      usableIn: paid,
    })),
    {
      name: name('月卡', 'Monthly Card'),
      contents: content([
        [theme.premium, 300],
        [theme.stamina, 30],
      ]),
      usableIn: ['billing_point'],
    },
    {
      name: name('新手礼包', 'Starter Pack'),
      contents: content([[theme.premium, 60], ...theme.starter]),
      usableIn: ['billing_point', 'shop'],
      perPlayerLimit: 1,
    },
    {
      name: name('首充加赠', 'First Purchase Bonus'),
      contents: content([
        [theme.premium, 60],
        [theme.soft, 50_000],
      ]),
      usableIn: ['billing_point'],
    },
    {
      name: name('维护补偿', 'Maintenance Compensation'),
      contents: content([
        [theme.stamina, 2],
        [theme.soft, 10_000],
      ]),
      usableIn: ['mail', 'codes'],
      validTo: new Date(Date.now() + 30 * 86_400_000),
    },
  ];
  const giftRows = await db
    .insert(giftPackages)
    .values(
      gifts.map((g) => ({
        ...scope,
        name: g.name,
        contents: g.contents,
        usableIn: g.usableIn,
        perPlayerLimit: g.perPlayerLimit ?? 0,
        validTo: g.validTo ?? null,
      })),
    )
    .returning();
  await seedDemoBilling(db, scope, { domestic, pkg, currency, channel, gifts: giftRows });
}
