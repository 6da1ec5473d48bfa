import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  I18nText,
  RecordStatus,
  ShareEventType,
  ShareMaterialCode,
  ShareRewardOn,
  ShareRewardState,
  ShareScene,
  SharePlatformCode,
  ShareVariant,
} from '@rx/contracts';
import { createdAt, editStamps, gameRow } from '../../db/schema.ts';

/**
 * Social sharing (issue 30): one table per kind of page, the platform a column of its rows (the
 * registry in contracts' dimensions.ts names the sixteen), never a table per platform.
 */
const platform = () => text('platform').$type<SharePlatformCode>().notNull();
const status = () => text('status').$type<RecordStatus>().notNull().default('active');

/** Share images of a platform, checked against its ratio and smallest sides when saved. */
export const shareImages = pgTable(
  'share_images',
  {
    ...gameRow(),
    platform: platform(),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    /** The uploaded file's sides (read from its header by the files module). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    status: status(),
    ...editStamps(),
  },
  (t) => [index('share_images_product_platform').on(t.productId, t.platform, t.updatedAt)],
);

/** Mini-program and message cards of a platform. */
export const shareCards = pgTable(
  'share_cards',
  {
    ...gameRow(),
    platform: platform(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull(),
    path: text('path').notNull().default(''),
    status: status(),
    ...editStamps(),
  },
  (t) => [index('share_cards_product_platform').on(t.productId, t.platform, t.updatedAt)],
);

/** A strategy per scene with weighted variants; a player's variant is a stable hash bucket. */
export const shareStrategies = pgTable(
  'share_strategies',
  {
    ...gameRow(),
    platform: platform(),
    name: text('name').notNull(),
    scene: text('scene').$type<ShareScene>().notNull(),
    variants: jsonb('variants').$type<ShareVariant[]>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    status: status(),
    ...editStamps(),
  },
  (t) => [index('share_strategies_product_platform_scene').on(t.productId, t.platform, t.scene)],
);

/** Tracked short links (`/s/<code>`), with their click and register counts. */
export const shareLinks = pgTable(
  'share_links',
  {
    ...gameRow(),
    platform: platform(),
    name: text('name').notNull(),
    /** 8 base62 characters, unique over every CP: the public address. */
    code: text('code').notNull(),
    targetUrl: text('target_url').notNull(),
    deepLink: text('deep_link').notNull().default(''),
    fallbackUrl: text('fallback_url').notNull().default(''),
    channel: text('channel').notNull().default(''),
    campaign: text('campaign').notNull().default(''),
    scene: text('scene').$type<ShareScene>().notNull(),
    clicks: integer('clicks').notNull().default(0),
    registers: integer('registers').notNull().default(0),
    status: status(),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('share_links_code').on(t.code),
    index('share_links_product_platform').on(t.productId, t.platform, t.updatedAt),
  ],
);

/**
 * One click on a short link: the sharer's openid from the link and the device class, nothing else
 * of the visitor (no address, no user agent).
 */
export const shareClicks = pgTable(
  'share_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    linkId: integer('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    sharer: text('sharer'),
    device: text('device').$type<'ios' | 'android' | 'desktop'>().notNull(),
    /** The strategy and variant the shared link came from (the game's share config names them). */
    strategyId: integer('strategy_id'),
    variant: text('variant'),
    createdAt: createdAt(),
  },
  (t) => [index('share_clicks_link').on(t.linkId, t.createdAt), index('share_clicks_sharer').on(t.sharer)],
);

/** What a click led to (register, pay), reported by the game once per event id. */
export const shareEvents = pgTable(
  'share_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').$type<ShareEventType>().notNull(),
    /** The click it followed (none for a share). */
    clickId: bigint('click_id', { mode: 'number' }),
    linkId: integer('link_id'),
    /** The sharer the click came from (a share's own player): the one the event is attributed to. */
    sharer: text('sharer'),
    openid: text('openid').notNull(),
    /** What it is attributed to, copied from the click and its link when recorded (the funnel groups by them). */
    platform: text('platform'),
    channel: text('channel'),
    campaign: text('campaign'),
    strategyId: integer('strategy_id'),
    variant: text('variant'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('share_events_product_event').on(t.productId, t.eventId),
    index('share_events_link').on(t.linkId, t.type),
    index('share_events_product_created').on(t.productId, t.createdAt),
    index('share_events_product_sharer').on(t.productId, t.sharer),
    index('share_events_product_openid').on(t.productId, t.openid),
  ],
);

/**
 * A game's set-up of one platform (the share platforms page): enabled, the SDK's app id and
 * secret (sealed, never answered), its universal-link / app-link domains. One row per platform.
 */
export const sharePlatformSetups = pgTable(
  'share_platform_setups',
  {
    ...gameRow(),
    platform: platform(),
    enabled: boolean('enabled').notNull().default(true),
    appId: text('app_id').notNull().default(''),
    appSecretEnc: text('app_secret_enc'),
    linkDomains: jsonb('link_domains').$type<string[]>().notNull().default([]),
    remark: text('remark').notNull().default(''),
    ...editStamps(),
  },
  (t) => [uniqueIndex('share_platform_setups_product_platform').on(t.productId, t.platform)],
);

/** A multi-image post (TikTok's photo mode): its images in order, each checked like a share image. */
export const shareMultiImages = pgTable(
  'share_multi_images',
  {
    ...gameRow(),
    platform: platform(),
    name: text('name').notNull(),
    caption: text('caption').notNull().default(''),
    images: jsonb('images').$type<{ url: string; width: number; height: number }[]>().notNull(),
    status: status(),
    ...editStamps(),
  },
  (t) => [index('share_multi_images_product_platform').on(t.productId, t.platform, t.updatedAt)],
);

/** Share words of a platform (Douyin's words materials): the text and hashtags a share carries. */
export const shareWords = pgTable(
  'share_words',
  {
    ...gameRow(),
    platform: platform(),
    text: text('text').notNull(),
    hashtags: jsonb('hashtags').$type<string[]>().notNull().default([]),
    scene: text('scene').$type<ShareScene>().notNull(),
    status: status(),
    ...editStamps(),
  },
  (t) => [index('share_words_product_platform').on(t.productId, t.platform, t.updatedAt)],
);

/** A game's share tracking set-up (`/basic/tracking-config`): when and what an invite earns the sharer. */
export const shareTrackingSettings = pgTable(
  'share_tracking_settings',
  {
    ...gameRow(),
    rewardOn: text('reward_on').$type<ShareRewardOn>().notNull().default('off'),
    rewardGiftId: integer('reward_gift_id'),
    rewardTitle: jsonb('reward_title').$type<I18nText>().notNull(),
    ...editStamps(),
  },
  (t) => [uniqueIndex('share_tracking_settings_product').on(t.productId)],
);

/** Invite rewards given: one per invitee of a game, whatever events follow. */
export const shareInviteRewards = pgTable(
  'share_invite_rewards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id').notNull(),
    invitee: text('invitee').notNull(),
    sharer: text('sharer').notNull(),
    event: text('event').$type<'register' | 'pay'>().notNull(),
    state: text('state').$type<ShareRewardState>().notNull(),
    mailId: integer('mail_id'),
    giftId: integer('gift_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('share_invite_rewards_product_invitee').on(t.productId, t.invitee),
    index('share_invite_rewards_product_sharer').on(t.productId, t.sharer),
  ],
);

