import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCode,
  LANGUAGES,
  SHARE_FUNNEL_MAX_DAYS,
  SHARE_FUNNEL_MAX_GROUPS,
  SHARE_FUNNEL_STEPS,
  shareFunnelQuery,
  shareTrackingResource,
  shareTrackingSettingsBody,
  validationMessage,
  type I18nText,
  type ShareFunnel,
  type ShareFunnelCounts,
  type ShareFunnelDay,
  type ShareReward,
  type ShareTrackingSettings,
} from '@rx/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { contains, listRows, sortOrder } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { fieldError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { queryRoutes } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { queryRows } from '../../lib/rows.ts';
import { shareInviteRewards, shareTrackingSettings } from './tables.ts';

const DAY = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const productOf = (scope: Scope) => scope.productId!;

// ——— Settings ———

type SettingsRow = typeof shareTrackingSettings.$inferSelect;

/** The reward mail's title a game has before it saves its own. */
const DEFAULT_TITLE = Object.fromEntries(LANGUAGES.map((lang) => [lang, ''])) as I18nText;

const settingsItem = (row: SettingsRow | undefined): ShareTrackingSettings =>
  row
    ? {
        reward_on: row.rewardOn,
        reward_gift_id: row.rewardGiftId,
        reward_title: row.rewardTitle,
        version: row.version,
        updated_at: row.updatedAt.toISOString(),
      }
    : { reward_on: 'off', reward_gift_id: null, reward_title: DEFAULT_TITLE, version: 0, updated_at: null };

async function readSettings(db: Db, productId: number): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(shareTrackingSettings)
    .where(eq(shareTrackingSettings.productId, productId));
  return row;
}

/** A gift package of the game, enabled: what a reward may mail. */
async function giftExists(db: Db, productId: number, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from gift_packages where id = ${id}::int and product_id = ${productId}::int and status <> 'disabled'`,
  );
  return rows.length > 0;
}

/**
 * Saves the game's settings: version 0 creates them (409001 when another save came first), a
 * stale version is refused, the reward's gift must be the game's.
 */
async function saveSettings(
  db: Db,
  scope: Scope,
  input: z.output<typeof shareTrackingSettingsBody>,
): Promise<ShareTrackingSettings> {
  const productId = productOf(scope);
  if (input.reward_gift_id !== null && !(await giftExists(db, productId, input.reward_gift_id))) {
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      fields: { reward_gift_id: validationMessage('unknown_ref', scope.lang) },
    });
  }
  return db.transaction(async (tx) => {
    const before = await readSettings(tx as Db, productId);
    if ((before?.version ?? 0) !== input.version) throw new ApiError(ErrorCode.CONFLICT);
    const values = {
      rewardOn: input.reward_on,
      rewardGiftId: input.reward_gift_id,
      rewardTitle: input.reward_title,
    };
    const [row] = before
      ? await tx
          .update(shareTrackingSettings)
          .set({ ...values, version: before.version + 1, updatedAt: new Date() })
          .where(
            and(eq(shareTrackingSettings.id, before.id), eq(shareTrackingSettings.version, before.version)),
          )
          .returning()
      : await tx
          .insert(shareTrackingSettings)
          .values({ cpId: scope.cpId, productId, ...values })
          .onConflictDoNothing()
          .returning();
    if (!row) throw new ApiError(ErrorCode.CONFLICT);
    const item = settingsItem(row);
    await logChange(tx as Db, scope, {
      action: before ? 'update' : 'create',
      targetType: 'share_tracking',
      targetId: row.id,
      targetName: shareTrackingResource.page,
      before: before ? settingsItem(before) : undefined,
      after: item,
    });
    return item;
  });
}

// ——— The funnel ———

const STEP_OF: Record<string, keyof ShareFunnelCounts> = {
  share: 'shares',
  click: 'clicks',
  install: 'installs',
  register: 'registers',
  pay: 'pays',
};
const ZERO: ShareFunnelCounts = { shares: 0, clicks: 0, installs: 0, registers: 0, pays: 0 };

/** The grouping key of each report row. */
const GROUP_KEY: Record<z.output<typeof shareFunnelQuery>['group_by'], SQL> = {
  platform: sql`coalesce(platform, '')`,
  channel: sql`coalesce(channel, '')`,
  campaign: sql`coalesce(campaign, '')`,
  strategy: sql`coalesce(strategy_id::text, '')`,
  variant: sql`case when strategy_id is null then '' else strategy_id::text || ':' || coalesce(variant, '') end`,
  sharer: sql`coalesce(sharer, '')`,
};

const countsSql = sql.raw(
  Object.entries(STEP_OF)
    .map(([step, key]) => `(count(*) filter (where step = '${step}'))::int as ${key}`)
    .join(', '),
);

/**
 * The funnel share → click → install → register → pay of a game per day (UTC) from `from` to `to`
 * (inclusive; by default the last 30 days), every day present, narrowed to a platform, channel,
 * campaign, strategy, variant or sharer, with its totals and its rows grouped by one of them.
 */
export async function shareFunnel(
  db: Db,
  scope: Scope,
  query: z.output<typeof shareFunnelQuery>,
  now: Date = new Date(),
): Promise<ShareFunnel> {
  const to = query.to ?? dayOf(now);
  const from = query.from ?? dayOf(new Date(Date.parse(to) - 29 * DAY));
  const span = (Date.parse(to) - Date.parse(from)) / DAY + 1;
  if (span < 1) throw fieldError(scope.lang, 'to', 'end_before_start');
  if (span > SHARE_FUNNEL_MAX_DAYS) throw fieldError(scope.lang, 'from', 'too_small');
  const productId = productOf(scope);
  const within = (column: SQL) => sql`${column} >= ${from}::date and ${column} < (${to}::date + 1)`;
  const steps = sql`(
    select c.created_at, l.platform, l.channel, l.campaign, c.strategy_id, c.variant, c.sharer, 'click' as step
      from share_clicks c join share_links l on l.id = c.link_id
      where l.product_id = ${productId}::int and ${within(sql`c.created_at`)}
    union all
    select created_at, platform, channel, campaign, strategy_id, variant, sharer, type as step
      from share_events
      where product_id = ${productId}::int and ${within(sql`created_at`)}
  ) f`;
  const filters: SQL[] = [];
  if (query.platform) filters.push(sql`platform = ${query.platform}`);
  if (query.channel !== undefined) filters.push(sql`coalesce(channel, '') = ${query.channel}`);
  if (query.campaign !== undefined) filters.push(sql`coalesce(campaign, '') = ${query.campaign}`);
  if (query.strategy_id) filters.push(sql`strategy_id = ${query.strategy_id}::int`);
  if (query.variant) filters.push(sql`variant = ${query.variant}`);
  if (query.sharer) filters.push(sql`sharer = ${query.sharer}`);
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const day = sql`to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD')`;
  const key = GROUP_KEY[query.group_by];
  const [byDay, groups] = await Promise.all([
    queryRows<ShareFunnelDay>(db, sql`select ${day} as day, ${countsSql} from ${steps} ${where} group by 1`),
    queryRows<{ key: string } & ShareFunnelCounts>(
      db,
      sql`select ${key} as key, ${countsSql} from ${steps} ${where} group by 1
          order by registers desc, pays desc, clicks desc, shares desc, key
          limit ${SHARE_FUNNEL_MAX_GROUPS}`,
    ),
  ]);
  const numbers = (row: ShareFunnelCounts): ShareFunnelCounts =>
    Object.fromEntries(SHARE_FUNNEL_STEPS.map((s) => [s, Number(row[s])])) as ShareFunnelCounts;
  const seen = new Map(byDay.map((row) => [row.day, numbers(row)]));
  const days: ShareFunnelDay[] = [];
  const totals = { ...ZERO };
  for (let i = 0; i < span; i++) {
    const d = dayOf(new Date(Date.parse(from) + i * DAY));
    const counts = seen.get(d) ?? ZERO;
    days.push({ day: d, ...counts });
    for (const s of SHARE_FUNNEL_STEPS) totals[s] += counts[s];
  }
  return {
    from,
    to,
    group_by: query.group_by,
    days,
    totals,
    groups: groups.map((g) => ({ key: String(g.key), ...numbers(g) })),
  };
}

