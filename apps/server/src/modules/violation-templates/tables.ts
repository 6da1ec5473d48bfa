import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LadderStep, OptionalI18nText } from '@rx/contracts';
import {
  createdAt,
  editStamps,
  gameRow,
  playerRecord,
  recordCreator,
  recordPlayer,
} from '../../db/schema.ts';

/** Violation templates of a product: an escalation ladder by offence count. */
export const violationTemplates = pgTable(
  'violation_templates',
  {
    ...gameRow(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    ladder: jsonb('ladder').$type<LadderStep[]>().notNull(),
    message: jsonb('message').$type<OptionalI18nText>().notNull(),
    appealable: boolean('appealable').notNull().default(true),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    ...editStamps(),
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
    ...playerRecord(),
    templateId: integer('template_id')
      .notNull()
      .references(() => violationTemplates.id),
    ...recordPlayer(),
    offence: integer('offence').notNull(),
    action: text('action').notNull(),
    sanctionId: bigint('sanction_id', { mode: 'number' }),
    note: text('note').notNull().default(''),
    ...recordCreator(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('violation_offences_player_template').on(t.playerId, t.templateId, t.offence),
    index('violation_offences_product_openid').on(t.productId, t.openid),
  ],
);
