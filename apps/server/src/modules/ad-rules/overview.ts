import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCode,
  adRuleObjectsQuery,
  aiTrustshipAccess,
  idParam,
  type AdRule,
  type AdRuleObjectItem,
  type AdRuleOverview,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ok } from '../../lib/request.ts';
import { listRoute } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { adAccounts, adObjects, advertisersOn } from '../ads/index.ts';
import { adRuleActions, adRules } from './tables.ts';
import { inGame, rowInGame } from '../../lib/scope.ts';

type Rule = typeof adRules.$inferSelect;
const WEEK_MS = 7 * 86_400_000;
const OVERVIEW_RULES = 200;
const RECENT = 20;

/** The advertisers a rule watches: those it names, or every advertiser of its medium in the game. */
export const watchedBy = (rule: Pick<Rule, 'productId' | 'media' | 'adAccountIds'>): SQL =>
  and(
    advertisersOn(rule.productId, rule.media),
    rule.adAccountIds.length ? inArray(adAccounts.id, rule.adAccountIds) : undefined,
  )!;

/** The live objects under a rule: its level, of the accounts it watches (a notification's: none). */
const objectsUnder = (rule: Rule): SQL =>
  and(watchedBy(rule), eq(adObjects.level, rule.level), ne(adObjects.status, 'deleted'))!;

/**
 * The hosted-delivery overview: each rule of the game with the accounts and objects under it, what
 * its real runs did in the last 7 days (acted, failed, the daily budget its pauses and cuts took
 * off), and the latest actions of every rule.
 */
async function overview(db: Db, scope: ProductScope): Promise<AdRuleOverview> {
  const rules = await db
    .select()
    .from(adRules)
    .where(inGame(adRules, scope))
    .orderBy(desc(adRules.id))
    .limit(OVERVIEW_RULES);
  if (!rules.length) return { rules: [], recent: [] };
  const since = new Date(Date.now() - WEEK_MS);
  const ids = rules.map((r) => r.id);
  const week = await db
    .select({
      ruleId: adRuleActions.ruleId,
      acted: sql<number>`count(*) filter (where ${adRuleActions.outcome} in ('done', 'notified'))::int`,
      failed: sql<number>`count(*) filter (where ${adRuleActions.outcome} = 'failed')::int`,
      savings: sql<number>`coalesce(sum(greatest(${adRuleActions.beforeValue} - ${adRuleActions.afterValue}, 0))
        filter (where ${adRuleActions.outcome} = 'done' and ${adRuleActions.action} in ('pause', 'budget')), 0)::float8`,
    })
    .from(adRuleActions)
    .where(and(inArray(adRuleActions.ruleId, ids), gte(adRuleActions.at, since)))
    .groupBy(adRuleActions.ruleId);
  const weekOf = new Map(week.map((w) => [w.ruleId, w]));
  const items = [];
  for (const rule of rules) {
    const [accounts] = await db.select({ n: count() }).from(adAccounts).where(watchedBy(rule));
    const [objects] =
      rule.action === 'notify'
        ? [{ n: 0 }]
        : await db
            .select({ n: count() })
            .from(adObjects)
            .innerJoin(adAccounts, eq(adAccounts.id, adObjects.adAccountId))
            .where(objectsUnder(rule));
    const w = weekOf.get(rule.id);
    items.push({
      id: rule.id,
      name: rule.name,
      media: rule.media,
      enabled: rule.enabled,
      action: rule.action,
      level: rule.level,
      accounts: accounts?.n ?? 0,
      objects: objects?.n ?? 0,
      last_run_at: rule.lastRunAt?.toISOString() ?? null,
      acted_7d: w?.acted ?? 0,
      failed_7d: w?.failed ?? 0,
      savings_7d: w?.savings ?? 0,
    });
  }
  const recent = await db
    .select({ action: adRuleActions, ruleName: adRules.name, objectName: adObjects.name })
    .from(adRuleActions)
    .innerJoin(adRules, eq(adRules.id, adRuleActions.ruleId))
    .leftJoin(adObjects, eq(adObjects.id, adRuleActions.adObjectId))
    .where(
      and(inArray(adRuleActions.ruleId, ids), inArray(adRuleActions.outcome, ['done', 'notified', 'failed'])),
    )
    .orderBy(desc(adRuleActions.id))
    .limit(RECENT);
  return {
    rules: items,
    recent: recent.map(({ action: a, ruleName, objectName }) => ({
      rule_id: a.ruleId,
      rule_name: ruleName,
      account_id: a.accountId,
      object_id: a.objectId,
      object_name: objectName ?? '',
      action: a.action as AdRule['action'],
      outcome: a.outcome,
      detail: a.detail,
      at: a.at.toISOString(),
    })),
  };
}

