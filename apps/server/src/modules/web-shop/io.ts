import { webGoodsResource, type WebGood, type WebPrice } from '@rx/contracts';
import { i18nCells, i18nFromCells, i18nHeaders, listCell, parseCell, timeCell } from '../../lib/cells.ts';
import type { FieldProblems } from '../../lib/problems.ts';

/** The resource's sheet columns (contracts), the name as one column per language. */
const COLUMNS = webGoodsResource.sheet!.columns.flatMap((field) =>
  field === 'name' ? i18nHeaders('name') : [field],
);

/** Prices as `US:USD:499|JP:JPY:800` (country, currency, amount in minor units). */
function pricesCell(prices: WebPrice[]): string {
  return listCell(prices.map((p) => `${p.country}:${p.currency}:${p.amount}`));
}

function pricesFromCell(text: string | undefined, problems: FieldProblems): WebPrice[] {
  return parseCell.list(text).map((entry) => {
    const match = /^([A-Za-z]{2})\s*:\s*([A-Za-z]{3})\s*:\s*(\d+)$/.exec(entry);
    if (!match) {
      problems.add('prices', 'invalid');
      return { country: '', currency: '', amount: 0 };
    }
    return { country: match[1]!.toUpperCase(), currency: match[2]!.toUpperCase(), amount: Number(match[3]) };
  });
}

/** Web goods as a sheet, keyed by SKU: one name column per language, prices in one cell. */
export const goodsSheet = {
  headers: ['id', 'sku', ...COLUMNS, 'version', 'created_at', 'updated_at'],
  columns: COLUMNS,
  prepare: async () => null,
  toCells: (g: WebGood) => ({
    id: g.id,
    sku: g.sku,
    ...i18nCells('name', g.name),
    gift_package_id: g.gift_package_id ?? '',
    currency_code: g.currency_code,
    currency_amount: g.currency_amount,
    prices: pricesCell(g.prices),
    bonus_kind: g.bonus_kind,
    bonus_percent: g.bonus_percent,
    bonus_gift_id: g.bonus_gift_id ?? '',
    limit_daily: g.limit_daily,
    limit_total: g.limit_total,
    sale_start: timeCell(g.sale_start),
    sale_end: timeCell(g.sale_end),
    sort_order: g.sort_order,
    status: g.status,
    version: g.version,
    created_at: timeCell(g.created_at),
    updated_at: timeCell(g.updated_at),
  }),
  fromCells: (cells: Record<string, string>, _ctx: null, problems: FieldProblems) => ({
    sku: parseCell.text(cells.sku),
    name: i18nFromCells('name', cells),
    gift_package_id: parseCell.nullableNumber(cells.gift_package_id),
    currency_code: parseCell.text(cells.currency_code),
    currency_amount: parseCell.number(cells.currency_amount),
    prices: pricesFromCell(cells.prices, problems),
    bonus_kind: parseCell.text(cells.bonus_kind) || undefined,
    bonus_percent: parseCell.number(cells.bonus_percent),
    bonus_gift_id: parseCell.nullableNumber(cells.bonus_gift_id),
    limit_daily: parseCell.number(cells.limit_daily),
    limit_total: parseCell.number(cells.limit_total),
    sale_start: parseCell.nullableText(cells.sale_start),
    sale_end: parseCell.nullableText(cells.sale_end),
    sort_order: parseCell.number(cells.sort_order),
    status: parseCell.text(cells.status) || undefined,
  }),
  keyOf: (g: WebGood) => g.sku,
};