// ——— Rewards (the page's list) ———

type RewardRow = typeof shareInviteRewards.$inferSelect;
type RewardFilters = { q?: string; state?: ShareReward['state'] };

const rewardItem = (row: RewardRow): ShareReward => ({
  id: row.id,
  sharer: row.sharer,
  invitee: row.invitee,
  event: row.event,
  state: row.state,
  mail_id: row.mailId,
  gift_id: row.giftId,
  created_at: row.createdAt.toISOString(),
});

const rewardWhere = (scope: Scope, f: RewardFilters) =>
  and(
    eq(shareInviteRewards.productId, productOf(scope)),
    f.q
      ? sql`(${contains(shareInviteRewards.sharer, f.q)} or ${contains(shareInviteRewards.invitee, f.q)})`
      : undefined,
    f.state ? eq(shareInviteRewards.state, f.state) : undefined,
  );

/**
 * `/share-tracking` (the invite rewards given, with their export), `/share-tracking/settings`
 * (read and save) and `/share-tracking/funnel` (the report).
 */
export function shareTrackingRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['share-tracking'];
  queryRoutes(
    fastify,
    db,
    shareTrackingResource,
    {
      list: (db2, scope, query) =>
        listRows(
          db2,
          shareInviteRewards,
          rewardWhere(scope, query),
          sortOrder(query.sort, { id: shareInviteRewards.id }, '-id', shareInviteRewards.id, scope.lang),
          query,
          (rows) => rows.map(rewardItem),
        ),
      batch: async (db2, scope, filters, after, limit) =>
        (
          await db2
            .select()
            .from(shareInviteRewards)
            .where(and(rewardWhere(scope, filters as RewardFilters), gt(shareInviteRewards.id, after)))
            .orderBy(shareInviteRewards.id)
            .limit(limit)
        ).map(rewardItem),
    },
    {
      summary: 'Invite rewards given: the sharer, the invitee, what earned it and its mail',
      exporter: {
        headers: ['id', 'sharer', 'invitee', 'event', 'state', 'mail_id', 'gift_id', 'created_at'],
      },
    },
  );
  app.get(
    '/share-tracking/settings',
    {
      schema: { tags, summary: "The game's invite reward settings" },
      config: can(shareTrackingResource, 'read'),
    },
    async (request) => ok(settingsItem(await readSettings(db, productOf(scopeOf(request))))),
  );
  app.put(
    '/share-tracking/settings',
    {
      schema: { tags, summary: "Saves the game's invite reward settings", body: shareTrackingSettingsBody },
      config: can(shareTrackingResource, 'update'),
    },
    async (request) => ok(await saveSettings(db, scopeOf(request), request.body)),
  );
  app.get(
    '/share-tracking/funnel',
    {
      schema: {
        tags,
        summary: 'The share funnel per day (UTC), its totals and its rows grouped by one attribution',
        querystring: shareFunnelQuery,
      },
      config: can(shareTrackingResource, 'read'),
    },
    async (request) => ok(await shareFunnel(db, scopeOf(request), request.query)),
  );
}
