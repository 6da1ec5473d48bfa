import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, gte, inArray, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  AD_REPORT_RESTATE_DAYS,
  adMinigameReportsResource,
  adMinigameSummaryQuery,
  adReportPullBody,
  type AdMinigameMetric,
  type Language,
  type AdMinigameRow,
  type AdMinigameSummary,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope, Scope } from '../../lib/access.ts';
import type { EventBus } from '../../lib/events.ts';
import type { JobRunner, WholeContext, WholeResult } from '../../lib/jobs/index.ts';
import { isOutsideError, type Outside } from '../../lib/outside/index.ts';
import { fieldError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { queryRoutes, resourceReads, type Filters } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { inScope } from '../../lib/scope.ts';
import { users } from '../../db/schema.ts';
import {
  adAccounts,
  adPartyOf,
  addDays,
  advertisersOn,
  dayIn,
  replacePulledDays,
  type PullItem,
} from '../ads/index.ts';
import { notify, type NewNotification } from '../notifications/index.ts';
import { alertingMessage } from './messages.ts';
import { adMinigameAlerts, adMinigameDays } from './tables.ts';

const resource = adMinigameReportsResource;
export const MINIGAME_PULL_JOB = 'ads:minigame-pull';
export const MINIGAME_DAILY_TASK = 'ads.pull_minigames';
const MEDIA = 'tencent';

type DayRow = typeof adMinigameDays.$inferSelect;
type AlertRow = typeof adMinigameAlerts.$inferSelect;
type MonitorFilters = Partial<Filters<typeof resource>>;

export interface MinigameContext {
  db: Db;
  outside: Outside;
  jobs: JobRunner;
  events: EventBus;
}

const roi = (amount: number, cost: number) => (cost > 0 ? Math.round((amount * 10_000) / cost) / 100 : null);

/** A day's value of a watched metric (ROI in percent, money in cents), null where it has no base. */
export function metricOf(
  d: Pick<DayRow, 'cost' | 'registrations' | 'payAmountD1' | 'payAmountD3' | 'payAmountD7'>,
  metric: AdMinigameMetric,
): number | null {
  switch (metric) {
    case 'roi_d1':
      return roi(d.payAmountD1, d.cost);
    case 'roi_d3':
      return roi(d.payAmountD3, d.cost);
    case 'roi_d7':
      return roi(d.payAmountD7, d.cost);
    case 'cost':
      return d.cost;
    case 'register_cost':
      return d.registrations > 0 ? Math.round(d.cost / d.registrations) : null;
  }
}

/** Whether a day breaks a threshold. */
export function breaks(
  d: DayRow,
  a: Pick<AlertRow, 'metric' | 'op' | 'value' | 'adAccountId' | 'enabled'>,
): boolean {
  if (!a.enabled || (a.adAccountId !== null && a.adAccountId !== d.adAccountId)) return false;
  const value = metricOf(d, a.metric);
  if (value === null) return false;
  return a.op === 'lt' ? value < a.value : value > a.value;
}

/** The same test in SQL, over the days table and an alerts row `a`. */
export const breaksSql = (a: typeof adMinigameAlerts) => {
  const d = adMinigameDays;
  const value = sql`(case ${a.metric}
    when 'roi_d1' then ${d.payAmountD1} * 100.0 / nullif(${d.cost}, 0)
    when 'roi_d3' then ${d.payAmountD3} * 100.0 / nullif(${d.cost}, 0)
    when 'roi_d7' then ${d.payAmountD7} * 100.0 / nullif(${d.cost}, 0)
    when 'cost' then ${d.cost}::numeric
    when 'register_cost' then ${d.cost}::numeric / nullif(${d.registrations}, 0)
  end)`;
  return sql`${a.productId} = ${d.productId} and ${a.enabled}
    and (${a.adAccountId} is null or ${a.adAccountId} = ${d.adAccountId})
    and ((${a.op} = 'lt' and ${value} < ${a.value}) or (${a.op} = 'gt' and ${value} > ${a.value}))`;
};

const alerting = sql`exists (select 1 from ${adMinigameAlerts} where ${breaksSql(adMinigameAlerts)})`;

function where(filters: MonitorFilters): (SQL | undefined)[] {
  return [
    filters.ad_account_id ? eq(adMinigameDays.adAccountId, filters.ad_account_id) : undefined,
    filters.mini_game_id ? eq(adMinigameDays.miniGameId, filters.mini_game_id) : undefined,
    filters.from ? gte(adMinigameDays.day, filters.from) : undefined,
    filters.to ? lte(adMinigameDays.day, filters.to) : undefined,
    filters.alerting === undefined ? undefined : filters.alerting ? alerting : sql`not ${alerting}`,
  ];
}

async function itemsOf(db: Db, rows: DayRow[]): Promise<AdMinigameRow[]> {
  if (!rows.length) return [];
  const accounts = await db
    .select({ id: adAccounts.id, accountId: adAccounts.accountId, name: adAccounts.name })
    .from(adAccounts)
    .where(inArray(adAccounts.id, [...new Set(rows.map((r) => r.adAccountId))]));
  const alerts = await db
    .select()
    .from(adMinigameAlerts)
    .where(
      and(
        inArray(adMinigameAlerts.productId, [...new Set(rows.map((r) => r.productId))]),
        eq(adMinigameAlerts.enabled, true),
      ),
    )
    .orderBy(asc(adMinigameAlerts.id));
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return rows.map((r) => ({
    id: r.id,
    ad_account_id: r.adAccountId,
    account_id: byId.get(r.adAccountId)?.accountId ?? '',
    account_name: byId.get(r.adAccountId)?.name ?? '',
    mini_game_id: r.miniGameId,
    day: r.day,
    cost: r.cost,
    impressions: r.impressions,
    clicks: r.clicks,
    activations: r.activations,
    registrations: r.registrations,
    pay_users_d1: r.payUsersD1,
    pay_amount_d1: r.payAmountD1,
    pay_amount_d3: r.payAmountD3,
    pay_amount_d7: r.payAmountD7,
    pay_users: r.payUsers,
    pay_amount: r.payAmount,
    roi_d1: metricOf(r, 'roi_d1'),
    roi_d3: metricOf(r, 'roi_d3'),
    roi_d7: metricOf(r, 'roi_d7'),
    register_cost: metricOf(r, 'register_cost'),
    alerts: alerts
      .filter((a) => a.productId === r.productId && breaks(r, a))
      .map((a) => ({ id: a.id, name: a.name })),
    pulled_at: r.pulledAt.toISOString(),
  }));
}

export const monitorReads = resourceReads(resource, {
  table: adMinigameDays,
  items: itemsOf,
  where,
});

/** The filtered days' totals, how many break a threshold, and the mini-games and accounts seen. */
export async function monitorSummary(
  db: Db,
  scope: Scope,
  filters: MonitorFilters,
): Promise<AdMinigameSummary> {
  const d = adMinigameDays;
  const condition = and(inScope(d, scope), ...where(filters));
  const sum = (c: AnyColumn) => sql<string>`coalesce(sum(${c}), 0)`;
  const [s] = await db
    .select({
      cost: sum(d.cost),
      impressions: sum(d.impressions),
      clicks: sum(d.clicks),
      activations: sum(d.activations),
      registrations: sum(d.registrations),
      payUsersD1: sum(d.payUsersD1),
      payAmountD1: sum(d.payAmountD1),
      payAmountD3: sum(d.payAmountD3),
      payAmountD7: sum(d.payAmountD7),
      payUsers: sum(d.payUsers),
      payAmount: sum(d.payAmount),
      alertingDays: sql<string>`count(*) filter (where ${alerting})`,
    })
    .from(d)
    .where(condition);
  const n = (v: string | undefined) => Number(v ?? 0);
  const t = {
    cost: n(s?.cost),
    impressions: n(s?.impressions),
    clicks: n(s?.clicks),
    activations: n(s?.activations),
    registrations: n(s?.registrations),
    payUsersD1: n(s?.payUsersD1),
    payAmountD1: n(s?.payAmountD1),
    payAmountD3: n(s?.payAmountD3),
    payAmountD7: n(s?.payAmountD7),
    payUsers: n(s?.payUsers),
    payAmount: n(s?.payAmount),
  };
  const games = await db
    .selectDistinct({ id: d.miniGameId })
    .from(d)
    .where(inScope(d, scope))
    .orderBy(asc(d.miniGameId))
    .limit(200);
  const accounts = await db
    .select({ id: adAccounts.id, account_id: adAccounts.accountId, name: adAccounts.name })
    .from(adAccounts)
    .where(and(inScope(adAccounts, scope), eq(adAccounts.media, MEDIA), eq(adAccounts.role, 'advertiser')))
    .orderBy(asc(adAccounts.name))
    .limit(1000);
  return {
    totals: {
      cost: t.cost,
      impressions: t.impressions,
      clicks: t.clicks,
      activations: t.activations,
      registrations: t.registrations,
      pay_users_d1: t.payUsersD1,
      pay_amount_d1: t.payAmountD1,
      pay_amount_d3: t.payAmountD3,
      pay_amount_d7: t.payAmountD7,
      pay_users: t.payUsers,
      pay_amount: t.payAmount,
      roi_d1: metricOf(t, 'roi_d1'),
      roi_d3: metricOf(t, 'roi_d3'),
      roi_d7: metricOf(t, 'roi_d7'),
      register_cost: metricOf(t, 'register_cost'),
    },
    alerting_days: n(s?.alertingDays),
    mini_games: games.map((g) => g.id),
    accounts,
  };
}

interface PullParams {
  productId: number;
  from: string;
  to: string;
  adAccountId?: number;
}

/**
 * The pull job, as a whole (pulling again is harmless): every Tencent grant of the game, account by
 * account; each account's days in the range are replaced by what the medium answers now. A failing
 * account is recorded with the medium's reason and the others go on.
 */
export async function runMinigamePull(ctx: MinigameContext, job: WholeContext): Promise<WholeResult> {
  const params = job.job.params as unknown as PullParams;
  const rows = await ctx.db
    .select()
    .from(adAccounts)
    .where(
      and(
        advertisersOn(params.productId, MEDIA),
        eq(adAccounts.enabled, true),
        params.adAccountId ? eq(adAccounts.id, params.adAccountId) : undefined,
      ),
    )
    .orderBy(asc(adAccounts.grantAccount), asc(adAccounts.id));
  const items: PullItem[] = [];
  const input = (row: (typeof rows)[number]) => ({
    account_id: row.accountId,
    from: params.from,
    to: params.to,
  });
  const grants = [...new Set(rows.map((r) => r.grantAccount))];
  for (const [i, grant] of grants.entries()) {
    const mine = rows.filter((r) => r.grantAccount === grant);
    let adapter;
    try {
      adapter = await ctx.outside.open(ctx.db, adPartyOf(MEDIA), params.productId, { account: grant });
    } catch (error) {
      if (!isOutsideError(error)) throw error;
      for (const row of mine) items.push({ input: input(row), status: 'error', message: error.message });
      continue;
    }
    for (const row of mine) {
      const report = adapter.minigameReport?.bind(adapter);
      if (!report) throw new Error('the Tencent adapter has no mini-game report');
      items.push(
        await replacePulledDays(
          ctx.db,
          adMinigameDays,
          row,
          params,
          input(row),
          () => report([row.accountId], params.from, params.to),
          (d, pulledAt) => ({
            cpId: row.cpId,
            productId: row.productId,
            adAccountId: row.id,
            miniGameId: d.miniGameId,
            day: d.day,
            cost: d.cost,
            impressions: d.impressions,
            clicks: d.clicks,
            activations: d.activations,
            registrations: d.registrations,
            payUsersD1: d.payUsersD1,
            payAmountD1: d.payAmountD1,
            payAmountD3: d.payAmountD3,
            payAmountD7: d.payAmountD7,
            payUsers: d.payUsers,
            payAmount: d.payAmount,
            pulledAt,
          }),
        ),
      );
    }
    job.progress(i + 1, grants.length, items.filter((it) => it.status === 'error').length);
  }
  const alerted = await notifyAlerting(ctx, params, rows, job.job.userId ?? null);
  const failed = items.filter((it) => it.status === 'error').length;
  return {
    items,
    summary: { accounts: items.length, failed, from: params.from, to: params.to, alerted },
    status: failed ? 'failed' : 'succeeded',
  };
}

/**
 * After a pull: each enabled threshold that pulled days break rings the bell of the staff who
 * authorised those accounts and of whoever started the pull, once per threshold, in their language.
 * Answers how many notifications went out.
 */
async function notifyAlerting(
  ctx: MinigameContext,
  params: PullParams,
  accounts: (typeof adAccounts.$inferSelect)[],
  starter: number | null,
): Promise<number> {
  if (!accounts.length) return 0;
  const hits = await ctx.db
    .select({
      alertId: adMinigameAlerts.id,
      name: adMinigameAlerts.name,
      cpId: adMinigameAlerts.cpId,
      adAccountId: adMinigameDays.adAccountId,
      days: sql<number>`count(*)::int`,
    })
    .from(adMinigameAlerts)
    .innerJoin(adMinigameDays, breaksSql(adMinigameAlerts))
    .where(
      and(
        eq(adMinigameAlerts.productId, params.productId),
        inArray(
          adMinigameDays.adAccountId,
          accounts.map((a) => a.id),
        ),
        gte(adMinigameDays.day, params.from),
        lte(adMinigameDays.day, params.to),
      ),
    )
    .groupBy(adMinigameAlerts.id, adMinigameAlerts.name, adMinigameAlerts.cpId, adMinigameDays.adAccountId);
  if (!hits.length) return 0;
  const authoriser = new Map(accounts.map((a) => [a.id, a.authorizedBy]));
  const byAlert = new Map<number, { name: string; cpId: number; days: number; to: Set<number> }>();
  for (const h of hits) {
    const entry = byAlert.get(h.alertId) ?? { name: h.name, cpId: h.cpId, days: 0, to: new Set<number>() };
    entry.days += Number(h.days);
    const who = authoriser.get(h.adAccountId);
    if (who) entry.to.add(who);
    if (starter) entry.to.add(starter);
    byAlert.set(h.alertId, entry);
  }
  const ids = [...new Set([...byAlert.values()].flatMap((e) => [...e.to]))];
  if (!ids.length) return 0;
  const people = await ctx.db
    .select({ id: users.id, lang: users.defaultLang })
    .from(users)
    .where(inArray(users.id, ids));
  const langOf = new Map(people.map((u) => [u.id, u.lang]));
  const page = resource.page;
  const list: NewNotification[] = [];
  for (const entry of byAlert.values())
    for (const userId of entry.to) {
      const lang = langOf.get(userId);
      if (!lang) continue;
      list.push({
        cpId: entry.cpId,
        userId,
        kind: 'system',
        title: alertingMessage(lang as Language, {
          count: entry.days,
          name: entry.name,
          from: params.from,
          to: params.to,
        }),
        link: `${page}?alerting=1&from=${params.from}&to=${params.to}`,
      });
    }
  (await notify(ctx.db, ctx.events, list))();
  return list.length;
}

/** Every morning: the last days again for each game with Tencent advertisers (restatements). */
export async function startDailyMinigamePulls(db: Db, jobs: JobRunner, now = new Date()): Promise<number[]> {
  const to = addDays(dayIn(now), -1);
  const from = addDays(to, -(AD_REPORT_RESTATE_DAYS - 1));
  const games = await db
    .selectDistinct({ cpId: adAccounts.cpId, productId: adAccounts.productId })
    .from(adAccounts)
    .where(and(eq(adAccounts.media, MEDIA), eq(adAccounts.enabled, true)));
  const ids: number[] = [];
  for (const g of games)
    ids.push(
      await jobs.create(
        MINIGAME_PULL_JOB,
        { ...g, username: 'schedule' },
        { params: { productId: g.productId, from, to } },
      ),
    );
  return ids;
}

const EXPORT_COLUMNS = [
  'day',
  'account_id',
  'account_name',
  'mini_game_id',
  'cost',
  'impressions',
  'clicks',
  'activations',
  'registrations',
  'register_cost',
  'pay_users_d1',
  'pay_amount_d1',
  'pay_amount_d3',
  'pay_amount_d7',
  'pay_users',
  'pay_amount',
  'roi_d1',
  'roi_d3',
  'roi_d7',
  'alerts',
  'pulled_at',
] as const;
const yuan = (cents: number | null) => (cents === null ? '' : cents / 100);

/** `/ad-minigame-reports`: list, totals, export and "pull now" (a job), each with the page's permission. */
export function minigameReportRoutes(fastify: FastifyInstance, ctx: MinigameContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = [resource.name];
  queryRoutes(fastify, db, resource, monitorReads, {
    summary: 'List mini-game days',
    exporter: {
      headers: EXPORT_COLUMNS,
      // Money in yuan; the alerts by name.
      toCells: (r) => ({
        ...r,
        cost: yuan(r.cost),
        register_cost: yuan(r.register_cost),
        pay_amount_d1: yuan(r.pay_amount_d1),
        pay_amount_d3: yuan(r.pay_amount_d3),
        pay_amount_d7: yuan(r.pay_amount_d7),
        pay_amount: yuan(r.pay_amount),
        roi_d1: r.roi_d1 ?? '',
        roi_d3: r.roi_d3 ?? '',
        roi_d7: r.roi_d7 ?? '',
        alerts: r.alerts.map((a) => a.name).join('|'),
      }),
    },
  });
  app.get(
    '/ad-minigame-reports/summary',
    {
      schema: {
        tags,
        summary: 'Totals of the filtered days, days alerting, mini-games and accounts',
        querystring: adMinigameSummaryQuery,
      },
      config: can(resource, 'read'),
    },
    async (request) => ok(await monitorSummary(db, scopeOf(request), request.query)),
  );
  app.post(
    '/ad-minigame-reports/pull',
    {
      schema: { tags, summary: 'Pull days from Tencent again now (a job)', body: adReportPullBody },
      config: can(resource, 'update'),
    },
    async (request, reply) => {
      const scope = scopeOf(request) as ProductScope;
      const { from, to, ad_account_id } = request.body;
      if (ad_account_id) {
        const [row] = await db
          .select({ id: adAccounts.id })
          .from(adAccounts)
          .where(
            and(eq(adAccounts.id, ad_account_id), eq(adAccounts.media, MEDIA), inScope(adAccounts, scope)),
          );
        if (!row) throw fieldError(scope.lang, 'ad_account_id', 'unknown_ref');
      }
      const jobId = await ctx.jobs.create(
        MINIGAME_PULL_JOB,
        { cpId: scope.cpId, productId: scope.productId, userId: scope.userId, username: scope.username },
        {
          params: {
            productId: scope.productId,
            from,
            to,
            ...(ad_account_id ? { adAccountId: ad_account_id } : {}),
          },
        },
      );
      return reply.code(202).send(ok({ job_id: jobId }));
    },
  );
}
