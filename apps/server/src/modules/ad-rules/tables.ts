import { bigint, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { AdRuleCondition } from '@rx/contracts';
import { at, createdAt, editStamps, gameOwner, gameRow } from '../../db/schema.ts';

/** A game's automated rules: conditions over report figures → an action on live objects. */
export const adRules = pgTable(
  'ad_rules',
  {
    ...gameRow(),
    name: text('name').notNull(),
    media: text('media').notNull(),
    adAccountIds: jsonb('ad_account_ids').$type<number[]>().notNull(),
    windowDays: integer('window_days').notNull(),
    conditions: jsonb('conditions').$type<AdRuleCondition[]>().notNull(),
    action: text('action').$type<'pause' | 'budget' | 'bid' | 'notify'>().notNull(),
    level: text('level').$type<'campaign' | 'adgroup'>().notNull(),
    changePercent: integer('change_percent').notNull().default(0),
    cooldownMinutes: integer('cooldown_minutes').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Who made it: the schedule acts as them, and notifications go to them. */
    createdById: integer('created_by_id'),
    createdBy: text('created_by').notNull().default(''),
    lastRunAt: at('last_run_at'),
    ...editStamps(),
  },
  (t) => [index('ad_rules_product').on(t.productId)],
);

/** One evaluation of a rule. */
export const adRuleRuns = pgTable(
  'ad_rule_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...gameOwner(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => adRules.id, { onDelete: 'cascade' }),
    dryRun: boolean('dry_run').notNull(),
    by: text('by').notNull().default(''),
    accounts: integer('accounts').notNull(),
    matched: integer('matched').notNull(),
    acted: integer('acted').notNull(),
    at: createdAt(),
  },
  (t) => [index('ad_rule_runs_rule').on(t.ruleId, t.id)],
);

/** What a run did (or would do) to one object, or for one account (a notification). */
export const adRuleActions = pgTable(
  'ad_rule_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    runId: integer('run_id')
      .notNull()
      .references(() => adRuleRuns.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id').notNull(),
    /** The mirrored object (ad_objects.id), null for a notification. */
    adObjectId: integer('ad_object_id'),
    accountId: text('account_id').notNull(),
    objectId: text('object_id').notNull().default(''),
    action: text('action').notNull(),
    outcome: text('outcome').$type<'done' | 'would' | 'cooling' | 'failed' | 'notified'>().notNull(),
    detail: text('detail').notNull().default(''),
    /** The budget or bid (cents) before and after a change; a pause: the budget, then 0 (the overview's savings). */
    beforeValue: bigint('before_value', { mode: 'number' }),
    afterValue: bigint('after_value', { mode: 'number' }),
    at: createdAt(),
  },
  (t) => [index('ad_rule_actions_cooldown').on(t.ruleId, t.accountId, t.objectId, t.at)],
);
