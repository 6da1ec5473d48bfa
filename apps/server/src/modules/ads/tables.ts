import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type {
  AdAccountRole,
  AdAccountStatus,
  AdBatchLanding,
  AdCreativeLayout,
  AdTargeting,
} from '@rx/contracts';
import { at, editStamps, gameRow } from '../../db/schema.ts';

/**
 * The media's advertiser accounts of a game: one table for every medium (`media` its column). Rows
 * come from authorisations; the medium's state (status, balance) from the sync. Tokens are the
 * outside-party kit's (`outside_tokens`, keyed by the party `ad_<media>` and `grant_account`).
 */
export const adAccounts = pgTable(
  'ad_accounts',
  {
    ...gameRow(),
    media: text('media').notNull(),
    accountId: text('account_id').notNull(),
    name: text('name').notNull().default(''),
    role: text('role').$type<AdAccountRole>().notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => adAccounts.id, { onDelete: 'set null' }),
    grantAccount: text('grant_account').notNull(),
    status: text('status').$type<AdAccountStatus>().notNull().default('authorized'),
    mediaStatus: text('media_status').notNull().default(''),
    /** Cents of `currency`. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('CNY'),
    grantExpiresAt: at('grant_expires_at'),
    syncedAt: at('synced_at'),
    lastError: text('last_error').notNull().default(''),
    /** The staff member who authorised it (alerts go to them) and when they were last alerted. */
    authorizedBy: integer('authorized_by'),
    alertedAt: at('alerted_at'),
    remark: text('remark').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('ad_accounts_product_media_account').on(t.productId, t.media, t.accountId),
    index('ad_accounts_cp').on(t.cpId),
    index('ad_accounts_parent').on(t.parentId),
  ],
);

/** The advertiser account a row belongs to (its rows go with it). */
const adAccountRef = () =>
  integer('ad_account_id')
    .notNull()
    .references(() => adAccounts.id, { onDelete: 'cascade' });

/** A game's row under one of its advertiser accounts on a medium. */
const mediumAccountRow = () => ({
  ...gameRow(),
  media: text('media').notNull(),
  adAccountId: adAccountRef(),
});

/** A report row's figures as the medium reports them, and when they were pulled. */
const reportFigures = () => ({
  /** Cents of `currency`. */
  cost: bigint('cost', { mode: 'number' }).notNull().default(0),
  impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
  clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
  currency: text('currency').notNull().default('CNY'),
  pulledAt: at('pulled_at').notNull(),
});

/**
 * Each advertiser account's figures of a day as its medium reports them: one row per account and
 * day, replaced whenever the day is pulled again (the media restate recent days).
 */
export const adReportDays = pgTable(
  'ad_report_days',
  {
    ...mediumAccountRow(),
    /** `YYYY-MM-DD` in the medium's calendar. */
    day: text('day').notNull(),
    ...reportFigures(),
  },
  (t) => [
    uniqueIndex('ad_report_days_account_day').on(t.adAccountId, t.day),
    index('ad_report_days_product_media_day').on(t.productId, t.media, t.day),
  ],
);

/**
 * Each campaign's figures of a day under an advertiser account, from the medium's campaign-level
 * report (Tencent v3: its ad groups), pulled with the account's days and replaced with them in one
 * transaction, so a restated day changes both together. `campaign_id` is the medium's id (as
 * ad_objects, ad_mappings and promotions name campaigns).
 */
export const adReportCampaignDays = pgTable(
  'ad_report_campaign_days',
  {
    ...mediumAccountRow(),
    campaignId: text('campaign_id').notNull(),
    campaignName: text('campaign_name').notNull().default(''),
    day: text('day').notNull(),
    ...reportFigures(),
  },
  (t) => [
    uniqueIndex('ad_report_campaign_days_account_campaign_day').on(t.adAccountId, t.campaignId, t.day),
    index('ad_report_campaign_days_product_media_day').on(t.productId, t.media, t.day),
  ],
);

const DEFAULT_TARGETING: AdTargeting = { genders: [], age_min: 18, age_max: 50, regions: [] };

/**
 * A medium's saved batch setups (`batch-create-config`): targeting, daily budget and bid (cents),
 * schedule and creative layout, checked against the medium's rules when saved.
 */
