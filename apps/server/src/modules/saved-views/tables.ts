import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SavedViewState } from '@rx/contracts/saved-views';
import { cpRef, editStamps, serialId, users } from '../../db/schema.ts';

/**
 * A list's filters, sort and columns saved under a name by a staff member: theirs only, or shared
 * with their CP. `list` is the catalogue path of the list's page (its see permission guards it).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serialId(),
    cpId: cpRef(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    state: jsonb('state').$type<SavedViewState>().notNull(),
    ...editStamps(),
  },
  (t) => [
    // A name once per owner and list.
    uniqueIndex('saved_views_owner_name').on(t.userId, t.list, sql`lower(${t.name})`),
    index('saved_views_cp_list').on(t.cpId, t.list),
  ],
);