/** The objects under a rule with what it last did to each, by account and object. */
async function objectsOf(
  db: Db,
  scope: ProductScope,
  ruleId: number,
  query: { page: number; page_size: number },
): Promise<{ list: AdRuleObjectItem[]; total: number }> {
  const [rule] = await db
    .select()
    .from(adRules)
    .where(rowInGame(adRules, scope, ruleId));
  if (!rule) throw new ApiError(ErrorCode.NOT_FOUND);
  if (rule.action === 'notify') return { list: [], total: 0 };
  const where = objectsUnder(rule);
  const [total] = await db
    .select({ n: count() })
    .from(adObjects)
    .innerJoin(adAccounts, eq(adAccounts.id, adObjects.adAccountId))
    .where(where);
  const rows = await db
    .select({ object: adObjects, accountId: adAccounts.accountId, accountName: adAccounts.name })
    .from(adObjects)
    .innerJoin(adAccounts, eq(adAccounts.id, adObjects.adAccountId))
    .where(where)
    .orderBy(adAccounts.accountId, adObjects.objectId)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const last = rows.length
    ? await db
        .selectDistinctOn([adRuleActions.adObjectId], {
          adObjectId: adRuleActions.adObjectId,
          outcome: adRuleActions.outcome,
          at: adRuleActions.at,
        })
        .from(adRuleActions)
        .where(
          and(
            eq(adRuleActions.ruleId, rule.id),
            inArray(
              adRuleActions.adObjectId,
              rows.map((r) => r.object.id),
            ),
          ),
        )
        .orderBy(adRuleActions.adObjectId, desc(adRuleActions.id))
    : [];
  const lastOf = new Map(last.map((l) => [l.adObjectId, l]));
  return {
    list: rows.map(({ object, accountId, accountName }) => ({
      id: object.id,
      account_id: accountId,
      account_name: accountName,
      object_id: object.objectId,
      name: object.name,
      status: object.status,
      budget: object.budget,
      bid: object.bid,
      last_outcome: lastOf.get(object.id)?.outcome ?? null,
      last_action_at: lastOf.get(object.id)?.at.toISOString() ?? null,
    })),
    total: total?.n ?? 0,
  };
}

/** The overview page's routes (`ai-trustship`'s own permission). */
export async function overviewRoutes(fastify: FastifyInstance, db: Db): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['ad-rules'];
  app.get(
    '/ad-rules/overview',
    {
      config: can(aiTrustshipAccess, 'read'),
      schema: {
        tags,
        summary: 'Hosted delivery: each rule’s accounts and objects, its last week’s actions and savings',
      },
    },
    async (request) => ok(await overview(db, scopeOf(request) as ProductScope)),
  );
  listRoute(app, {
    name: 'ad-rule-objects',
    path: '/ad-rules/:id/objects',
    tags,
    summary: 'The objects under a rule, with what it last did to each',
    query: adRuleObjectsQuery,
    params: idParam,
    filters: [],
    // One order: by account, then object.
    sorts: ['account_id'],
    config: can(aiTrustshipAccess, 'read'),
    list: (request, query, { id }) => objectsOf(db, scopeOf(request) as ProductScope, id, query),
  });
}
