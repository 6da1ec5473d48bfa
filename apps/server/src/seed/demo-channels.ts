import type { Db } from '../db/index.ts';
import { channels, subChannels } from '../db/tables.ts';

/** Demo channels and sub-channels of a product (stores, phone makers, ad campaigns); answers channel ids by code. */
export async function seedDemoChannels(
  db: Db,
  scope: { cpId: number; productId: number },
  product: { code: string; domestic: boolean },
): Promise<(code: string) => number> {
  const { domestic } = product;
  const pkg = `com.ruixue.${product.code}`;
  const channelRows = await db
    .insert(channels)
    .values(
      (domestic
        ? ([
            ['official', '官方渠道', 'web'],
            ['huawei', '华为应用市场', 'oem'],
            ['xiaomi', '小米应用商店', 'oem'],
            ['oppo', 'OPPO 软件商店', 'oem'],
            ['vivo', 'vivo 应用商店', 'oem'],
            ['appstore', 'App Store', 'store'],
            ['taptap', 'TapTap', 'store'],
          ] as const)
        : ([
            ['appstore', 'App Store', 'store'],
            ['googleplay', 'Google Play', 'store'],
            ['samsung', 'Galaxy Store', 'oem'],
            ['web', 'Web Shop', 'web'],
          ] as const)
      ).map(([code, channelName, kind]) => ({ ...scope, code, name: channelName, kind })),
    )
    .returning();
  const channel = (code: string) => channelRows.find((c) => c.code === code)!.id;

  const subs: [string, string, string, string, string, string, boolean][] = domestic
    ? [
        ['official', `${product.code}_official`, '官网包', pkg, '', '', true],
        ['official', `${product.code}_jl_spring`, '巨量引擎·春节拉新', pkg, '巨量引擎', '春节拉新', true],
        ['official', `${product.code}_gdt_summer`, '广点通·暑期投放', pkg, '腾讯广点通', '暑期投放', false],
        ['official', `${product.code}_ks_kol`, '快手·达人合作', pkg, '快手', '达人合作', false],
        ['huawei', `${product.code}_huawei`, '华为渠道包', `${pkg}.huawei`, '', '', true],
        ['xiaomi', `${product.code}_mi`, '小米渠道包', `${pkg}.mi`, '', '', true],
        ['appstore', `${product.code}_ios`, 'App Store 包', pkg, '', '', true],
      ]
    : [
        ['appstore', `${product.code}_ios_organic`, 'iOS organic', pkg, '', '', true],
        ['googleplay', `${product.code}_gp_organic`, 'Google Play organic', pkg, '', '', true],
        [
          'googleplay',
          `${product.code}_gp_fb_launch`,
          'Facebook · Launch US',
          pkg,
          'Facebook',
          'Launch US',
          true,
        ],
        ['googleplay', `${product.code}_gp_gads_sea`, 'Google Ads · SEA', pkg, 'Google Ads', 'SEA Q3', false],
        ['googleplay', `${product.code}_gp_tiktok`, 'TikTok · Creators', pkg, 'TikTok', 'Creators', false],
        ['web', `${product.code}_web`, 'Web shop', '', '', '', false],
      ];
  await db.insert(subChannels).values(
    subs.map(([ch, code, subName, packageId, media, campaign, frozen]) => ({
      ...scope,
      channelId: channel(ch),
      code,
      name: subName,
      packageId,
      media,
      campaign,
      frozen,
    })),
  );
  return channel;
}
