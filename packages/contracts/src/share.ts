import { z } from 'zod';
import {
  SHARE_PLATFORMS,
  SHARE_PLATFORM_CODES,
  type SharePlatform,
  type SharePlatformCode,
  type ShareExtraKind,
} from './dimensions.ts';
import {
  codeField,
  iconUrl,
  idField,
  int32,
  isoTime,
  keyword,
  queryInt,
  recordStatus,
  rowMeta,
  safeText,
  versionField,
} from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource, type ResourceSpec } from './resource.ts';

/**
 * Social sharing per platform (issue 30). Every resource here is dimensioned: one table for all
 * sixteen platforms of the registry (`SHARE_PLATFORMS` in dimensions.ts), each request naming its
 * platform in the query (`?platform=wechat`) and checked against that platform's page permissions.
 */

const platform = z.enum(SHARE_PLATFORM_CODES);
/** The dimension every share resource's list takes (and every request carries). */
const platformFilter = { platform };
const dimension = (kind: string | readonly string[]) =>
  ({ name: 'platform', kind, values: SHARE_PLATFORM_CODES }) as const;

/** What a share is for: the scene a strategy, link, word set or video serves. */
export const SHARE_SCENES = ['invite', 'reward', 'level_up', 'achievement', 'custom'] as const;
export type ShareScene = (typeof SHARE_SCENES)[number];

/** The filters of a platform's page kind whose rows are found by keyword and status. */
const keywordFilters = { ...platformFilter, q: keyword, status: recordStatus.optional() };
/** …and by the scene they serve (strategies, links, words, videos). */
const sceneFilters = {
  ...platformFilter,
  q: keyword,
  scene: z.enum(SHARE_SCENES).optional(),
  status: recordStatus.optional(),
};

/**
 * A share resource of one page kind on every platform: one table with the platform as a column,
 * listed and exported with the same filters, deleted outright.
 */
function platformResource<
  const Name extends ResourceSpec['name'],
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  const Sorts extends readonly [string, ...string[]],
  F extends typeof keywordFilters | typeof sceneFilters,
>(spec: {
  name: Name;
  page: string;
  logTarget: ResourceSpec['logTarget'];
  item: Item;
  create: Create;
  update: Update;
  sorts: Sorts;
  filters: F;
  dimension: NonNullable<ResourceSpec['dimension']>;
}) {
  const { filters, ...rest } = spec;
  return defineResource({
    ...rest,
    scope: 'product',
    namespace: 'share',
    list: listQuery(spec.sorts, filters),
    export: exportQuery(filters),
    filters: Object.keys(filters).filter((key) => key !== 'platform'),
    remove: 'delete',
  });
}

const name = safeText().trim().min(1).max(64);
/** An uploaded image's address (`/files/<id>` or the store's public address). */
const imageUrl = iconUrl.refine((url) => url !== '', { params: { key: 'required' } });
/** The share's title and description; the platform's own limits are checked by the server. */
const shareTitle = safeText().trim().min(1).max(300);
const shareDescription = safeText().trim().max(2200);

// ——— Images ———

const imageFields = z.object({
  name,
  /** An image uploaded through `/api/v1/files?use=image`; its sides must fit the platform. */
  image_url: imageUrl,
  status: recordStatus,
});
export const shareImageCreateBody = imageFields.extend({ status: recordStatus.default('active') });
export type ShareImageCreate = z.input<typeof shareImageCreateBody>;
export const shareImageUpdateBody = imageFields.partial().extend({ version: versionField });
export const shareImageItem = imageFields.extend({
  ...rowMeta,
  product_id: idField,
  platform,
  width: z.number().int(),
  height: z.number().int(),
});
export type ShareImage = z.infer<typeof shareImageItem>;
export const SHARE_IMAGE_SORTS = ['id', 'name', 'status', 'updated_at'] as const;
export const shareImagesResource = platformResource({
  name: 'share-images',
  page: '/share/app-share-manage/wechat/image-manage',
  logTarget: 'share_image',
  item: shareImageItem,
  create: shareImageCreateBody,
  update: shareImageUpdateBody,
  sorts: SHARE_IMAGE_SORTS,
  filters: keywordFilters,
  dimension: dimension('image-manage'),
});

