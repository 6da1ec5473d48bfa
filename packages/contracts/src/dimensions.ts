/**
 * Dimensions (issue 24 item 1): the sharing platforms and the advertising media are rows of two
 * typed registries, not folders. Every catalogue page of one kind (a platform's image page, a
 * medium's account page) is served by one console page module and one server table with the
 * dimension as a column; the page reads its platform or medium from its catalogue path.
 *
 * Adding a platform: one entry in SHARE_PLATFORMS (the catalogue makes its pages from it) plus
 * its title in the nine `menu` locale files. Adding a medium: one entry in AD_MEDIA naming the
 * catalogue paths of the kinds it has.
 *
 * This file is read by the page catalogue, so it stays small and imports nothing but types.
 */
import type { Region } from './pages.ts';

/** The name of a dimension: the query parameter and the column that carry it. */
export type Dimension = 'platform' | 'media' | 'material' | 'kind';

// ——— Sharing platforms ———

/**
 * The page kinds of a sharing platform, by the last segment of their catalogue path. Each kind is
 * one page module under `apps/web/src/pages/share/app-share-manage/_platform/<kind>/`.
 */
export const SHARE_PAGE_KINDS = [
  'strategy-manage',
  'link-manage',
  'linkhw-manage',
  'image-manage',
  'card-manage',
  'words-materials-manage',
  'videos-materials-manage',
  'multi-image-manage',
] as const;
export type SharePageKind = (typeof SHARE_PAGE_KINDS)[number];

/** The extra kinds a platform may have beside the common ones (strategies, links, images, cards). */
export type ShareExtraKind = Extract<
  SharePageKind,
  'words-materials-manage' | 'videos-materials-manage' | 'multi-image-manage'
>;

/** What a platform can share (its share documentation), in the order its pages offer them. */
export const SHARE_CONTENT_TYPES = ['link', 'image', 'card', 'text', 'video', 'multi_image'] as const;
export type ShareContentType = (typeof SHARE_CONTENT_TYPES)[number];

/**
 * A platform's share constraints, from its share documentation: the image's ratio (width ÷ height,
 * within 1 % of `min`…`max`; one value when min = max) and smallest sides, the longest title and
 * description it shows, what it can share and how many images one share takes.
 */
export interface ShareConstraints {
  image: { ratio: readonly [min: number, max: number]; minWidth: number; minHeight: number };
  titleMax: number;
  descriptionMax: number;
  shares: readonly ShareContentType[];
  maxImages: number;
}

/** Mini-program cards (WeChat, QQ, Baidu, Alipay, JD, Meituan): a 5:4 image, at least 500×400. */
const MINI_CARD = {
  image: { ratio: [1.25, 1.25], minWidth: 500, minHeight: 400 },
  titleMax: 32,
  descriptionMax: 60,
  shares: ['card', 'link', 'image'],
  maxImages: 1,
} as const satisfies ShareConstraints;
/** Open Graph link previews (Facebook, Messenger): 1.91:1, at least 1200×630. */
const OG_LINK = {
  image: { ratio: [1.91, 1.91], minWidth: 1200, minHeight: 630 },
  titleMax: 100,
  descriptionMax: 300,
  shares: ['link', 'image'],
  maxImages: 1,
} as const satisfies ShareConstraints;

export interface SharePlatform {
  /** The path segment, the stored value of `platform` and the permission prefix. */
  code: string;
  /** The area that sees it; `all`: both (native system sharing). */
  region: Region | 'all';
  /** Its menu group's title, a key of the `menu` namespace. */
  titleKey: string;
  /** Pages beyond the common ones. */
  extras?: readonly ShareExtraKind[];
  constraints: ShareConstraints;
}

