import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { AdAccountRole, AdAccountStatus } from '@rx/contracts';
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

/**
 * Each advertiser account's figures of a day as its medium reports them: one row per account and
 * day, replaced whenever the day is pulled again (the media restate recent days).
 */
export const adReportDays = pgTable(
  'ad_report_days',
  {
    ...gameRow(),
    media: text('media').notNull(),
    adAccountId: integer('ad_account_id')
      .notNull()
      .references(() => adAccounts.id, { onDelete: 'cascade' }),
    /** `YYYY-MM-DD` in the medium's calendar. */
    day: text('day').notNull(),
    /** Cents of `currency`. */
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('CNY'),
    pulledAt: at('pulled_at').notNull(),
  },
  (t) => [
    uniqueIndex('ad_report_days_account_day').on(t.adAccountId, t.day),
    index('ad_report_days_product_media_day').on(t.productId, t.media, t.day),
  ],
);
