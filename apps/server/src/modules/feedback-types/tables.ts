import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { I18nText, OptionalI18nText } from '@rx/contracts';
import { editStamps, gameRow } from '../../db/schema.ts';

/** The feedback types of a product: a tree (parent_id null at the top). */
export const feedbackTypes = pgTable(
  'feedback_types',
  {
    ...gameRow(),
    parentId: integer('parent_id').references((): AnyPgColumn => feedbackTypes.id),
    code: text('code').notNull(),
    name: jsonb('name').$type<I18nText>().notNull(),
    requireOrderNo: boolean('require_order_no').notNull().default(false),
    requireScreenshot: boolean('require_screenshot').notNull().default(false),
    requireServerRole: boolean('require_server_role').notNull().default(false),
    queue: text('queue').notNull().default('default'),
    autoReply: jsonb('auto_reply').$type<OptionalI18nText>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('feedback_types_product_code').on(t.productId, t.code),
    index('feedback_types_parent').on(t.parentId),
    index('feedback_types_cp').on(t.cpId),
  ],
);