/**
 * Material strategies (invite, password, video, app, mini-game sharing): one table for the five
 * kinds, the kind a column (`material`, the dimension); the fields a kind does not use stay empty.
 */
export const shareMaterialStrategies = pgTable(
  'share_material_strategies',
  {
    ...gameRow(),
    material: text('material').$type<ShareMaterialCode>().notNull(),
    name: text('name').notNull(),
    platforms: jsonb('platforms').$type<SharePlatformCode[]>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    targetUrl: text('target_url').notNull().default(''),
    deepLink: text('deep_link').notNull().default(''),
    rewardText: text('reward_text').notNull().default(''),
    template: text('template').notNull().default(''),
    validHours: integer('valid_hours'),
    videoUrl: text('video_url').notNull().default(''),
    hashtags: jsonb('hashtags').$type<string[]>().notNull().default([]),
    appId: text('app_id').notNull().default(''),
    path: text('path').notNull().default(''),
    status: status(),
    ...editStamps(),
  },
  (t) => [index('share_material_strategies_product_material').on(t.productId, t.material, t.updatedAt)],
);

/** Share videos of a platform (Douyin's video materials): an uploaded MP4, its cover, words and hashtags. */
export const shareVideos = pgTable(
  'share_videos',
  {
    ...gameRow(),
    platform: platform(),
    name: text('name').notNull(),
    videoUrl: text('video_url').notNull(),
    /** Read from the upload's container when saved. */
    durationMs: integer('duration_ms').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    coverUrl: text('cover_url').notNull().default(''),
    title: text('title').notNull(),
    hashtags: jsonb('hashtags').$type<string[]>().notNull().default([]),
    scene: text('scene').$type<ShareScene>().notNull(),
    status: status(),
    ...editStamps(),
  },
  (t) => [index('share_videos_product_platform').on(t.productId, t.platform, t.updatedAt)],
);
