import { z } from 'zod';
import { idField, safeText } from './fields.ts';

/**
 * Saved views (`/api/v1/saved-views`): a list's filters, sort and columns under a name, for its
 * owner or shared with the CP. `list` is the catalogue path of the list's page: the caller must be
 * able to open it.
 */

/** Views one staff member may keep per list. */
export const SAVED_VIEWS_PER_LIST = 50;

const paramName = safeText().min(1).max(64);
export const savedViewState = z.object({
  /** The list's address parameters (filters and sort; paging is not kept). */
  query: z
    .record(paramName, safeText().max(500))
    .refine((query) => Object.keys(query).length <= 40, { params: { key: 'too_big' } }),
  /** The visible columns, in order (absent: the list's own default). */
  columns: z.array(safeText().min(1).max(64)).max(80).optional(),
});
export type SavedViewState = z.infer<typeof savedViewState>;

export const savedViewListQuery = z.object({ list: safeText().min(1).max(200) });

export const savedViewCreateBody = z.object({
  list: safeText().min(1).max(200),
  name: safeText().trim().min(1).max(64),
  shared: z.boolean().default(false),
  state: savedViewState,
});
export type SavedViewCreate = z.input<typeof savedViewCreateBody>;

export const savedViewItem = z.object({
  id: idField,
  list: z.string(),
  name: z.string(),
  shared: z.boolean(),
  state: savedViewState,
  /** Whether the caller made it (and so may delete it). */
  mine: z.boolean(),
  owner: z.string(),
  created_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewItem>;