export const SHARE_PLATFORMS = [
  { code: 'wechat', region: 'gn', titleKey: 'group.wechat', constraints: MINI_CARD },
  { code: 'meituan', region: 'gn', titleKey: 'group.meituan', constraints: MINI_CARD },
  {
    code: 'douyin',
    region: 'gn',
    titleKey: 'group.douyin',
    extras: ['words-materials-manage', 'videos-materials-manage'],
    // Share kit: images 1/2.2…2.2 with both sides over 360 px, at most 12 per share.
    constraints: {
      image: { ratio: [1 / 2.2, 2.2], minWidth: 361, minHeight: 361 },
      titleMax: 55,
      descriptionMax: 1000,
      shares: ['video', 'image', 'multi_image', 'link', 'card'],
      maxImages: 12,
    },
  },
  { code: 'jd', region: 'gn', titleKey: 'group.jd', constraints: MINI_CARD },
  { code: 'qq', region: 'gn', titleKey: 'group.qq', constraints: { ...MINI_CARD, titleMax: 45 } },
  { code: 'baidu', region: 'gn', titleKey: 'group.baidu', constraints: MINI_CARD },
  {
    code: 'bilibili',
    region: 'gn',
    titleKey: 'group.bilibili',
    constraints: {
      image: { ratio: [16 / 9, 16 / 9], minWidth: 960, minHeight: 540 },
      titleMax: 80,
      descriptionMax: 250,
      shares: ['link', 'image', 'video'],
      maxImages: 1,
    },
  },
  { code: 'alipay', region: 'gn', titleKey: 'group.alipay', constraints: MINI_CARD },
  { code: 'facebook', region: 'hw', titleKey: 'group.facebook', constraints: OG_LINK },
  { code: 'messenger', region: 'hw', titleKey: 'group.messenger', constraints: OG_LINK },
  {
    code: 'line',
    region: 'hw',
    titleKey: 'group.line',
    // LINE shares go through https://line.me/R/ (never line://); previews read Open Graph tags.
    constraints: { ...OG_LINK, titleMax: 40, descriptionMax: 80, shares: ['link', 'text', 'image'] },
  },
  {
    code: 'tiktok',
    region: 'hw',
    titleKey: 'group.tiktok',
    extras: ['multi-image-manage'],
    // Share Kit: 2 to 12 images of ratio 1/2.2…2.2 (developers.tiktok.com, Video Kit / Share
    // Kit for iOS), never mixed with video; portrait 9:16 shows best.
    constraints: {
      image: { ratio: [1 / 2.2, 2.2], minWidth: 360, minHeight: 360 },
      titleMax: 90,
      descriptionMax: 2200,
      shares: ['video', 'multi_image'],
      maxImages: 12,
    },
  },
  {
    code: 'zalo',
    region: 'hw',
    titleKey: 'group.zalo',
    constraints: {
      ...OG_LINK,
      image: { ratio: [1.91, 1.91], minWidth: 600, minHeight: 315 },
      descriptionMax: 160,
    },
  },
  {
    code: 'snapchat',
    region: 'hw',
    titleKey: 'group.snapchat',
    // Creative Kit: full-screen 9:16 media.
    constraints: {
      image: { ratio: [9 / 16, 9 / 16], minWidth: 1080, minHeight: 1920 },
      titleMax: 100,
      descriptionMax: 250,
      shares: ['image', 'video', 'link'],
      maxImages: 1,
    },
  },
  {
    code: 'reddit',
    region: 'hw',
    titleKey: 'group.reddit',
    constraints: {
      image: { ratio: [0.5, 2], minWidth: 400, minHeight: 300 },
      titleMax: 300,
      descriptionMax: 1000,
      shares: ['link', 'image', 'text'],
      maxImages: 20,
    },
  },
  {
    code: 'native',
    region: 'all',
    titleKey: 'group.nativeShare',
    // The system share sheet takes whatever the receiving app does.
    constraints: {
      image: { ratio: [0.25, 4], minWidth: 200, minHeight: 200 },
      titleMax: 100,
      descriptionMax: 500,
      shares: ['link', 'text', 'image', 'video'],
      maxImages: 10,
    },
  },
] as const satisfies readonly SharePlatform[];

export type SharePlatformCode = (typeof SHARE_PLATFORMS)[number]['code'];
export const SHARE_PLATFORM_CODES = SHARE_PLATFORMS.map((p) => p.code) as [
  SharePlatformCode,
  ...SharePlatformCode[],
];

export const SHARE_BASE = '/share/app-share-manage';

/** A platform's registry entry (undefined for an unknown code). */
export function sharePlatformOf(code: string): SharePlatform | undefined {
  return (SHARE_PLATFORMS as readonly SharePlatform[]).find((p) => p.code === code);
}

/** Whether an image of these sides fits a platform's constraints: `ratio` or `small` when not. */
export function shareImageProblem(
  constraints: ShareConstraints,
  width: number,
  height: number,
): 'ratio' | 'small' | undefined {
  const { ratio, minWidth, minHeight } = constraints.image;
  const r = width / height;
  if (r < ratio[0] * 0.99 || r > ratio[1] * 1.01) return 'ratio';
  if (width < minWidth || height < minHeight) return 'small';
  return undefined;
}

