import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ErrorCode, FALLBACK_LANGUAGE, type Language, type Translated } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { products } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';

const OVERSEAS_ONLY: Translated = {
  zh: '网页充值站仅服务海外（hw）产品，请在页头切换到海外产品',
  en: 'The web recharge site serves overseas (hw) products only: choose an overseas game in the header',
  ja: 'Web チャージサイトは海外（hw）製品のみ対象です。ヘッダーで海外のゲームを選んでください',
  th: 'เว็บเติมเงินให้บริการเฉพาะผลิตภัณฑ์ต่างประเทศ (hw) เท่านั้น: เลือกเกมต่างประเทศที่ส่วนหัว',
  vi: 'Trang nạp tiền web chỉ phục vụ sản phẩm hải ngoại (hw): hãy chọn trò chơi hải ngoại ở đầu trang',
  tl: 'Para lamang sa mga produktong pang-ibang bansa (hw) ang web recharge site: pumili ng larong pang-ibang bansa sa header',
  id: 'Situs isi ulang web hanya melayani produk luar negeri (hw): pilih game luar negeri di header',
  ar: 'موقع الشحن عبر الويب يخدم المنتجات الخارجية (hw) فقط: اختر لعبة خارجية من الترويسة',
  tc: '網頁儲值站僅服務海外（hw）產品，請在頁首切換到海外產品',
};

/** 422001: the web recharge site serves overseas products only. */
export function overseasOnly(lang: Language): ApiError {
  return new ApiError(
    ErrorCode.BUSINESS_RULE,
    { region: 'hw' },
    OVERSEAS_ONLY[lang] || OVERSEAS_ONLY[FALLBACK_LANGUAGE],
  );
}

/** Whether the product is an overseas (`hw`) one. */
export async function isOverseas(db: Db, productId: number): Promise<boolean> {
  const [row] = await db.select({ region: products.region }).from(products).where(eq(products.id, productId));
  return row?.region === 'hw';
}

/**
 * Refuses (422001) every route of the plugin for a product that is not overseas, once the route's
 * access rule has established the caller's product (the global preHandler runs first).
 */
export function overseasProductsOnly(fastify: FastifyInstance, db: Db): void {
  fastify.addHook('preHandler', async (request) => {
    const scope = request.scope;
    if (scope?.productId && !(await isOverseas(db, scope.productId))) throw overseasOnly(scope.lang);
  });
}
