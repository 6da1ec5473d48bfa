import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { giftPackages } from '../gift-packages/tables.ts';
import { storeWebRefund } from '../refunds/index.ts';
import { webGoods, webOrderEvents, webOrders } from './tables.ts';

const HOUR = 3_600_000;
const NAMES = {
  small: {
    zh: '60 钻石',
    en: '60 Gems',
    ja: 'ジェム 60 個',
    th: '60 เพชร',
    vi: '60 Kim cương',
    tl: '60 Hiyas',
    id: '60 Permata',
    ar: '60 جوهرة',
    tc: '60 鑽石',
  },
  big: {
    zh: '330 钻石（赠 10%）',
    en: '330 Gems (+10%)',
    ja: 'ジェム 330 個（+10%）',
    th: '330 เพชร (+10%)',
    vi: '330 Kim cương (+10%)',
    tl: '330 Hiyas (+10%)',
    id: '330 Permata (+10%)',
    ar: '330 جوهرة (+10%)',
    tc: '330 鑽石（贈 10%）',
  },
  pack: {
    zh: '新手礼包',
    en: 'Starter pack',
    ja: 'スターターパック',
    th: 'แพ็กเริ่มต้น',
    vi: 'Gói tân thủ',
    tl: 'Pakete ng baguhan',
    id: 'Paket pemula',
    ar: 'حزمة المبتدئين',
    tc: '新手禮包',
  },
};

/**
 * The demo overseas game's web recharge site: three goods and an order in every state (created, paid,
 * delivered, delivery failed after retries, refunded) with their timelines. Only for a `hw` product.
 */
