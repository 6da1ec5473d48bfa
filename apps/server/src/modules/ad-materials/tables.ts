import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AdMaterialKind } from '@rx/contracts';
import { editStamps, gameRow } from '../../db/schema.ts';
import { adSources } from '../ad-library/index.ts';
import { adObjects } from '../ads/index.ts';
import { files } from '../files/tables.ts';

/**
 * A game's ad materials: one row per uploaded image or video, whatever medium it goes to. What the
 * upload service read from the bytes (kind, type, size, MD5, dimensions, length) is copied when the
 * material is made; the MD5 keeps the same file to one material per game.
 */
export const adMaterials = pgTable(
  'ad_materials',
  {
    ...gameRow(),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    name: text('name').notNull(),
    kind: text('kind').$type<AdMaterialKind>().notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5: text('md5').notNull(),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    /** Ids of `ad_labels` of the same game (a label deleted since is left out of answers). */
    labelIds: integer('label_ids').array().notNull().default([]),
    sourceId: integer('source_id').references(() => adSources.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('ad_materials_product_md5').on(t.productId, t.md5),
    index('ad_materials_cp').on(t.cpId),
    index('ad_materials_labels').using('gin', t.labelIds),
  ],
);

/** Which ad groups of the delivery mirror use a material. */
export const adMaterialAds = pgTable(
  'ad_material_ads',
  {
    materialId: integer('material_id')
      .notNull()
      .references(() => adMaterials.id, { onDelete: 'cascade' }),
    adObjectId: integer('ad_object_id')
      .notNull()
      .references(() => adObjects.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.materialId, t.adObjectId] }),
    index('ad_material_ads_object').on(t.adObjectId),
  ],
);
