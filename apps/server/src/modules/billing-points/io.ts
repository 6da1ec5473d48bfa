import type { BillingPoint, PriceTier } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { listCell, parseCell, STAMP_HEADERS, stampCells } from '../../lib/cells.ts';
import type { FieldProblems } from '../../lib/problems.ts';
import { inScope } from '../../lib/scope.ts';
import { channels } from '../channels/tables.ts';

const COLUMNS = [
  'channel_code',
  'store',
  'store_sku',
  'name',
  'prices',
  'reward_gift_id',
  'bonus_gift_id',
  'limit_per_player',
  'limit_daily',
  'kind',
  'sandbox',
  'status',
] as const;

export interface ChannelCodes {
  byCode: Map<string, number>;
  byId: Map<number, string>;
}

async function channelCodes(db: Db, scope: Scope): Promise<ChannelCodes> {
  const rows = await db
    .select({ id: channels.id, code: channels.code })
    .from(channels)
    .where(inScope(channels, scope));
  return { byCode: new Map(rows.map((r) => [r.code, r.id])), byId: new Map(rows.map((r) => [r.id, r.code])) };
}

/** Prices as `CNY 6|USD 0.99`. */
function pricesFromCell(text: string | undefined, problems: FieldProblems): PriceTier[] {
  return parseCell.list(text).map((entry) => {
    const match = /^([A-Za-z]{3})\s+(\S+)$/.exec(entry);
    if (!match) problems.add('prices', 'invalid');
    return { currency: match?.[1]?.toUpperCase() ?? '', amount: Number(match?.[2]) };
  });
}

/**
 * Billing points as a sheet, keyed by id (empty id: a new one); the channel named by its code,
 * prices as `CNY 6|USD 0.99`, which the automatic sheet cannot do.
 */
export const billingSheet = {
  headers: ['id', ...COLUMNS, 'sku_version', 'previous_id', 'current', ...STAMP_HEADERS],
  columns: COLUMNS,
  aliases: { channel_id: 'channel_code' },
  prepare: channelCodes,
  toCells: (b: BillingPoint, codes: ChannelCodes) => ({
    id: b.id,
    channel_code: codes.byId.get(b.channel_id) ?? '',
    store: b.store,
    store_sku: b.store_sku,
    name: b.name,
    prices: listCell(b.prices.map((p) => `${p.currency} ${p.amount}`)),
    reward_gift_id: b.reward_gift_id,
    bonus_gift_id: b.bonus_gift_id,
    limit_per_player: b.limit_per_player,
    limit_daily: b.limit_daily,
    kind: b.kind,
    sandbox: b.sandbox,
    status: b.status,
    sku_version: b.sku_version,
    previous_id: b.previous_id,
    current: b.current,
    ...stampCells(b),
  }),
  fromCells: (cells: Record<string, string>, codes: ChannelCodes, problems: FieldProblems) => {
    const channel = parseCell.text(cells.channel_code);
    if (channel && !codes.byCode.has(channel)) problems.add('channel_id', 'unknown_ref');
    return {
      channel_id: codes.byCode.get(channel),
      store: parseCell.text(cells.store),
      store_sku: parseCell.text(cells.store_sku),
      name: parseCell.text(cells.name),
      prices: pricesFromCell(cells.prices, problems),
      reward_gift_id: parseCell.number(cells.reward_gift_id),
      bonus_gift_id: parseCell.nullableNumber(cells.bonus_gift_id),
      limit_per_player: parseCell.number(cells.limit_per_player),
      limit_daily: parseCell.number(cells.limit_daily),
      kind: parseCell.text(cells.kind) || undefined,
      sandbox: parseCell.bool(cells.sandbox),
      status: parseCell.text(cells.status) || undefined,
    };
  },
  keyOf: (b: BillingPoint) => String(b.id),
};