/** A box over an image, in its pixels. */
export interface CropBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The ratio a crop of an image takes on a platform: the image's own, brought into the platform's
 * range (a fixed-ratio platform: its ratio).
 */
export function shareCropRatio(constraints: ShareConstraints, width: number, height: number): number {
  const [min, max] = constraints.image.ratio;
  return Math.min(max, Math.max(min, width / height));
}

/**
 * The largest box of `ratio` inside an image, centred; with `at` 0 it touches the top (or left)
 * edge, with 1 the bottom (or right): the console's presets.
 */
export function fittedCrop(width: number, height: number, ratio: number, at = 0.5): CropBox {
  const wide = width / height > ratio;
  const w = wide ? Math.min(width, Math.round(height * ratio)) : width;
  const h = wide ? height : Math.min(height, Math.round(width / ratio));
  return { left: Math.round((width - w) * at), top: Math.round((height - h) * at), width: w, height: h };
}

/**
 * The size the server makes of a crop: a fixed-ratio platform's own size (its smallest sides, the
 * size its share documentation names), the crop's own size on a platform that takes a range.
 */
export function shareCropOutput(
  constraints: ShareConstraints,
  crop: Pick<CropBox, 'width' | 'height'>,
): { width: number; height: number } {
  const { ratio, minWidth, minHeight } = constraints.image;
  return ratio[0] === ratio[1]
    ? { width: minWidth, height: minHeight }
    : { width: crop.width, height: crop.height };
}

// ——— Share material strategies ———

/** The fields a material strategy may have beside its name, platforms, title and description. */
export const SHARE_MATERIAL_FIELDS = [
  'image_url',
  'target_url',
  'deep_link',
  'reward_text',
  'template',
  'valid_hours',
  'video_url',
  'hashtags',
  'app_id',
  'path',
] as const;
export type ShareMaterialField = (typeof SHARE_MATERIAL_FIELDS)[number];

/**
 * A kind of material strategy (`/share/app-share-manage/materials/<code>-strategy`): what it
 * shares (the platforms offered are those whose registry entry can share it; `text` goes through
 * the clipboard, so every platform) and which of its fields it asks for. One page module and one
 * table serve the five kinds, the kind a column of the rows.
 */
export interface ShareMaterialKind {
  code: string;
  region: Region | 'all';
  /** Its page's title, a key of the `menu` namespace. */
  titleKey: string;
  content: ShareContentType;
  fields: Partial<Record<ShareMaterialField, 'required' | 'optional'>>;
}

export const SHARE_MATERIAL_KINDS = [
  {
    code: 'invite',
    region: 'all',
    titleKey: 'page.inviteShare',
    content: 'link',
    fields: { image_url: 'required', target_url: 'required', reward_text: 'optional' },
  },
  {
    // A share password (口令): words with a code the player copies and the invitee pastes in the game.
    code: 'password',
    region: 'all',
    titleKey: 'page.passwordShare',
    content: 'text',
    fields: { template: 'required', valid_hours: 'required' },
  },
  {
    code: 'video',
    region: 'all',
    titleKey: 'page.videoShare',
    content: 'video',
    fields: { video_url: 'required', hashtags: 'optional' },
  },
  {
    code: 'app',
    region: 'all',
    titleKey: 'page.appShare',
    content: 'link',
    fields: { image_url: 'required', deep_link: 'required', target_url: 'required' },
  },
  {
    code: 'mini-game',
    region: 'gn',
    titleKey: 'page.miniGameShare',
    content: 'card',
    fields: { image_url: 'required', app_id: 'required', path: 'required' },
  },
] as const satisfies readonly ShareMaterialKind[];

export type ShareMaterialCode = (typeof SHARE_MATERIAL_KINDS)[number]['code'];
export const SHARE_MATERIAL_CODES = SHARE_MATERIAL_KINDS.map((k) => k.code) as [
  ShareMaterialCode,
  ...ShareMaterialCode[],
];

/** A material kind's registry entry (undefined for an unknown code). */
export function shareMaterialOf(code: string): ShareMaterialKind | undefined {
  return (SHARE_MATERIAL_KINDS as readonly ShareMaterialKind[]).find((k) => k.code === code);
}