/**
 * A crop of an uploaded image for the platform (`POST /share-images/crop?platform=`): the box, in the
 * original's pixels, must have the platform's ratio and at least its smallest sides; the server
 * makes the platform's size of it (`shareCropOutput`) as a new upload and answers that.
 */
export const shareImageCropQuery = z.object({ platform });
export const shareImageCropBody = z.object({
  image_url: imageUrl,
  left: int32(0),
  top: int32(0),
  width: int32(1),
  height: int32(1),
});
export type ShareImageCrop = z.infer<typeof shareImageCropBody>;
export const shareImageCropAnswer = z.object({
  /** The made image's upload. */
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ShareImageCropped = z.infer<typeof shareImageCropAnswer>;

// ——— Cards ———

const cardFields = z.object({
  title: shareTitle,
  description: shareDescription,
  /** The card's image: it must fit the platform's ratio and size like a share image. */
  image_url: imageUrl,
  /** The page the card opens in the mini program or app (`pages/index/index?from=share`). */
  path: safeText()
    .trim()
    .max(256)
    .regex(/^[\w\-./?=&%]*$/),
  status: recordStatus,
});
export const shareCardCreateBody = cardFields.extend({
  description: shareDescription.default(''),
  path: cardFields.shape.path.default(''),
  status: recordStatus.default('active'),
});
export type ShareCardCreate = z.input<typeof shareCardCreateBody>;
export const shareCardUpdateBody = cardFields.partial().extend({ version: versionField });
export const shareCardItem = cardFields.extend({ ...rowMeta, product_id: idField, platform });
export type ShareCard = z.infer<typeof shareCardItem>;
export const SHARE_CARD_SORTS = ['id', 'title', 'status', 'updated_at'] as const;
export const shareCardsResource = platformResource({
  name: 'share-cards',
  page: '/share/app-share-manage/wechat/card-manage',
  logTarget: 'share_card',
  item: shareCardItem,
  create: shareCardCreateBody,
  update: shareCardUpdateBody,
  sorts: SHARE_CARD_SORTS,
  filters: keywordFilters,
  dimension: dimension('card-manage'),
});

// ——— Strategies ———

export const MAX_SHARE_VARIANTS = 10;

export const shareVariant = z.object({
  /** The variant's key, reported with every share and click (`a`, `b`…). */
  key: codeField(16),
  /** Its share of the players, relative to the others' weights. */
  weight: int32(1, 10_000),
  title: shareTitle,
  description: shareDescription.default(''),
  image_url: iconUrl.default(''),
  /** A card of the same platform, or none. */
  card_id: idField.nullable().default(null),
  /** A share link of the same platform, or none. */
  link_id: idField.nullable().default(null),
});
export type ShareVariant = z.infer<typeof shareVariant>;

const strategyFields = z.object({
  name,
  scene: z.enum(SHARE_SCENES),
  variants: z
    .array(shareVariant)
    .min(1)
    .max(MAX_SHARE_VARIANTS)
    .refine((list) => new Set(list.map((v) => v.key)).size === list.length, {
      params: { key: 'duplicate_item' },
    }),
  /** When it applies (either end open). */
  starts_at: isoTime.nullable(),
  ends_at: isoTime.nullable(),
  status: recordStatus,
});
const endAfterStart = (s: { starts_at?: string | null; ends_at?: string | null }) =>
  !s.starts_at || !s.ends_at || Date.parse(s.ends_at) > Date.parse(s.starts_at);
export const shareStrategyCreateBody = strategyFields
  .extend({
    starts_at: isoTime.nullable().default(null),
    ends_at: isoTime.nullable().default(null),
    status: recordStatus.default('active'),
  })
  .refine(endAfterStart, { path: ['ends_at'], params: { key: 'end_before_start' } });
export type ShareStrategyCreate = z.input<typeof shareStrategyCreateBody>;
export const shareStrategyUpdateBody = strategyFields
  .partial()
  .extend({ version: versionField })
  .refine(endAfterStart, { path: ['ends_at'], params: { key: 'end_before_start' } });
export const shareStrategyItem = strategyFields.extend({ ...rowMeta, product_id: idField, platform });
export type ShareStrategy = z.infer<typeof shareStrategyItem>;
export const SHARE_STRATEGY_SORTS = ['id', 'name', 'scene', 'status', 'updated_at'] as const;
export const shareStrategiesResource = platformResource({
  name: 'share-strategies',
  page: '/share/app-share-manage/wechat/strategy-manage',
  logTarget: 'share_strategy',
  item: shareStrategyItem,
  create: shareStrategyCreateBody,
  update: shareStrategyUpdateBody,
  sorts: SHARE_STRATEGY_SORTS,
  filters: sceneFilters,
  dimension: dimension('strategy-manage'),
});

/**
 * The variant a player gets: a stable bucket of 0…9999 from a hash of the openid and the strategy,
 * walked through the variants' weights in order. The same player always gets the same variant
 * while the weights stay; `hash` is FNV-1a over UTF-8 so the console and the server agree.
 */
export function shareBucket(openid: string, strategyId: number): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(`${strategyId}:${openid}`)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 10_000;
}

export function pickVariant<V extends { weight: number }>(
  variants: readonly V[],
  openid: string,
  strategyId: number,
): V | undefined {
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  if (total <= 0) return undefined;
  let point = (shareBucket(openid, strategyId) * total) / 10_000;
  for (const variant of variants) {
    if (point < variant.weight) return variant;
    point -= variant.weight;
  }
  return variants[variants.length - 1];
}

// ——— Links ———

export const httpsUrl = safeText()
  .trim()
  .max(1000)
  .regex(/^https:\/\/[^\s/?#]+[^\s]*$/);
/** A deep link into the app (`mygame://invite?x=1`, or an https universal link). */
export const deepLink = safeText()
  .trim()
  .max(1000)
  .regex(/^([a-z][a-z0-9+.-]{1,30}:\/\/\S+)?$/);
const trackingValue = safeText()
  .trim()
  .max(64)
  .regex(/^[\w.-]*$/);

const linkFields = z.object({
  name,
  /** Where a click lands (the store page or the landing page). */
  target_url: httpsUrl,
  /** Opened first on a device with the app; the target is the fallback. */
  deep_link: deepLink,
  /** Where a desktop click lands; empty: the target. */
  fallback_url: httpsUrl.or(z.literal('')),
  /** AppsFlyer-shaped tracking: the channel (media source), campaign and scene. */
  channel: trackingValue,
  campaign: trackingValue,
  scene: z.enum(SHARE_SCENES),
  status: recordStatus,
});
export const shareLinkCreateBody = linkFields.extend({
  deep_link: deepLink.default(''),
  fallback_url: linkFields.shape.fallback_url.default(''),
  channel: trackingValue.default(''),
  campaign: trackingValue.default(''),
  scene: z.enum(SHARE_SCENES).default('invite'),
  status: recordStatus.default('active'),
});
export type ShareLinkCreate = z.input<typeof shareLinkCreateBody>;
export const shareLinkUpdateBody = linkFields.partial().extend({ version: versionField });
export const shareLinkItem = linkFields.extend({
  ...rowMeta,
  product_id: idField,
  platform,
  /** The short code of `/s/<code>`; it never changes. */
  code: z.string(),
  clicks: z.number().int(),
  registers: z.number().int(),
});
export type ShareLink = z.infer<typeof shareLinkItem>;
export const SHARE_LINK_SORTS = ['id', 'name', 'clicks', 'registers', 'status', 'updated_at'] as const;
export const shareLinksResource = platformResource({
  name: 'share-links',
  page: '/share/app-share-manage/wechat/link-manage',
  logTarget: 'share_link',
  item: shareLinkItem,
  create: shareLinkCreateBody,
  update: shareLinkUpdateBody,
  sorts: SHARE_LINK_SORTS,
  filters: sceneFilters,
  dimension: dimension(['link-manage', 'linkhw-manage']),
});

/** The public short link of a code. */
export const SHARE_LINK_PREFIX = '/s/';
/** Short codes: 8 characters of base62. */
export const shareCodeParam = z.object({ code: z.string().regex(/^[0-9A-Za-z]{8}$/) });
/** `GET /s/:code?sharer=<openid>`: the sharer's openid travels with the link. */
export const shareClickQuery = z.object({
  sharer: safeText().trim().max(64).optional(),
  /** The strategy and variant the share came from (the game's share config adds them). */
  st: queryInt(1).optional(),
  v: codeField(16).optional(),
});

/** Names the click in the target's query so the game can report the register that follows. */
export const SHARE_CLICK_PARAM = 'rx_click';

// ——— Game API ———

export const gameShareConfigQuery = z.object({
  platform,
  scene: z.enum(SHARE_SCENES),
  openid: safeText().trim().min(1).max(64),
  lang: safeText().trim().max(8).optional(),
});
export const gameShareConfigAnswer = z
  .object({
    strategy_id: z.number().int(),
    variant: z.string(),
    title: z.string(),
    description: z.string(),
    image_url: z.string(),
    card: z.object({ title: z.string(), image_url: z.string(), path: z.string() }).nullable(),
    link: z.string().nullable(),
  })
  .nullable();
export type GameShareConfig = z.infer<typeof gameShareConfigAnswer>;

export const SHARE_EVENT_TYPES = ['register', 'pay', 'share', 'install'] as const;
export type ShareEventType = (typeof SHARE_EVENT_TYPES)[number];
/**
 * `POST /api/game/v1/share/events`: what a player did, once per event id. `share`: the player
 * shared (the sharer is `openid`; the platform, strategy and variant come from the share config
 * the game was given). `install`, `register`, `pay`: what followed a click, `click_id` read from
 * the link's `rx_click` parameter, the new player in `openid`.
 */
export const gameShareEventBody = z
  .object({
    event_id: safeText().trim().min(1).max(64),
    type: z.enum(SHARE_EVENT_TYPES),
    click_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    openid: safeText().trim().min(1).max(64),
    platform: platform.optional(),
    strategy_id: z.number().int().min(1).max(2_147_483_647).optional(),
    variant: codeField(16).optional(),
  })
  .refine((e) => e.type !== 'share' || e.platform !== undefined, {
    path: ['platform'],
    params: { key: 'required' },
  })
  .refine((e) => e.type === 'share' || e.click_id !== undefined, {
    path: ['click_id'],
    params: { key: 'required' },
  });
export type GameShareEvent = z.output<typeof gameShareEventBody>;
export const gameShareEventAnswer = z.object({
  recorded: z.boolean(),
  sharer: z.string().nullable(),
  /** The link clicked (null for a share). */
  link_id: z.number().int().nullable(),
  /** Whether this event earned the sharer their invite reward (once per invitee). */
  rewarded: z.boolean(),
});
export type GameShareEventAnswer = z.infer<typeof gameShareEventAnswer>;

export const shareImageListAnswer = listAnswer(shareImageItem);

// ——— A link's stats (its detail page) ———

/** `GET /api/v1/share-links/:id/stats?platform=&from=&to=`: days (UTC) inclusive; by default the last 30. */
export const shareLinkStatsQuery = z.object({
  platform,
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export const shareLinkStatsDay = z.object({
  day: z.string(),
  clicks: z.number().int(),
  /** Clicks by device class (all a click keeps of the visitor besides the sharer). */
  ios: z.number().int(),
  android: z.number().int(),
  desktop: z.number().int(),
  registers: z.number().int(),
  pays: z.number().int(),
});
export type ShareLinkStatsDay = z.infer<typeof shareLinkStatsDay>;
/** A sharer's clicks and what they led to over the span (the top ones). */
export const shareSharerStats = z.object({
  sharer: z.string(),
  clicks: z.number().int(),
  registers: z.number().int(),
  pays: z.number().int(),
});
export type ShareSharerStats = z.infer<typeof shareSharerStats>;
export const shareLinkStatsAnswer = z.object({
  link_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  days: z.array(shareLinkStatsDay),
  totals: shareLinkStatsDay.omit({ day: true }),
  sharers: z.array(shareSharerStats),
});
export type ShareLinkStats = z.infer<typeof shareLinkStatsAnswer>;
/** The longest span the stats answer at once, and how many sharers they list. */
export const SHARE_STATS_MAX_DAYS = 366;
export const SHARE_STATS_TOP_SHARERS = 20;

// ——— Share platforms (per game: the platform's SDK set-up) ———

/** The console page of the share platforms (`share/see/share_platform`). */
export const SHARE_PLATFORMS_PAGE = '/basic/share-platform';
/** A host name of a universal link or app link (`share.example.com`), without scheme or path. */
const linkDomain = safeText()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/);
export const MAX_SHARE_LINK_DOMAINS = 10;
const channelFields = z.object({
  platform,
  enabled: z.boolean(),
  /** The app id (AppID, client key, channel id…) the platform's SDK was given. */
  app_id: safeText()
    .trim()
    .max(128)
    .regex(/^[\w.:-]*$/),
  /** Domains of the game's universal links (iOS) and app links (Android) for this platform. */
  link_domains: z
    .array(linkDomain)
    .max(MAX_SHARE_LINK_DOMAINS)
    .refine((list) => new Set(list).size === list.length, { params: { key: 'duplicate_item' } }),
  remark: safeText().trim().max(200),
});
/** The app secret: sealed at rest, never answered (the item says whether one is set). */
const appSecret = safeText().trim().max(512);
export const sharePlatformCreateBody = channelFields.extend({
  enabled: z.boolean().default(true),
  app_id: channelFields.shape.app_id.default(''),
  link_domains: channelFields.shape.link_domains.default([]),
  remark: channelFields.shape.remark.default(''),
  app_secret: appSecret.optional(),
});
export type SharePlatformCreate = z.input<typeof sharePlatformCreateBody>;
export const sharePlatformUpdateBody = channelFields.omit({ platform: true }).partial().extend({
  version: versionField,
  /** A new secret replaces the one set; empty or absent keeps it. */
  app_secret: appSecret.optional(),
  /** Removes the secret set. */
  clear_app_secret: z.boolean().optional(),
});
export const sharePlatformItem = channelFields.extend({
  ...rowMeta,
  product_id: idField,
  app_secret_set: z.boolean(),
});
export type SharePlatformSetup = z.infer<typeof sharePlatformItem>;
export const SHARE_PLATFORM_SORTS = ['platform', 'id', 'updated_at'] as const;
const sharePlatformFilters = { q: keyword, platform: platform.optional() };
export const sharePlatformListQuery = listQuery(SHARE_PLATFORM_SORTS, sharePlatformFilters);

export const sharePlatformsResource = defineResource({
  name: 'share-platforms',
  page: SHARE_PLATFORMS_PAGE,
  scope: 'product',
  logTarget: 'share_platform',
  namespace: 'share',
  item: sharePlatformItem,
  create: sharePlatformCreateBody,
  update: sharePlatformUpdateBody,
  list: sharePlatformListQuery,
  export: exportQuery(sharePlatformFilters),
  filters: ['q', 'platform'],
  sorts: SHARE_PLATFORM_SORTS,
  remove: 'delete',
});
export const sharePlatformListAnswer = listAnswer(sharePlatformItem);

// ——— Multi-image posts (TikTok's photo mode: `multi-image-manage`) ———

/** An extra kind's dimension: only the platforms whose registry entry has that page. */
function extraDimension(kind: ShareExtraKind) {
  const values = (SHARE_PLATFORMS as readonly SharePlatform[])
    .filter((p) => p.extras?.includes(kind))
    .map((p) => p.code) as [SharePlatformCode, ...SharePlatformCode[]];
  return { name: 'platform', kind, values } as const;
}

/** One image of a post: an upload; the server fills in its sides when it checks it. */
export const shareMultiImageEntry = z.object({ url: imageUrl });
const multiImageFields = z.object({
  name,
  /** The post's caption; the platform's description limit is checked by the server. */
  caption: shareDescription,
  /** The images, in order: at least 2, at most the platform's `maxImages` (checked by the server). */
  images: z.array(shareMultiImageEntry).min(2).max(35),
  status: recordStatus,
});
export const shareMultiImageCreateBody = multiImageFields.extend({
  caption: shareDescription.default(''),
  status: recordStatus.default('active'),
});
export type ShareMultiImageCreate = z.input<typeof shareMultiImageCreateBody>;
export const shareMultiImageUpdateBody = multiImageFields.partial().extend({ version: versionField });
export const shareMultiImageItem = multiImageFields.extend({
  ...rowMeta,
  product_id: idField,
  platform,
  images: z.array(shareMultiImageEntry.extend({ width: z.number().int(), height: z.number().int() })),
});
export type ShareMultiImage = z.infer<typeof shareMultiImageItem>;
export const SHARE_MULTI_IMAGE_SORTS = ['id', 'name', 'status', 'updated_at'] as const;
export const shareMultiImagesResource = platformResource({
  name: 'share-multi-images',
  page: '/share/app-share-manage/tiktok/multi-image-manage',
  logTarget: 'share_multi_image',
  item: shareMultiImageItem,
  create: shareMultiImageCreateBody,
  update: shareMultiImageUpdateBody,
  sorts: SHARE_MULTI_IMAGE_SORTS,
  filters: keywordFilters,
  dimension: extraDimension('multi-image-manage'),
});
export const shareMultiImageListAnswer = listAnswer(shareMultiImageItem);

// ——— Share words (Douyin's words materials: `words-materials-manage`) ———

/** A hashtag without its `#`: letters, digits and underscores. */
const hashtag = safeText()
  .trim()
  .regex(/^[\p{L}\p{N}_]{1,30}$/u);
export const MAX_SHARE_HASHTAGS = 10;
const wordsFields = z.object({
  /** The words a share carries (the title the platform shows); its limit is the platform's. */
  text: shareTitle,
  hashtags: z
    .array(hashtag)
    .max(MAX_SHARE_HASHTAGS)
    .refine((list) => new Set(list).size === list.length, { params: { key: 'duplicate_item' } }),
  scene: z.enum(SHARE_SCENES),
  status: recordStatus,
});
export const shareWordsCreateBody = wordsFields.extend({
  hashtags: wordsFields.shape.hashtags.default([]),
  scene: z.enum(SHARE_SCENES).default('invite'),
  status: recordStatus.default('active'),
});
export type ShareWordsCreate = z.input<typeof shareWordsCreateBody>;
export const shareWordsUpdateBody = wordsFields.partial().extend({ version: versionField });
export const shareWordsItem = wordsFields.extend({ ...rowMeta, product_id: idField, platform });
export type ShareWords = z.infer<typeof shareWordsItem>;
export const SHARE_WORDS_SORTS = ['id', 'scene', 'status', 'updated_at'] as const;
export const shareWordsResource = platformResource({
  name: 'share-words',
  page: '/share/app-share-manage/douyin/words-materials-manage',
  logTarget: 'share_words',
  item: shareWordsItem,
  create: shareWordsCreateBody,
  update: shareWordsUpdateBody,
  sorts: SHARE_WORDS_SORTS,
  filters: sceneFilters,
  dimension: extraDimension('words-materials-manage'),
});
export const shareWordsListAnswer = listAnswer(shareWordsItem);

// ——— Share videos (Douyin's video materials: `videos-materials-manage`) ———

/** An uploaded video's address (`/files/<id>` of `use=video`, or the store's public address). */
const videoUrl = safeText()
  .trim()
  .max(300)
  .regex(/^(\/files\/[A-Za-z0-9_-]{22}|https:\/\/\S+)$/);
const videoFields = z.object({
  name,
  /** An MP4 uploaded through `/api/v1/files?use=video` (checked on its container: length and track). */
  video_url: videoUrl,
  /** The cover shown before it plays: an image that fits the platform, or none. */
  cover_url: iconUrl,
  /** The words the share carries; the platform's title limit is checked by the server. */
  title: shareTitle,
  hashtags: z
    .array(hashtag)
    .max(MAX_SHARE_HASHTAGS)
    .refine((list) => new Set(list).size === list.length, { params: { key: 'duplicate_item' } }),
  scene: z.enum(SHARE_SCENES),
  status: recordStatus,
});
export const shareVideoCreateBody = videoFields.extend({
  cover_url: iconUrl.default(''),
  hashtags: videoFields.shape.hashtags.default([]),
  scene: z.enum(SHARE_SCENES).default('invite'),
  status: recordStatus.default('active'),
});
export type ShareVideoCreate = z.input<typeof shareVideoCreateBody>;
export const shareVideoUpdateBody = videoFields.partial().extend({ version: versionField });
export const shareVideoItem = videoFields.extend({
  ...rowMeta,
  product_id: idField,
  platform,
  /** Read from the uploaded file's container. */
  duration_ms: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ShareVideo = z.infer<typeof shareVideoItem>;
export const SHARE_VIDEO_SORTS = ['id', 'name', 'scene', 'status', 'updated_at'] as const;
export const shareVideosResource = platformResource({
  name: 'share-videos',
  page: '/share/app-share-manage/douyin/videos-materials-manage',
  logTarget: 'share_video',
  item: shareVideoItem,
  create: shareVideoCreateBody,
  update: shareVideoUpdateBody,
  sorts: SHARE_VIDEO_SORTS,
  filters: sceneFilters,
  dimension: extraDimension('videos-materials-manage'),
});
export const shareVideoListAnswer = listAnswer(shareVideoItem);
