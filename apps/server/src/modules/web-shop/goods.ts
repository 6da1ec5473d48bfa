import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  FALLBACK_LANGUAGE,
  webGoodsResource,
  webOrdersResource,
  type Language,
  type Translated,
  type WebGood,
  type webGoodCreateBody,
  textFor,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { contains, countWhere } from '../../lib/list.ts';
import { FieldProblems } from '../../lib/problems.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { inScope } from '../../lib/scope.ts';
import { giftPackages } from '../gift-packages/tables.ts';
import { goodsSheet } from './io.ts';
import { webGoods, webOrders } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof webGoods.$inferSelect;
type GoodInput = z.output<typeof webGoodCreateBody>;

/** Refusals of the web recharge site, in the caller's language (422001). */
export const RULES = {
  state: {
    zh: '该订单当前状态不允许此操作',
    en: 'This order is not in a state that allows this action',
    ja: 'この注文の現在の状態ではこの操作はできません',
    th: 'สถานะปัจจุบันของคำสั่งซื้อนี้ไม่อนุญาตให้ทำรายการนี้',
    vi: 'Trạng thái hiện tại của đơn hàng này không cho phép thao tác này',
    tl: 'Hindi pinapayagan ng kasalukuyang estado ng order na ito ang aksyong ito',
    id: 'Status pesanan ini tidak mengizinkan tindakan ini',
    ar: 'حالة هذا الطلب لا تسمح بهذا الإجراء',
    tc: '該訂單目前狀態不允許此操作',
  },
  provider: {
    zh: '支付服务商未响应，请稍后重试',
    en: 'The payment provider did not answer; try again later',
    ja: '決済事業者から応答がありません。しばらくしてから再試行してください',
    th: 'ผู้ให้บริการชำระเงินไม่ตอบสนอง โปรดลองอีกครั้งในภายหลัง',
    vi: 'Nhà cung cấp thanh toán không phản hồi; vui lòng thử lại sau',
    tl: 'Hindi sumagot ang tagapagbigay ng bayad; subukang muli mamaya',
    id: 'Penyedia pembayaran tidak merespons; coba lagi nanti',
    ar: 'لم يستجب مزوّد الدفع؛ حاول مرة أخرى لاحقاً',
    tc: '支付服務商未回應，請稍後重試',
  },
} satisfies Record<string, Translated>;

export function refuse(lang: Language, key: keyof typeof RULES, data: unknown = null): ApiError {
  return new ApiError(ErrorCode.BUSINESS_RULE, data, RULES[key][lang] || RULES[key][FALLBACK_LANGUAGE]);
}

export function toGood(row: Row): WebGood {
  return {
    id: row.id,
    product_id: row.productId,
    sku: row.sku,
    name: row.name,
    gift_package_id: row.giftPackageId,
    currency_code: row.currencyCode,
    currency_amount: row.currencyAmount,
    prices: row.prices,
    bonus_kind: row.bonusKind,
    bonus_percent: row.bonusPercent,
    bonus_gift_id: row.bonusGiftId,
    limit_daily: row.limitDaily,
    limit_total: row.limitTotal,
    sale_start: row.saleStart?.toISOString() ?? null,
    sale_end: row.saleEnd?.toISOString() ?? null,
    sort_order: row.sortOrder,
    status: row.status,
    ...stamps(row),
  };
}

const time = (value: string | null | undefined): Date | null | undefined =>
  value === undefined || value === null ? value : new Date(value);

/**
 * The gift packages named (reward, bonus) are the product's and active (one already named may stay
 * after it was disabled); across partial edits: the window in order, a reward at all, a bonus that
 * names what it gives.
 */
async function check(db: Db, scope: Scope, next: Partial<GoodInput>, beforeRow?: Row): Promise<void> {
  const before = beforeRow && toGood(beforeRow);
  const merged = { ...before, ...next } as Partial<GoodInput>;
  const problems = new FieldProblems(scope.lang);
  const ids = [next.gift_package_id, next.bonus_gift_id].filter((id): id is number => !!id);
  if (ids.length) {
    const found = await db
      .select({ id: giftPackages.id, status: giftPackages.status })
      .from(giftPackages)
      .where(and(inScope(giftPackages, scope), inArray(giftPackages.id, ids)));
    for (const field of ['gift_package_id', 'bonus_gift_id'] as const) {
      const id = next[field];
      if (!id) continue;
      const gift = found.find((g) => g.id === id);
      const kept = before?.[field] === id;
      if (!gift || (gift.status !== 'active' && !kept)) problems.add(field, 'unknown_ref');
    }
  }
  if (merged.sale_start && merged.sale_end && Date.parse(merged.sale_end) <= Date.parse(merged.sale_start))
    problems.add('sale_end', 'end_before_start');
  if (!merged.gift_package_id && !merged.currency_amount) problems.add('gift_package_id', 'required');
  if (merged.currency_amount && !merged.currency_code) problems.add('currency_code', 'required');
  if (merged.bonus_kind === 'gift' && !merged.bonus_gift_id) problems.add('bonus_gift_id', 'required');
  if (merged.bonus_kind === 'percent' && !merged.bonus_percent) problems.add('bonus_percent', 'required');
  problems.throwIfAny();
}

export const goodsImpl: ResourceImpl<typeof webGoodsResource, typeof webGoods, WebGood, null> = {
  table: webGoods,
  toItem: toGood,
  nameOf: (row) => `${row.sku} · ${textFor(row.name)}`,
  where: (f) => [
    f.q
      ? or(
          contains(webGoods.sku, f.q),
          sql`exists (select 1 from jsonb_each_text(${webGoods.name}) as n where ${contains(sql`n.value`, f.q)})`,
        )
      : undefined,
    f.status ? eq(webGoods.status, f.status) : undefined,
    f.country ? sql`${webGoods.prices} @> ${JSON.stringify([{ country: f.country }])}::jsonb` : undefined,
    f.gift_package_id
      ? or(eq(webGoods.giftPackageId, f.gift_package_id), eq(webGoods.bonusGiftId, f.gift_package_id))
      : undefined,
  ],
  columns: (input) => ({
    sku: input.sku,
    name: input.name,
    giftPackageId: input.gift_package_id,
    currencyCode: input.currency_code,
    currencyAmount: input.currency_amount,
    prices: input.prices,
    bonusKind: input.bonus_kind,
    bonusPercent: input.bonus_percent,
    bonusGiftId: input.bonus_gift_id,
    limitDaily: input.limit_daily,
    limitTotal: input.limit_total,
    saleStart: time(input.sale_start),
    saleEnd: time(input.sale_end),
    sortOrder: input.sort_order,
    status: input.status,
  }),
  immutable: ['sku'],
  unique: { web_goods_product_sku: 'sku' },
  check,
  // A good with orders is disabled, never deleted (the orders keep naming it).
  usage: async (db, _scope, row) => {
    const count = await countWhere(db, webOrders, eq(webOrders.goodId, row.id));
    return count ? [{ type: webOrdersResource.logTarget, count }] : [];
  },
  disable: { isDisabled: (row) => row.status === 'disabled', set: { status: 'disabled' } },
  sheet: goodsSheet,
};

export const goodsService = resourceService(webGoodsResource, goodsImpl);