/** The catalogue path of a material kind's page. */
export const shareMaterialPath = (code: string) => `${SHARE_BASE}/materials/${code}-strategy`;

/** The platforms a material kind can be shared on (text: all of them, through the clipboard). */
export function shareMaterialPlatforms(kind: ShareMaterialKind): SharePlatformCode[] {
  return (SHARE_PLATFORMS as readonly SharePlatform[])
    .filter(
      (p) =>
        (kind.region === 'all' || p.region === 'all' || p.region === kind.region) &&
        (kind.content === 'text' || p.constraints.shares.includes(kind.content)),
    )
    .map((p) => p.code as SharePlatformCode);
}

// ——— Advertising media ———

/**
 * The page kinds of a medium. Their catalogue paths are irregular (they follow the product's
 * historic addresses), so each medium names its own; each kind is one page module under
 * `apps/web/src/pages/rxlaunch/rxlaunch-fe/deliver-manage/_media/<kind>/`.
 */
export const AD_PAGE_KINDS = [
  'account-manage',
  'data-report',
  'batch-ad',
  'batch-ad-edit',
  'put-manage',
  'batch-task',
  'title-library',
  'batch-create-config',
  'gdt-list',
  'gdtv3-list',
  'gdtv3-edit',
  'minigame-monitor',
] as const;
export type AdPageKind = (typeof AD_PAGE_KINDS)[number];

export interface AdMedium {
  /** The stored value of `media` and the permission prefix. */
  code: string;
  region: Region;
  /** Its menu group's title, a key of the `menu` namespace. */
  titleKey: string;
  /** The catalogue path of each kind of page it has. */
  pages: Partial<Record<AdPageKind, string>>;
  /** How its marketing API is reached (the ads module's adapter reads it). */
  api: AdMediumApi;
  /** What its batch ads must keep to (media with batch creation): templates and drafts are checked against it. */
  batch?: AdBatchRules;
}

/** The creative layouts of batch ads (each medium takes some of them). */
export const AD_CREATIVE_LAYOUTS = ['single_image', 'large_image', 'video', 'multi_image'] as const;
export type AdCreativeLayout = (typeof AD_CREATIVE_LAYOUTS)[number];

/**
 * A medium's rules for batch ads, from its marketing API's documentation: the daily budget and the
 * bid in cents, the title's length, the layouts it takes, the audience's ages and how many days a
 * schedule may run. One ad carries one material (a multi-image layout takes its images together).
 */
export interface AdBatchRules {
  budget: readonly [min: number, max: number];
  bid: readonly [min: number, max: number];
  title: readonly [min: number, max: number];
  layouts: readonly AdCreativeLayout[];
  /** How many images a multi-image creative takes. */
  multiImages: readonly [min: number, max: number];
  ages: readonly [min: number, max: number];
  maxScheduleDays: number;
}

/**
 * A medium's marketing API: its documented addresses (a test's stand-in is put in their place) and
 * token lifetimes. `adapter` says whether accounts go through a real adapter over the documented protocol
 * or only the built-in fake (no public documentation to build on yet: the console says so).
 */
export type AdMediumApi =
  | {
      adapter: 'real';
      /** The API's base address. */
      base: string;
      /** Where staff authorise the console (OAuth 2 authorisation page). */
      authorize: string;
      /** Access and refresh tokens' documented lifetimes, in hours (renewed well before). */
      accessHours: number;
      refreshHours: number;
    }
  | { adapter: 'fake' };

const AD = '/rxlaunch/rxlaunch-fe/deliver-manage';

