import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  ErrorCode,
  FALLBACK_LANGUAGE,
  adRuleAccountsQuery,
  adRuleRunBody,
  adRuleRunsQuery,
  adRulesResource,
  idParam,
  type AdRule,
  type AdRuleCondition,
  type AdRuleMetric,
  type AdRuleRun,
  type Language,
  type Translated,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { operationLogs, users } from '../../db/schema.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { EventBus } from '../../lib/events.ts';
import { contains } from '../../lib/list.ts';
import type { Outside } from '../../lib/outside/index.ts';
import { fieldError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { listRoute, resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { adAccounts, adObjects, adReportDays, advertisersOn, dayIn, editObject } from '../ads/index.ts';
import { notify, type NewNotification } from '../notifications/index.ts';
import { watchedBy } from './overview.ts';
import { adRuleActions, adRuleRuns, adRules } from './tables.ts';
import { inGame } from '../../lib/scope.ts';
import { stamps } from '../../lib/rows.ts';

export interface RulesContext {
  db: Db;
  outside: Outside;
  events: EventBus;
  secrets: SecretBox;
}

const resource = adRulesResource;
type Row = typeof adRules.$inferSelect;

const toItem = (row: Row): AdRule => ({
  id: row.id,
  name: row.name,
  media: row.media as AdRule['media'],
  ad_account_ids: row.adAccountIds,
  window_days: row.windowDays,
  conditions: row.conditions,
  action: row.action,
  level: row.level,
  change_percent: row.changePercent,
  cooldown_minutes: row.cooldownMinutes,
  enabled: row.enabled,
  created_by: row.createdBy,
  last_run_at: row.lastRunAt?.toISOString() ?? null,
  ...stamps(row),
});

/** The shared sheet, with the conditions as `metric op value` and the accounts as ids, each joined by `|`. */
function ruleSheet() {
  const auto = autoSheet<AdRule>(resource);
  return {
    ...auto,
    toCells(item: AdRule) {
      return {
        ...auto.toCells(item),
        conditions: item.conditions.map((c) => `${c.metric} ${c.op} ${c.value}`).join('|'),
        ad_account_ids: item.ad_account_ids.join('|'),
      };
    },
    fromCells(cells: Record<string, string>) {
      const body = auto.fromCells(cells) as Record<string, unknown>;
      // `metric op value` per condition, joined by `|`; a malformed one is left for the schema to name.
      body.conditions = (cells.conditions ?? '')
        .split('|')
        .filter((part) => part.trim() !== '')
        .map((part) => {
          const [metric, op, value] = part.trim().split(/\s+/);
          return { metric, op, value: /^\d{1,10}$/.test(value ?? '') ? Number(value) : value };
        });
      const ids = (cells.ad_account_ids ?? '').split('|').filter((id) => id.trim() !== '');
      body.ad_account_ids = ids.map((id) => (/^\d{1,9}$/.test(id.trim()) ? Number(id.trim()) : id));
      return body;
    },
  };
}

const impl: ResourceImpl<typeof resource, typeof adRules, AdRule, null> = {
  table: adRules,
  toItem,
  nameOf: (row) => row.name,
  where: (f) => [
    f.q ? contains(adRules.name, f.q) : undefined,
    f.media ? eq(adRules.media, f.media) : undefined,
    f.enabled === undefined ? undefined : eq(adRules.enabled, f.enabled),
  ],
  columns: (input) => ({
    name: input.name,
    media: input.media,
    adAccountIds: input.ad_account_ids,
    windowDays: input.window_days,
    conditions: input.conditions,
    action: input.action,
    level: input.level,
    changePercent: input.change_percent,
    cooldownMinutes: input.cooldown_minutes,
    enabled: input.enabled,
  }),
  // The accounts it watches are the game's advertisers of its medium.
  async check(db, scope, input, before) {
    const media = input.media ?? before?.media;
    const ids = input.ad_account_ids ?? [];
    if (!ids.length || !media || scope.productId === null) return;
    const [found] = await db
      .select({ n: count() })
      .from(adAccounts)
      .where(and(inArray(adAccounts.id, ids), advertisersOn(scope.productId, media)));
    if ((found?.n ?? 0) !== ids.length) throw fieldError(scope.lang, 'ad_account_ids', 'unknown_ref');
  },
  sheet: ruleSheet(),
};

export const ruleService = resourceService(resource, impl);

/** The day `daysAgo` days before today in the media's calendar, `YYYY-MM-DD`. */
function dayInZone(daysAgo: number, now = new Date()): string {
  return dayIn(new Date(now.getTime() - daysAgo * 86_400_000));
}

type Figures = Record<AdRuleMetric, number | null>;

function figuresOf(sum: { cost: number; impressions: number; clicks: number; conversions: number }): Figures {
  return {
    ...sum,
    cpa: sum.conversions ? Math.round(sum.cost / sum.conversions) : null,
    ctr: sum.impressions ? Math.round((sum.clicks * 10_000) / sum.impressions) : null,
  };
}

const holds = (c: AdRuleCondition, figures: Figures) => {
  const v = figures[c.metric];
  if (v === null) return false;
  return c.op === 'gt'
    ? v > c.value
    : c.op === 'gte'
      ? v >= c.value
      : c.op === 'lt'
        ? v < c.value
        : v <= c.value;
};

const MESSAGES = {
  notify: {
    zh: '自动规则“{rule}”触发：{account}',
    en: 'Automated rule “{rule}” matched: {account}',
    ja: '自動ルール「{rule}」が条件に一致しました：{account}',
    th: 'กฎอัตโนมัติ “{rule}” ตรงเงื่อนไข: {account}',
    vi: 'Quy tắc tự động “{rule}” đã khớp: {account}',
    tl: 'Tumugma ang awtomatikong panuntunang “{rule}”: {account}',
    id: 'Aturan otomatis “{rule}” terpenuhi: {account}',
    ar: 'تحققت شروط القاعدة التلقائية «{rule}»: {account}',
    tc: '自動規則「{rule}」觸發：{account}',
  },
} satisfies Record<string, Translated>;
const message = (lang: string, params: Record<string, string>) => {
  const table = MESSAGES.notify as Record<string, string>;
  return (table[lang] ?? table[FALLBACK_LANGUAGE]!).replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
};

const figuresText = (f: Figures) =>
  Object.entries(f)
    .map(([k, v]) => `${k}=${v ?? '—'}`)
    .join(' ');

/**
 * Evaluates a rule now: the figures of each watched advertiser over the window; where every
 * condition holds, the action on the account's objects of the rule's level (or one notification),
 * each object at most once per cool-down. A dry run records what it would do and changes nothing.
 * Runs of one rule go one at a time (its row is locked for the run).
 */
export async function runRule(
  ctx: RulesContext,
  scope: ProductScope,
  ruleId: number,
  { dryRun, by }: { dryRun: boolean; by: string },
): Promise<AdRuleRun> {
  return ctx.db.transaction(async (tx) => {
    const [rule] = await tx
      .select()
      .from(adRules)
      .where(
        and(eq(adRules.id, ruleId), eq(adRules.productId, scope.productId), eq(adRules.cpId, scope.cpId)),
      )
      .for('update');
    if (!rule) throw new ApiError(ErrorCode.NOT_FOUND);
    const accounts = await tx.select().from(adAccounts).where(watchedBy(rule));
    const from = dayInZone(rule.windowDays - 1);
    const to = dayInZone(0);
    const sums = accounts.length
      ? await tx
          .select({
            adAccountId: adReportDays.adAccountId,
            cost: sql<number>`coalesce(sum(${adReportDays.cost}), 0)::float8`,
            impressions: sql<number>`coalesce(sum(${adReportDays.impressions}), 0)::float8`,
            clicks: sql<number>`coalesce(sum(${adReportDays.clicks}), 0)::float8`,
            conversions: sql<number>`coalesce(sum(${adReportDays.conversions}), 0)::float8`,
          })
          .from(adReportDays)
          .where(
            and(
              inArray(
                adReportDays.adAccountId,
                accounts.map((a) => a.id),
              ),
              gte(adReportDays.day, from),
              lte(adReportDays.day, to),
            ),
          )
          .groupBy(adReportDays.adAccountId)
      : [];
    const sumOf = new Map(sums.map((s) => [s.adAccountId, s]));
    const since = new Date(Date.now() - rule.cooldownMinutes * 60_000);
    const recent = await tx
      .select({ accountId: adRuleActions.accountId, objectId: adRuleActions.objectId })
      .from(adRuleActions)
      .where(
        and(
          eq(adRuleActions.ruleId, rule.id),
          inArray(adRuleActions.outcome, ['done', 'notified']),
          gte(adRuleActions.at, since),
        ),
      );
    const cooling = new Set(recent.map((r) => `${r.accountId}|${r.objectId}`));
    const actions: (typeof adRuleActions.$inferInsert & { runId?: number })[] = [];
    const notifications: NewNotification[] = [];
    // Its owner: who made it (the operation log's create entry names them).
    const [made] = await tx
      .select({ userId: operationLogs.userId })
      .from(operationLogs)
      .where(
        and(
          eq(operationLogs.targetType, 'ad_rule'),
          eq(operationLogs.targetId, String(rule.id)),
          eq(operationLogs.action, 'create'),
        ),
      )
      .limit(1);
    const ownerId = rule.createdById ?? made?.userId ?? null;
    const [owner] = ownerId
      ? await tx.select({ id: users.id, lang: users.defaultLang }).from(users).where(eq(users.id, ownerId))
      : [];
    let matched = 0;
    for (const account of accounts) {
      const sum = sumOf.get(account.id) ?? { cost: 0, impressions: 0, clicks: 0, conversions: 0 };
      const figures = figuresOf(sum);
      if (!rule.conditions.every((c) => holds(c, figures))) continue;
      matched += 1;
      const detail = figuresText(figures);
      const base = { ruleId: rule.id, accountId: account.accountId, action: rule.action };
      if (rule.action === 'notify') {
        const key = `${account.accountId}|`;
        if (cooling.has(key)) actions.push({ ...base, outcome: 'cooling', detail, runId: 0 });
        else if (dryRun) actions.push({ ...base, outcome: 'would', detail, runId: 0 });
        else {
          actions.push({ ...base, outcome: 'notified', detail, runId: 0 });
          if (owner)
            notifications.push({
              cpId: rule.cpId,
              userId: owner.id,
              kind: 'system',
              title: message(owner.lang, {
                rule: rule.name,
                account: `${account.name} (${account.accountId})`,
              }),
              body: detail,
              link: '/rxlaunch/rxlaunch-fe/deliver-manage/ai-trustship',
            });
        }
        continue;
      }
      const targets = await tx
        .select()
        .from(adObjects)
        .where(
          and(
            eq(adObjects.adAccountId, account.id),
            eq(adObjects.level, rule.level),
            rule.action === 'pause' ? eq(adObjects.status, 'active') : ne(adObjects.status, 'deleted'),
          ),
        );
      for (const object of targets) {
        const one = { ...base, adObjectId: object.id, objectId: object.objectId, runId: 0 };
        if (cooling.has(`${account.accountId}|${object.objectId}`)) {
          actions.push({ ...one, outcome: 'cooling', detail });
          continue;
        }
        const current = rule.action === 'budget' ? object.budget : rule.action === 'bid' ? object.bid : null;
        if (rule.action !== 'pause' && current === null) continue;
        const value =
          current === null
            ? undefined
            : Math.max(1, Math.round((current * (100 + rule.changePercent)) / 100));
        const change =
          rule.action === 'pause'
            ? ({ action: 'pause' } as const)
            : ({ action: rule.action as 'budget' | 'bid', value: value! } as const);
        const what = value === undefined ? detail : `${detail} → ${rule.action}=${value}`;
        const values =
          rule.action === 'pause'
            ? { beforeValue: object.budget, afterValue: object.budget === null ? null : 0 }
            : { beforeValue: current, afterValue: value ?? null };
        if (dryRun) {
          actions.push({ ...one, ...values, outcome: 'would', detail: what });
          continue;
        }
        try {
          await editObject({ ...ctx, db: tx as unknown as Db }, scope, object.id, object.version, change);
          actions.push({ ...one, ...values, outcome: 'done', detail: what });
        } catch (error) {
          actions.push({
            ...one,
            ...values,
            outcome: 'failed',
            detail: `${what}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500),
          });
        }
      }
    }
    const acted = actions.filter((a) => a.outcome === 'done' || a.outcome === 'notified').length;
    const [run] = await tx
      .insert(adRuleRuns)
      .values({
        cpId: rule.cpId,
        productId: rule.productId,
        ruleId: rule.id,
        dryRun,
        by,
        accounts: accounts.length,
        matched,
        acted,
      })
      .returning();
    if (actions.length) await tx.insert(adRuleActions).values(actions.map((a) => ({ ...a, runId: run!.id })));
    if (!dryRun) await tx.update(adRules).set({ lastRunAt: new Date() }).where(eq(adRules.id, rule.id));
    const announce = await notify(tx as unknown as Db, ctx.events, notifications);
    queueMicrotask(announce);
    return runItem(run!, rule.name, actions);
  });
}

function runItem(
  run: typeof adRuleRuns.$inferSelect,
  ruleName: string,
  actions: Pick<
    typeof adRuleActions.$inferInsert,
    'accountId' | 'objectId' | 'action' | 'outcome' | 'detail'
  >[],
): AdRuleRun {
  return {
    id: run.id,
    rule_id: run.ruleId,
    rule_name: ruleName,
    dry_run: run.dryRun,
    by: run.by,
    accounts: run.accounts,
    matched: run.matched,
    acted: run.acted,
    actions: actions.map((a) => ({
      account_id: a.accountId,
      object_id: a.objectId ?? '',
      action: a.action as AdRule['action'],
      outcome: a.outcome,
      detail: a.detail ?? '',
    })),
    at: run.at.toISOString(),
  };
}

/** The runs of the game's rules (or one rule's), newest first, with their actions. */
async function listRuns(
  db: Db,
  scope: ProductScope,
  query: { page: number; page_size: number; rule_id?: number },
) {
  const where = and(
    inGame(adRuleRuns, scope),
    query.rule_id ? eq(adRuleRuns.ruleId, query.rule_id) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(adRuleRuns).where(where);
  const runs = await db
    .select({ run: adRuleRuns, name: adRules.name })
    .from(adRuleRuns)
    .innerJoin(adRules, eq(adRules.id, adRuleRuns.ruleId))
    .where(where)
    .orderBy(desc(adRuleRuns.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const actions = runs.length
    ? await db
        .select()
        .from(adRuleActions)
        .where(
          inArray(
            adRuleActions.runId,
            runs.map((r) => r.run.id),
          ),
        )
        .orderBy(adRuleActions.id)
    : [];
  return {
    list: runs.map(({ run, name }) =>
      runItem(
        run,
        name,
        actions.filter((a) => a.runId === run.id),
      ),
    ),
    total: total?.n ?? 0,
  };
}

/** Every enabled rule of every game, run for real (the schedule), acting as the staff member who made it. */
export async function runDueRules(ctx: RulesContext): Promise<number> {
  const rules = await ctx.db.select().from(adRules).where(eq(adRules.enabled, true)).limit(1000);
  let runs = 0;
  for (const rule of rules) {
    const scope: ProductScope = {
      cpId: rule.cpId,
      productId: rule.productId,
      userId: rule.createdById ?? 0,
      username: `${rule.createdBy} (rule #${rule.id})`,
      ip: '',
      lang: 'en' as Language,
      isAdmin: false,
    };
    await runRule(ctx, scope, rule.id, { dryRun: false, by: '' });
    runs += 1;
  }
  return runs;
}

/** `/ad-rules`: the rules (CRUD, export, import), a run now (dry or real) and the runs. */
export async function adRuleRoutes(fastify: FastifyInstance, ctx: RulesContext): Promise<void> {
  const { db } = ctx;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [resource.name];
  app.get(
    '/ad-rules/accounts',
    {
      config: can(resource, 'read'),
      schema: {
        tags,
        summary: "The game's advertiser accounts of a medium a rule can watch",
        querystring: adRuleAccountsQuery,
      },
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      const list = await db
        .select({ id: adAccounts.id, account_id: adAccounts.accountId, name: adAccounts.name })
        .from(adAccounts)
        .where(
          and(
            inGame(adAccounts, scope),
            eq(adAccounts.media, request.query.media),
            eq(adAccounts.role, 'advertiser'),
          ),
        )
        .orderBy(adAccounts.name, adAccounts.id)
        .limit(1000);
      return ok({ list });
    },
  );
  listRoute(app, {
    name: 'ad-rule-runs',
    path: '/ad-rules/runs',
    tags,
    summary: 'The runs of the game’s rules, newest first, with their actions',
    query: adRuleRunsQuery,
    filters: ['rule_id'],
    sorts: ['id'],
    config: can(resource, 'read'),
    list: (request, query) => listRuns(db, scopeOf(request) as ProductScope, query),
  });
  listRoute(app, {
    name: 'ad-rule-runs',
    path: '/ad-rules/:id/runs',
    tags,
    summary: 'One rule’s runs, newest first',
    query: adRuleRunsQuery,
    params: idParam,
    filters: ['rule_id'],
    sorts: ['id'],
    config: can(resource, 'read'),
    list: (request, query, { id }) =>
      listRuns(db, scopeOf(request) as ProductScope, { ...query, rule_id: id }),
  });
  app.post(
    '/ad-rules/:id/run',
    {
      config: can(resource, 'update'),
      schema: {
        tags,
        summary: 'Evaluate a rule now: a dry run (default) records what it would do and changes nothing',
        params: idParam,
        body: adRuleRunBody,
      },
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      return ok(
        await runRule(ctx, scope, request.params.id, { dryRun: request.body.dry_run, by: scope.username }),
      );
    },
  );
  resourceRoutes(fastify, db, resource, ruleService, impl);
}