export async function seedDemoWebShop(
  db: Db,
  product: { id: number; cpId: number; code: string; region: string },
): Promise<void> {
  if (product.region !== 'hw') return;
  const [gift] = await db
    .select({ id: giftPackages.id, contents: giftPackages.contents })
    .from(giftPackages)
    .where(and(eq(giftPackages.productId, product.id), eq(giftPackages.status, 'active')))
    .limit(1);
  const prices = (usd: number) => [
    { country: 'US', currency: 'USD', amount: usd },
    { country: 'GB', currency: 'GBP', amount: Math.round(usd * 0.8) },
    { country: 'JP', currency: 'JPY', amount: Math.round(usd * 1.5) },
    { country: 'SA', currency: 'SAR', amount: Math.round(usd * 3.75) },
    { country: 'TH', currency: 'THB', amount: Math.round(usd * 36) },
  ];
  const goods = await db
    .insert(webGoods)
    .values([
      {
        cpId: product.cpId,
        productId: product.id,
        sku: 'web.gems.60',
        name: NAMES.small,
        currencyCode: 'gem',
        currencyAmount: 60,
        prices: prices(99),
        sortOrder: 1,
      },
      {
        cpId: product.cpId,
        productId: product.id,
        sku: 'web.gems.330',
        name: NAMES.big,
        currencyCode: 'gem',
        currencyAmount: 300,
        bonusKind: 'percent',
        bonusPercent: 10,
        prices: prices(499),
        limitDaily: 5,
        sortOrder: 2,
      },
      ...(gift
        ? [
            {
              cpId: product.cpId,
              productId: product.id,
              sku: 'web.starter',
              name: NAMES.pack,
              giftPackageId: gift.id,
              prices: prices(199),
              limitTotal: 1,
              sortOrder: 3,
            },
          ]
        : []),
    ])
    .returning();
  const now = Date.now();
  const plan = [
    { state: 'delivered', good: 0, hoursAgo: 50, attempts: ['ok'] },
    { state: 'delivered', good: 1, hoursAgo: 26, attempts: ['timeout', 'duplicate'] },
    {
      state: 'delivery_failed',
      good: 1,
      hoursAgo: 5,
      attempts: ['failed', 'rate_limited', 'failed', 'failed'],
    },
    { state: 'refunded', good: 0, hoursAgo: 30, attempts: ['ok'] },
    { state: 'paid', good: 0, hoursAgo: 0.1, attempts: [] },
    { state: 'created', good: goods.length - 1, hoursAgo: 0.2, attempts: [] },
  ] as const;
  for (const [i, o] of plan.entries()) {
    const good = goods[o.good]!;
    const price = good.prices[i % good.prices.length]!;
    const created = new Date(now - o.hoursAgo * HOUR);
    const paid = o.state === 'created' ? null : new Date(created.getTime() + 60_000);
    const at = (minutes: number) => new Date(created.getTime() + minutes * 60_000);
    const bonus =
      good.bonusKind === 'percent' ? Math.floor((good.currencyAmount * good.bonusPercent) / 100) : 0;
    const orderNo = `WSDEMO${String(product.id).padStart(3, '0')}${String(i + 1).padStart(4, '0')}`;
    const [row] = await db
      .insert(webOrders)
      .values({
        cpId: product.cpId,
        productId: product.id,
        orderNo,
        idempotencyKey: `demo-${orderNo}`,
        openid: `hw_demo_${1000 + i}`,
        roleId: `role_${1000 + i}`,
        server: i % 2 ? 'eu-1' : 'na-1',
        goodId: good.id,
        sku: good.sku,
        goodName: good.name.en,
        country: price.country,
        currency: price.currency,
        amount: price.amount,
        paymentMethod: ['card', 'paypal', 'apple_pay', 'google_pay', 'local_wallet'][i % 5]!,
        provider: 'fakepay',
        paymentRef: `fp_demo${i + 1}`,
        payUrl: `https://pay.fakepay.example/checkout/fp_demo${i + 1}`,
        state: o.state,
        items: good.giftPackageId && gift ? gift.contents : [],
        currencies: good.currencyAmount
          ? [{ currency: good.currencyCode, amount: good.currencyAmount + bonus }]
          : [],
        deliveryAttempts: o.attempts.length,
        paidAt: paid,
        deliveredAt: o.state === 'delivered' || o.state === 'refunded' ? at(2) : null,
        refundedAt: o.state === 'refunded' ? at(120) : null,
        refundReason: o.state === 'refunded' ? 'Charged twice by the bank' : '',
        createdAt: created,
      })
      .returning();
    const events: (typeof webOrderEvents.$inferInsert)[] = [
      { orderId: row!.id, kind: 'created', at: created, detail: { sku: good.sku, country: price.country } },
      { orderId: row!.id, kind: 'payment_created', at: created, detail: { payment_ref: `fp_demo${i + 1}` } },
    ];
    if (paid) events.push({ orderId: row!.id, kind: 'paid', at: paid, detail: {} });
    o.attempts.forEach((outcome, n) =>
      events.push({
        orderId: row!.id,
        kind: 'delivery_attempt',
        at: at(1 + n),
        detail: {
          seq: n + 1,
          outcome,
          ...(outcome === 'ok' || outcome === 'duplicate' ? {} : { error: outcome }),
        },
      }),
    );
    if (o.state === 'delivered' || o.state === 'refunded')
      events.push({ orderId: row!.id, kind: 'delivered', at: at(2), detail: {} });
    if (o.state === 'delivery_failed')
      events.push({
        orderId: row!.id,
        kind: 'delivery_failed',
        at: at(5),
        detail: { error: 'game answered 503' },
      });
    if (o.state === 'refunded')
      events.push({
        orderId: row!.id,
        kind: 'refunded',
        at: at(120),
        byName: 'ops_hw',
        reason: 'Charged twice by the bank',
        detail: {},
      });
    await db.insert(webOrderEvents).values(events);
    // A refunded order is on the refunds page too, as the console's refund puts it there.
    if (o.state === 'refunded') await storeWebRefund(db, row!, { userId: null, username: 'ops_hw' });
  }
}