export const AD_MEDIA = [
  {
    code: 'jrtt',
    region: 'gn',
    titleKey: 'group.toutiao',
    pages: {
      'batch-ad': '/newrxlaunch/jrtt/batch-ad',
      'batch-ad-edit': '/newrxlaunch/jrtt/batch-ad-edit',
      'put-manage': '/newrxlaunch/jrtt/put-manage',
      'batch-task': '/newrxlaunch/jrtt/batch-task',
      'account-manage': '/newrxlaunch/jrtt/account-manage',
      'data-report': '/newrxlaunch/jrtt/data-report',
      'title-library': '/newrxlaunch/jrtt/title-library',
      'batch-create-config': '/newrxlaunch/jrtt/batch-create-config',
    },
    // Ocean Engine: daily budget from 300 yuan, creative titles of 5 to 30 characters.
    batch: {
      budget: [30_000, 1_000_000_000],
      bid: [10, 1_000_000],
      title: [5, 30],
      layouts: ['single_image', 'large_image', 'video', 'multi_image'],
      multiImages: [3, 3],
      ages: [18, 50],
      maxScheduleDays: 365,
    },
    api: {
      adapter: 'real',
      base: 'https://ad.oceanengine.com/open_api',
      authorize: 'https://ad.oceanengine.com/openapi/audit/oauth.html',
      accessHours: 24,
      refreshHours: 720,
    },
  },
  {
    code: 'tencent',
    region: 'gn',
    titleKey: 'group.tencentAds',
    pages: {
      'gdt-list': `${AD}/tencent/gdt-list`,
      'gdtv3-list': `${AD}/tencent/gdtv3-list`,
      'gdtv3-edit': `${AD}/tencent/gdtv3-edit/:id?`,
      'batch-create-config': `${AD}/tencent/batch-create-config`,
      'account-manage': `${AD}/tencent/account-manage`,
      'data-report': `${AD}/tencent/data-report`,
      'minigame-monitor': `${AD}/tencent/minigame-monitor`,
    },
    // Tencent Marketing API v3: daily budget from 50 yuan, ad texts of 1 to 30 characters.
    batch: {
      budget: [5_000, 1_000_000_000],
      bid: [10, 500_000],
      title: [1, 30],
      layouts: ['single_image', 'large_image', 'video', 'multi_image'],
      multiImages: [3, 6],
      ages: [14, 66],
      maxScheduleDays: 365,
    },
    api: {
      adapter: 'real',
      base: 'https://api.e.qq.com',
      authorize: 'https://developers.e.qq.com/oauth/authorize',
      accessHours: 24,
      refreshHours: 720,
    },
  },
  {
    code: 'kuaishou',
    region: 'gn',
    titleKey: 'group.kuaishou',
    pages: {
      'batch-ad': '/newrxlaunch/kuaishou-batch-ad',
      'batch-ad-edit': '/newrxlaunch/kuaishou-batch-ad-edit',
      'account-manage': '/newrxlaunch/kuaishou-account-manage',
      'data-report': '/newrxlaunch/kuaishou-data-report',
    },
    // Kuaishou: daily budget from 500 yuan, descriptions of 6 to 30 characters, no multi-image.
    batch: {
      budget: [50_000, 1_000_000_000],
      bid: [10, 1_000_000],
      title: [6, 30],
      layouts: ['single_image', 'video'],
      multiImages: [3, 3],
      ages: [18, 50],
      maxScheduleDays: 365,
    },
    api: { adapter: 'fake' },
  },
  {
    code: 'oppo',
    region: 'gn',
    titleKey: 'group.oppo',
    pages: { 'account-manage': `${AD}/oppo/account-manage` },
    api: { adapter: 'fake' },
  },
  {
    code: 'honor',
    region: 'gn',
    titleKey: 'group.honor',
    pages: { 'account-manage': `${AD}/honor/account-manage` },
    api: { adapter: 'fake' },
  },
  {
    code: 'vivo',
    region: 'gn',
    titleKey: 'group.vivo',
    pages: { 'account-manage': `${AD}/vivo/account-manage` },
    api: { adapter: 'fake' },
  },
  {
    code: 'huawei',
    region: 'gn',
    titleKey: 'group.huawei',
    pages: { 'account-manage': `${AD}/huawei/account-manage` },
    api: { adapter: 'fake' },
  },
] as const satisfies readonly AdMedium[];

export type AdMediumCode = (typeof AD_MEDIA)[number]['code'];
export const AD_MEDIUM_CODES = AD_MEDIA.map((m) => m.code) as [AdMediumCode, ...AdMediumCode[]];

// ——— Pattern pages ———

/** A catalogue page served by a pattern page module. */
export interface PatternPage {
  dimension: Dimension;
  /** The platform's or medium's code. */
  value: string;
  /** The page kind (`image-manage`, `account-manage`…). */
  kind: string;
  /** Whether it is a detail page (a path ending in `/:id` or `/:id?`). */
  detail: boolean;
  /** The console page module's folder under `apps/web/src/pages/`. */
  module: string;
}

