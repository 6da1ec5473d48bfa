import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { AdPromotionStatus, AdWindowKind } from '@rx/contracts';
import { editStamps, gameRow } from '../../db/schema.ts';
import { adApps } from '../ad-library/index.ts';
import { adMaterials } from '../ad-materials/index.ts';

/**
 * Windows: a game's landing entries its ads open on a medium (a mini-program path, an H5 address or
 * an app of the ad tools' applications), each with a cover image of the material library.
 */
export const adWindows = pgTable(
  'ad_windows',
  {
    ...gameRow(),
    name: text('name').notNull(),
    media: text('media').notNull(),
    kind: text('kind').$type<AdWindowKind>().notNull(),
    miniProgramId: text('mini_program_id').notNull().default(''),
    path: text('path').notNull().default(''),
    url: text('url').notNull().default(''),
    appRefId: integer('app_ref_id').references(() => adApps.id, { onDelete: 'set null' }),
    /** The cover (null once its material was deleted from the library: the window needs a new one). */
    materialId: integer('material_id').references(() => adMaterials.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    note: text('note').notNull().default(''),
    ...editStamps(),
  },
  (t) => [index('ad_windows_product').on(t.productId, t.media), index('ad_windows_cp').on(t.cpId)],
);

/**
 * Promotion activities: a campaign plan of a game across media, its days, budget and targets, the
 * advertiser accounts (rows of ad_accounts of the same game) and campaigns that carry it.
 */
export const adPromotions = pgTable(
  'ad_promotions',
  {
    ...gameRow(),
    name: text('name').notNull(),
    media: text('media').array().notNull(),
    startDay: text('start_day').notNull(),
    endDay: text('end_day').notNull(),
    budget: integer('budget').notNull().default(0),
    targetCpa: integer('target_cpa').notNull().default(0),
    targetRoi: integer('target_roi').notNull().default(0),
    targetConversions: integer('target_conversions').notNull().default(0),
    adAccountIds: integer('ad_account_ids').array().notNull(),
    campaignIds: text('campaign_ids').array().notNull().default([]),
    windowId: integer('window_id').references(() => adWindows.id, { onDelete: 'set null' }),
    status: text('status').$type<AdPromotionStatus>().notNull().default('draft'),
    note: text('note').notNull().default(''),
    ...editStamps(),
  },
  (t) => [
    index('ad_promotions_product').on(t.productId, t.startDay),
    index('ad_promotions_cp').on(t.cpId),
    index('ad_promotions_accounts').using('gin', t.adAccountIds),
  ],
);
