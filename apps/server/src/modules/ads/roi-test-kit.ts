import { eq, sql } from 'drizzle-orm';
import { channels, products, subChannels } from '../../db/tables.ts';
import type { useTestApp } from '../../../test/index.ts';
import { adAccounts, adReportDays } from './tables.ts';

type TestApp = ReturnType<typeof useTestApp>;

/**
 * What the ROI tests share: the test game's store channel `<prefix>-store` with sub-channels
 * `<prefix>-<key>`, Ocean Engine advertiser accounts `<prefix>-adv-<key>` ("<label> advertiser
 * <key>"; the key '' makes `<prefix>-adv`), and helpers for their mappings, report days, players and
 * orders (order numbers `<PREFIX>-1`, `-2`, …). Each test file takes its own prefix, so their rows
 * never meet.
 */
export async function roiFixture(
  t: TestApp,
  options: { prefix: string; label: string; subs: string[]; accounts: string[] },
) {
  const { prefix, label } = options;
  const db = t.database.db;
  const [product] = await db.select().from(products).where(eq(products.id, t.productId));
  const owner = { cpId: product!.cpId, productId: product!.id };
  const [channel] = await db
    .insert(channels)
    .values({ ...owner, code: `${prefix}-store`, name: `${label} store`, kind: 'store' })
    .returning();
  const subRows = await db
    .insert(subChannels)
    .values(
      options.subs.map((x) => ({
        ...owner,
        channelId: channel!.id,
        code: `${prefix}-${x}`,
        name: `${label} ${x}`,
      })),
    )
    .returning();
  const accountId = (x: string) => (x ? `${prefix}-adv-${x}` : `${prefix}-adv`);
  const accountRows = await db
    .insert(adAccounts)
    .values(
      options.accounts.map((x) => ({
        ...owner,
        media: 'jrtt',
        accountId: accountId(x),
        name: x ? `${label} advertiser ${x}` : `${label} advertiser`,
        role: 'advertiser' as const,
        grantAccount: accountId(x),
      })),
    )
    .returning();
  const sub = (x: string) => subRows.find((s) => s.code === `${prefix}-${x}`)!.id;
  const account = (x: string) => accountRows.find((a) => a.accountId === accountId(x))!.id;
  const players = new Map<string, number>();
  let orderNo = 0;

  return {
    db,
    owner,
    sub,
    account,
    /** Sub-channel → account mappings (a campaign's when named; disabled when said). */
    async map(rows: [sub: string, account: string, extra?: { campaignId?: string; enabled?: boolean }][]) {
      // In SQL: the mapping's table belongs to ad-mappings, which imports this module's tables.
      for (const [s, a, extra] of rows)
        await db.execute(sql`insert into ad_mappings (cp_id, product_id, sub_channel_id, media, ad_account_id,
          campaign_id, enabled) values (${owner.cpId}, ${owner.productId}, ${sub(s)}, 'jrtt', ${account(a)},
          ${extra?.campaignId ?? ''}, ${extra?.enabled ?? true})`);
    },
    /** A report day of an account (1,000 impressions and 10 clicks), to insert. */
    day: (x: string, day: string, cost: number, conversions = 2) => ({
      ...owner,
      media: 'jrtt',
      adAccountId: account(x),
      day,
      cost,
      impressions: 1000,
      clicks: 10,
      conversions,
      pulledAt: new Date(),
    }),
    /** Inserts report days (each `day`'s arguments). */
    async days(rows: [account: string, day: string, cost: number, conversions?: number][]) {
      await db.insert(adReportDays).values(rows.map((row) => this.day(...row)));
    },
    /** A player of the game on a sub-channel (its key; '' for none), registered at a time if given. */
    async player(openid: string, subKey: string, createdAt?: string): Promise<number> {
      const code = subKey ? `${prefix}-${subKey}` : '';
      const result = (await db.execute(
        createdAt
          ? sql`insert into players (product_id, openid, sub_channel, created_at)
              values (${t.productId}, ${openid}, ${code}, ${createdAt}::timestamptz) returning id`
          : sql`insert into players (product_id, openid, sub_channel)
              values (${t.productId}, ${openid}, ${code}) returning id`,
      )) as unknown as { rows: { id: number }[] };
      const id = Number(result.rows[0]!.id);
      players.set(openid, id);
      return id;
    },
    /** Orders of players made here: openid, amount, currency, status and when it was paid. */
    async orders(rows: [openid: string, amount: number, currency: string, status: string, paidAt: string][]) {
      for (const [openid, amount, currency, status, paidAt] of rows)
        await db.execute(sql`insert into player_orders (product_id, order_no, player_id, store, sku, amount,
          currency, status, paid_at) values (${t.productId}, ${`${prefix.toUpperCase()}-${++orderNo}`},
          ${players.get(openid)!}, 'apple', 'gems', ${amount}, ${currency}, ${status}, ${paidAt}::timestamptz)`);
    },
  };
}