/** The catalogue path of a platform's page of one kind (`/:id` for its detail page). */
export function sharePagePath(platform: string, kind: SharePageKind, detail = false): string {
  return `${SHARE_BASE}/${platform}/${kind}${detail ? '/:id' : ''}`;
}

/** The kinds a platform has: the common four (links by its area) plus its extras. */
export function sharePlatformKinds(platform: SharePlatform): SharePageKind[] {
  const links: SharePageKind[] =
    platform.region === 'all'
      ? ['link-manage', 'linkhw-manage']
      : [platform.region === 'gn' ? 'link-manage' : 'linkhw-manage'];
  return ['strategy-manage', ...links, 'image-manage', 'card-manage', ...(platform.extras ?? [])];
}

/** Kinds that have a detail page (`…/:id`). */
export const SHARE_KINDS_WITH_DETAIL: readonly SharePageKind[] = [
  'strategy-manage',
  'link-manage',
  'linkhw-manage',
];

function buildPatternPages(): Map<string, PatternPage> {
  const pages = new Map<string, PatternPage>();
  for (const platform of SHARE_PLATFORMS as readonly SharePlatform[]) {
    for (const kind of sharePlatformKinds(platform)) {
      const add = (detail: boolean) =>
        pages.set(sharePagePath(platform.code, kind, detail), {
          dimension: 'platform',
          value: platform.code,
          kind,
          detail,
          module: `share/app-share-manage/_platform/${kind}${detail ? '/detail' : ''}`,
        });
      add(false);
      if (SHARE_KINDS_WITH_DETAIL.includes(kind)) add(true);
    }
  }
  for (const material of SHARE_MATERIAL_KINDS as readonly ShareMaterialKind[]) {
    pages.set(shareMaterialPath(material.code), {
      dimension: 'material',
      value: material.code,
      kind: 'material-strategy',
      detail: false,
      module: 'share/app-share-manage/materials/_material',
    });
  }
  for (const medium of AD_MEDIA as readonly AdMedium[]) {
    for (const [kind, path] of Object.entries(medium.pages)) {
      pages.set(path, {
        dimension: 'media',
        value: medium.code,
        kind,
        detail: /\/:[a-z_]+\??$/.test(path),
        module: `rxlaunch/rxlaunch-fe/deliver-manage/_media/${kind}`,
      });
    }
  }
  return pages;
}

let patternPages: Map<string, PatternPage> | undefined;

/** The pattern page serving a catalogue path, if one does. */
export function patternPageOf(path: string): PatternPage | undefined {
  patternPages ??= buildPatternPages();
  return patternPages.get(path);
}

/** Every catalogue path a pattern page serves. */
export function patternPagePaths(): string[] {
  patternPages ??= buildPatternPages();
  return [...patternPages.keys()];
}

/**
 * The catalogue page of a dimensioned resource for one value: its permissions are that page's.
 * `kind` is the share page kind or the medium's page kind whose permissions guard the resource.
 */
export function dimensionPage(dimension: Dimension, value: string, kind: string): string | undefined {
  if (dimension === 'platform') {
    const platform = sharePlatformOf(value);
    if (!platform || !sharePlatformKinds(platform).includes(kind as SharePageKind)) return undefined;
    return sharePagePath(value, kind as SharePageKind);
  }
  if (dimension === 'material') return shareMaterialOf(value) ? shareMaterialPath(value) : undefined;
  if (dimension === 'kind') return kind === 'push' ? PUSH_KIND_PAGES[value as PushKind] : undefined;
  return adMediumOf(value)?.pages[kind as AdPageKind];
}

/** A medium's registry entry (undefined for an unknown code). */
export function adMediumOf(code: string): AdMedium | undefined {
  return (AD_MEDIA as readonly AdMedium[]).find((m) => m.code === code);
}

// ——— Push kinds ———

/**
 * The kinds of push task (`/api/v1/push-tasks?kind=`): one table, one console page module
 * parameterised by its kind, each kind guarded by its own catalogue page's permissions.
 */
export const PUSH_KIND_PAGES = {
  app: '/operation/push-manage/app-push',
  mini_program: '/operation/push-manage/mini-program-push',
  mini_game: '/newrxlaunch/mini-game/subscription',
} as const;
export type PushKind = keyof typeof PUSH_KIND_PAGES;
export const PUSH_KINDS = Object.keys(PUSH_KIND_PAGES) as [PushKind, ...PushKind[]];
