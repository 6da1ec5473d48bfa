import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { giftPackages, webActivities, webProtocolVersions, webSites } from '../db/tables.ts';
import { sanitizeRichText } from '../lib/rich-text.ts';

type Product = { id: number; cpId: number; code: string; region: 'gn' | 'hw' };

const DAY = 86_400_000;
const text = (en: string, zh: string, ja = '', ar = '') => ({
  zh,
  en,
  ja,
  th: '',
  vi: '',
  tl: '',
  id: '',
  ar,
  tc: '',
});

const TERMS_V1 = `<h2>Terms of service</h2><p>These terms govern purchases on the web recharge site.</p><ol><li>Top-ups are credited to the game account you sign in with.</li><li>Prices include applicable taxes.</li></ol>`;
const TERMS_V2 = `<h2>Terms of service</h2><p>These terms govern purchases on the web recharge site.</p><ol><li>Top-ups are credited to the game account you sign in with.</li><li>Prices include applicable taxes.</li><li>Bonus items from activities are delivered with the order.</li></ol>`;
const PRIVACY = `<h2>Privacy policy</h2><p>We keep your game account id and order history to deliver purchases and answer support requests. Payment details are handled by the payment provider.</p>`;
const REFUND = `<h2>Refund policy</h2><p>Unused top-ups may be refunded within 14 days. Contact <a href="mailto:support@legendsofdawn.example">support</a> with your order number.</p>`;
const TERMS_JA = `<h2>利用規約</h2><p>本規約は Web チャージサイトでの購入に適用されます。</p>`;

/**
 * The web recharge site of an overseas demo game: its configuration, a live first top-up and a
 * live cumulative activity (gifts of the game's demo catalogue), a draft, and published protocols
 * with a history (terms v1 archived, v2 published, a v3 draft).
 */
export async function seedDemoWebSite(db: Db, product: Product): Promise<void> {
  if (product.region !== 'hw') return;
  const gifts = await db
    .select({ id: giftPackages.id })
    .from(giftPackages)
    .where(and(eq(giftPackages.productId, product.id), eq(giftPackages.status, 'active')))
    .orderBy(asc(giftPackages.id))
    .limit(3);
  const owner = { cpId: product.cpId, productId: product.id };
  await db.insert(webSites).values({
    ...owner,
    domains: [`pay.${product.code}.example.com`, `${product.code}-shop.example.com`],
    paymentMethods: [
      { method: 'card', enabled: true, countries: [] },
      { method: 'paypal', enabled: true, countries: ['US', 'GB', 'DE', 'JP'] },
      { method: 'apple_pay', enabled: true, countries: ['US', 'JP'] },
      { method: 'google_pay', enabled: true, countries: [] },
      { method: 'local_wallet', enabled: true, countries: ['PH', 'ID', 'TH', 'VN'] },
    ],
    languages: ['en', 'ja', 'th', 'vi', 'id', 'tl', 'ar'],
    defaultLanguage: 'en',
    supportEmail: `support@${product.code}.example.com`,
    maintenance: false,
    maintenanceMessage: { en: 'The store is being updated and will be back shortly.' },
    updatedBy: 'seed',
  });
  if (gifts.length) {
    const gift = (i: number) => gifts[Math.min(i, gifts.length - 1)]!.id;
    const now = Date.now();
    await db.insert(webActivities).values([
      {
        ...owner,
        name: text('First top-up bonus', '首充礼包', '初回チャージ特典', 'مكافأة الشحن الأول'),
        kind: 'first',
        currency: '',
        tiers: [{ threshold: 0, gift_package_id: gift(0) }],
        startsAt: new Date(now - 7 * DAY),
        endsAt: new Date(now + 60 * DAY),
        status: 'live',
      },
      {
        ...owner,
        name: text('Spend more, get more', '累充好礼', '累計チャージ特典', 'اشحن أكثر واربح أكثر'),
        kind: 'cumulative',
        currency: 'USD',
        tiers: [
          { threshold: 999, gift_package_id: gift(0) },
          { threshold: 4999, gift_package_id: gift(1) },
          { threshold: 19999, gift_package_id: gift(2) },
        ],
        startsAt: new Date(now - 3 * DAY),
        endsAt: new Date(now + 30 * DAY),
        status: 'live',
      },
      {
        ...owner,
        name: text('Summer cumulative (draft)', '夏日累充（草稿）'),
        kind: 'cumulative',
        currency: 'JPY',
        tiers: [
          { threshold: 100000, gift_package_id: gift(1) },
          { threshold: 500000, gift_package_id: gift(2) },
        ],
        startsAt: new Date(now + 30 * DAY),
        endsAt: new Date(now + 60 * DAY),
        status: 'draft',
      },
    ]);
  }
  const published = (days: number) => ({
    publishedAt: new Date(Date.now() - days * DAY),
    publishedBy: 'seed',
  });
  const version = (
    kind: 'terms' | 'privacy' | 'refund_policy',
    language: string,
    number: number,
    title: string,
    body: string,
    status: 'draft' | 'published' | 'archived',
    days = 0,
  ) => ({
    ...owner,
    kind,
    language,
    number,
    title,
    body: sanitizeRichText(body),
    status,
    updatedBy: 'seed',
    ...(status === 'draft' ? {} : published(days)),
  });
  await db
    .insert(webProtocolVersions)
    .values([
      version('terms', 'en', 1, 'Terms of service', TERMS_V1, 'archived', 90),
      version('terms', 'en', 2, 'Terms of service', TERMS_V2, 'published', 10),
      version(
        'terms',
        'en',
        3,
        'Terms of service',
        `${TERMS_V2}<p>Draft: new section on gift cards.</p>`,
        'draft',
      ),
      version('terms', 'ja', 1, '利用規約', TERMS_JA, 'published', 10),
      version('privacy', 'en', 1, 'Privacy policy', PRIVACY, 'published', 30),
      version('refund_policy', 'en', 1, 'Refund policy', REFUND, 'published', 30),
    ]);
}
