import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ClientAction, OptionalI18nText, ReleasedErrorCode } from '@rx/contracts';
import { createdAt, createdBy, editStamps, gameRow } from '../../db/schema.ts';

/** The working copy of a product's error-code texts (what the console edits). */
export const errorCodes = pgTable(
  'error_codes',
  {
    ...gameRow(),
    code: text('code').notNull(),
    module: text('module').notNull(),
    defaultText: text('default_text').notNull(),
    texts: jsonb('texts').$type<OptionalI18nText>().notNull(),
    action: text('action').$type<ClientAction>().notNull().default('none'),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('error_codes_product_code').on(t.productId, t.code),
    index('error_codes_cp').on(t.cpId),
  ],
);

/** Published snapshots of a product's enabled codes, numbered 1, 2, …; the newest is live. Never edited. */
export const errorCodeReleases = pgTable(
  'error_code_releases',
  {
    ...gameRow(),
    number: integer('number').notNull(),
    note: text('note').notNull().default(''),
    codes: jsonb('codes').$type<ReleasedErrorCode[]>().notNull(),
    /** The release whose content a rollback published again. */
    rollbackOf: integer('rollback_of'),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('error_code_releases_product_number').on(t.productId, t.number)],
);