export const adBatchTemplates = pgTable(
  'ad_batch_templates',
  {
    ...gameRow(),
    media: text('media').notNull(),
    name: text('name').notNull(),
    budget: bigint('budget', { mode: 'number' }).notNull(),
    bid: bigint('bid', { mode: 'number' }).notNull(),
    layout: text('layout').$type<AdCreativeLayout>().notNull(),
    targeting: jsonb('targeting').$type<AdTargeting>().notNull(),
    scheduleStart: text('schedule_start').notNull().default(''),
    scheduleEnd: text('schedule_end').notNull().default(''),
    remark: text('remark').notNull().default(''),
    ...editStamps(),
  },
  (t) => [uniqueIndex('ad_batch_templates_product_media_name').on(t.productId, t.media, t.name)],
);

/**
 * A batch of ads made on a medium (accounts × titles from one setup), pushed by a job: its counts
 * are the items' (kept by the job as items end).
 */
export const adBatches = pgTable(
  'ad_batches',
  {
    ...gameRow(),
    media: text('media').notNull(),
    name: text('name').notNull(),
    status: text('status')
      .$type<'running' | 'succeeded' | 'partial' | 'failed'>()
      .notNull()
      .default('running'),
    /** Cents. */
    budget: bigint('budget', { mode: 'number' }).notNull(),
    bid: bigint('bid', { mode: 'number' }).notNull(),
    layout: text('layout').$type<AdCreativeLayout>().notNull().default('single_image'),
    targeting: jsonb('targeting').$type<AdTargeting>().notNull().default(DEFAULT_TARGETING),
    scheduleStart: text('schedule_start').notNull().default(''),
    scheduleEnd: text('schedule_end').notNull().default(''),
    /** The template its setup came from (kept when the template is deleted later: set null). */
    templateId: integer('template_id').references(() => adBatchTemplates.id, { onDelete: 'set null' }),
    /**
     * The landing window chosen (a row of ad_windows; no foreign key: that module's tables import
     * this one) and what it opened when the batch was made, sent with every ad.
     */
    windowId: integer('window_id'),
    landing: jsonb('landing').$type<AdBatchLanding>(),
    total: integer('total').notNull().default(0),
    ok: integer('ok').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    jobId: integer('job_id'),
    createdBy: text('created_by').notNull().default(''),
    ...editStamps(),
  },
  (t) => [index('ad_batches_product_media').on(t.productId, t.media)],
);

/** One ad of a batch: its account and title, its request id, and the medium's ids or reason. */
export const adBatchAds = pgTable(
  'ad_batch_ads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => adBatches.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    adAccountId: adAccountRef(),
    title: text('title').notNull(),
    /** The image or video addresses of its creative (several for a multi-image layout). */
    materials: jsonb('materials').$type<string[]>().notNull().default([]),
    status: text('status').$type<'pending' | 'ok' | 'error'>().notNull().default('pending'),
    /** Ours, sent with every attempt: the medium makes the ad once per request id. */
    requestId: text('request_id').notNull(),
    campaignId: text('campaign_id').notNull().default(''),
    adgroupId: text('adgroup_id').notNull().default(''),
    creativeId: text('creative_id').notNull().default(''),
    message: text('message').notNull().default(''),
  },
  (t) => [
    uniqueIndex('ad_batch_ads_batch_seq').on(t.batchId, t.seq),
    uniqueIndex('ad_batch_ads_request').on(t.requestId),
  ],
);

/**
 * The live objects of the game's advertiser accounts on a medium (campaigns and their ad groups),
 * as last pulled or edited: `token` is the medium's concurrency token of the object as read.
 */
export const adObjects = pgTable(
  'ad_objects',
  {
    ...mediumAccountRow(),
    level: text('level').$type<'campaign' | 'adgroup'>().notNull(),
    objectId: text('object_id').notNull(),
    parentObjectId: text('parent_object_id').notNull().default(''),
    name: text('name').notNull().default(''),
    status: text('status').$type<'active' | 'paused' | 'deleted'>().notNull(),
    mediaStatus: text('media_status').notNull().default(''),
    /** Cents. */
    budget: bigint('budget', { mode: 'number' }),
    bid: bigint('bid', { mode: 'number' }),
    spendToday: bigint('spend_today', { mode: 'number' }).notNull().default(0),
    token: text('token').notNull(),
    syncedAt: at('synced_at').notNull(),
    lastError: text('last_error').notNull().default(''),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('ad_objects_product_media_object').on(t.productId, t.media, t.level, t.objectId),
    index('ad_objects_account').on(t.adAccountId),
  ],
);
