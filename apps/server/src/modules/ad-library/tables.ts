import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { editStamps, gameRow } from '../../db/schema.ts';

/**
 * One table per kind of the ad tools' simple lists (titles, copies, labels, sources, apps), all of
 * one shape: a game's texts with the medium, app id and package name the kind uses ('' otherwise).
 * A text is listed once per game.
 */
function libraryTable(name: string) {
  return pgTable(
    name,
    {
      ...gameRow(),
      text: text('text').notNull(),
      /** A medium's code, or '' for any. */
      media: text('media').notNull().default(''),
      appId: text('app_id').notNull().default(''),
      packageName: text('package_name').notNull().default(''),
      note: text('note').notNull().default(''),
      ...editStamps(),
    },
    (t) => [uniqueIndex(`${name}_product_text`).on(t.productId, t.text), index(`${name}_cp`).on(t.cpId)],
  );
}

export const adTitles = libraryTable('ad_titles');
export const adCopies = libraryTable('ad_copies');
export const adLabels = libraryTable('ad_labels');
export const adSources = libraryTable('ad_sources');
export const adApps = libraryTable('ad_apps');
