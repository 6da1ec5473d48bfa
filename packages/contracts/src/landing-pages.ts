import { z } from 'zod';
import { iconUrl, int32, keyword, rowMeta, safeText, versionField } from './fields.ts';
import { LANGUAGES } from './languages.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';
import { deepLink, httpsUrl } from './share.ts';

/**
 * Landing pages (issue 30, page `/operation/landing-manage`): what a shared link lands on. Staff
 * edit a draft (language versions with Open Graph tags, store buttons, a deep link and its
 * fallback); publishing freezes it as a numbered version served publicly at `/l/<slug>` as
 * sanitised server-rendered HTML; a rollback serves an earlier version again. Visits are counted.
 */

export const LANDING_TEMPLATES = ['download', 'invite', 'event'] as const;
export type LandingTemplate = (typeof LANDING_TEMPLATES)[number];
export const LANDING_STORES = ['app_store', 'google_play', 'huawei', 'taptap'] as const;
export type LandingStore = (typeof LANDING_STORES)[number];
export const LANDING_PREFIX = '/l/';
/** The public address's slug: lower-case letters, digits and dashes. */
export const landingSlug = safeText()
  .trim()
  .min(2)
  .max(63)
  .regex(/^[a-z0-9][a-z0-9-]*$/);
/** The longest body of one language (HTML, sanitised when saved and when served). */
export const LANDING_BODY_MAX = 20_000;

export const landingVariant = z.object({
  lang: z.enum(LANGUAGES),
  title: safeText().trim().min(1).max(120),
  description: safeText().trim().max(300).default(''),
  body_html: safeText().max(LANDING_BODY_MAX).default(''),
  og_title: safeText().trim().max(120).default(''),
  og_description: safeText().trim().max(300).default(''),
  /** An uploaded image (`/files/<id>`) or an https address. */
  og_image: iconUrl.default(''),
});
export type LandingVariant = z.infer<typeof landingVariant>;
export const landingStoreButton = z.object({ store: z.enum(LANDING_STORES), url: httpsUrl });
export type LandingStoreButton = z.infer<typeof landingStoreButton>;

const landingFields = z.object({
  slug: landingSlug,
  name: safeText().trim().min(1).max(64),
  template: z.enum(LANDING_TEMPLATES),
  default_lang: z.enum(LANGUAGES),
  variants: z
    .array(landingVariant)
    .min(1)
    .max(LANGUAGES.length)
    .refine((list) => new Set(list.map((v) => v.lang)).size === list.length, {
      params: { key: 'duplicate_item' },
    }),
  store_buttons: z
    .array(landingStoreButton)
    .max(LANDING_STORES.length)
    .refine((list) => new Set(list.map((b) => b.store)).size === list.length, {
      params: { key: 'duplicate_item' },
    }),
  /** Opened by the page's "open the game" button on a phone with the app. */
  deep_link: deepLink,
  /** Where that button goes without the app (empty: the first store button). */
  fallback_url: httpsUrl.or(z.literal('')),
});
const defaultHasVariant = (s: { default_lang?: string; variants?: { lang: string }[] }) =>
  !s.default_lang || !s.variants || s.variants.some((v) => v.lang === s.default_lang);

export const landingPageCreateBody = landingFields
  .extend({
    template: landingFields.shape.template.default('download'),
    store_buttons: landingFields.shape.store_buttons.default([]),
    deep_link: deepLink.default(''),
    fallback_url: landingFields.shape.fallback_url.default(''),
  })
  .refine(defaultHasVariant, { path: ['default_lang'], params: { key: 'default_lang_missing' } });
export type LandingPageCreate = z.input<typeof landingPageCreateBody>;
export const landingPageUpdateBody = landingFields
  .partial()
  .extend({ version: versionField })
  .refine(defaultHasVariant, { path: ['default_lang'], params: { key: 'default_lang_missing' } });

export const landingPageItem = landingFields.extend({
  ...rowMeta,
  product_id: z.number().int(),
  /** The published version served at `/l/<slug>`; null: not published. */
  live_version: z.number().int().nullable(),
  /** The highest version published so far. */
  versions: z.number().int(),
  visits: z.number().int(),
});
export type LandingPage = z.infer<typeof landingPageItem>;
export const LANDING_SORTS = ['id', 'slug', 'name', 'visits', 'updated_at'] as const;
const landingFilters = { q: keyword, template: z.enum(LANDING_TEMPLATES).optional() };
export const landingPageListQuery = listQuery(LANDING_SORTS, landingFilters);
export const landingPageListAnswer = listAnswer(landingPageItem);

export const landingPagesResource = defineResource({
  name: 'landing-pages',
  page: '/operation/landing-manage',
  scope: 'product',
  logTarget: 'landing_page',
  namespace: 'landing',
  item: landingPageItem,
  create: landingPageCreateBody,
  update: landingPageUpdateBody,
  list: landingPageListQuery,
  export: exportQuery(landingFilters),
  filters: ['q', 'template'],
  sorts: LANDING_SORTS,
  remove: 'delete',
});

/** `POST /landing-pages/:id/publish {version}`: the draft becomes the next version, served. */
export const landingPublishBody = z.object({ version: versionField });
/** `POST /landing-pages/:id/rollback {version, to}`: an earlier published version is served again. */
export const landingRollbackBody = z.object({ version: versionField, to: int32(1) });
export const landingVersionItem = z.object({
  number: z.number().int(),
  published_at: z.string(),
  published_by: z.string(),
  title: z.string(),
  live: z.boolean(),
});
export type LandingVersion = z.infer<typeof landingVersionItem>;
export const landingVersionsAnswer = z.object({ list: z.array(landingVersionItem) });
/** `GET /l/:slug?lang=`. */
export const landingSlugParam = z.object({ slug: landingSlug });
export const landingVisitQuery = z.object({ lang: z.enum(LANGUAGES).optional() });

/** The served page's own words, per language (the store names are the stores' own). */
export const LANDING_TEXTS = {
  open: {
    zh: '打开游戏',
    en: 'Open the game',
    ja: 'ゲームを開く',
    th: 'เปิดเกม',
    vi: 'Mở trò chơi',
    tl: 'Buksan ang laro',
    id: 'Buka game',
    ar: 'افتح اللعبة',
    tc: '開啟遊戲',
  },
  noApp: {
    zh: '还没有安装？前往下载',
    en: "Don't have the game? Get it here",
    ja: 'まだインストールしていませんか？ダウンロードはこちら',
    th: 'ยังไม่มีเกม? ดาวน์โหลดที่นี่',
    vi: 'Chưa có trò chơi? Tải tại đây',
    tl: 'Wala ka pang laro? Kunin dito',
    id: 'Belum punya game-nya? Unduh di sini',
    ar: 'ليست لديك اللعبة؟ نزّلها من هنا',
    tc: '還沒有安裝？前往下載',
  },
  stores: {
    zh: '下载',
    en: 'Download',
    ja: 'ダウンロード',
    th: 'ดาวน์โหลด',
    vi: 'Tải xuống',
    tl: 'I-download',
    id: 'Unduh',
    ar: 'تنزيل',
    tc: '下載',
  },
} as const;
/** The stores' names on their buttons. */
export const LANDING_STORE_NAMES: Record<LandingStore, string> = {
  app_store: 'App Store',
  google_play: 'Google Play',
  huawei: 'HUAWEI AppGallery',
  taptap: 'TapTap',
};
