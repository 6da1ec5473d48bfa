import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LadderStep, OptionalI18nText } from '@rx/contracts';
import { cps, createdAt, products, rowVersion, updatedAt } from '../../db/schema.ts';

/** Violation templates of a product: an escalation ladder by offence count. */
export const violationTemplates = pgTable(
  'violation_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cpId: integer('cp_id')
      .notNull()
      .references(() => cps.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    ladder: jsonb('ladder').$type<LadderStep[]>().notNull(),
    message: jsonb('message').$type<OptionalI18nText>().notNull(),
    appealable: boolean('appealable').notNull().default(true),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    version: rowVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('violation_templates_product_code').on(t.productId, t.code),
    index('violation_templates_cp').on(t.cpId),
  ],
);

/** Each time a template was applied to a player: its count is the offence number of the next. */
export const violationOffences = pgTable(
  'violation_offences',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    cpId: integer('cp_id').notNull(),
    productId: integer('product_id').notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => violationTemplates.id),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    openid: text('openid').notNull(),
    offence: integer('offence').notNull(),
    action: text('action').notNull(),
    sanctionId: bigint('sanction_id', { mode: 'number' }),
    note: text('note').notNull().default(''),
    createdById: integer('created_by_id'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('violation_offences_player_template').on(t.playerId, t.templateId, t.offence)],
);
