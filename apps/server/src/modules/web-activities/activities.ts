import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  fieldErrors,
  webActivitiesResource,
  webActivityCreateBody,
  webActivityMoveBody,
  webActivityMoveParams,
  type WebActivity,
  textFor,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { moveRow, schedulerScope } from '../../lib/lifecycle.ts';
import { anyLanguageContains, countWhere } from '../../lib/list.ts';
import { FieldProblems, inTransaction, ruleError } from '../../lib/problems.ts';
import { checkReferences } from '../../lib/references.ts';
import { ok } from '../../lib/request.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { findOr404 } from '../../lib/versioned.ts';
import type { ModuleWork } from '../../lib/server-module.ts';
import { registerGiftUser } from '../gift-packages/index.ts';
import { giftPackages } from '../gift-packages/tables.ts';
import { overseasProductsOnly } from '../../lib/region.ts';
import { grantStats } from './service.ts';
import { webActivities, webActivityGrants } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof webActivities.$inferSelect;
type ActivityInput = z.output<typeof webActivityCreateBody>;

export function toActivity(row: Row): WebActivity {
  return {
    id: row.id,
    product_id: row.productId,
    name: row.name,
    kind: row.kind,
    currency: row.currency,
    tiers: row.tiers,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    status: row.status,
    stats: [],
    overlaps: [],
    ...stamps(row),
  };
}

/** Times compare to the second (a form sends them without milliseconds, in its own offset). */
function sameValue(field: string, a: unknown, b: unknown): boolean {
  if (field === 'starts_at' || field === 'ends_at')
    return Math.floor(Date.parse(String(a)) / 1000) === Math.floor(Date.parse(String(b)) / 1000);
  return canonical(a) === canonical(b);
}

/** JSON with object keys sorted (jsonb answers them in its own order). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : 1)))
      : v,
  );
}

/** What may still change once an activity went live (or ended): its name and its end. */
const AFTER_DRAFT: readonly string[] = ['name', 'ends_at'];

/**
 * The merged row must still follow the rules (a partial update is checked with what it keeps);
 * tiers name active gift packages of the same product (one already named may stay after it was
 * disabled); past the draft only the name and the end may change.
 */
async function check(db: Db, scope: Scope, next: Partial<ActivityInput>, beforeRow?: Row): Promise<void> {
  const before = beforeRow && toActivity(beforeRow);
  if (before && before.status !== 'draft') {
    const changed = Object.entries(next).filter(
      ([field, value]) =>
        value !== undefined &&
        !AFTER_DRAFT.includes(field) &&
        !sameValue(field, value, (before as Record<string, unknown>)[field]),
    );
    if (changed.length) throw ruleError(scope.lang, 'draft_only', { fields: changed.map(([f]) => f) });
  }
  const merged = {
    ...(before ?? {}),
    ...Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)),
  };
  const parsed = webActivityCreateBody.safeParse(merged);
  if (!parsed.success)
    throw new ApiError(ErrorCode.INVALID_INPUT, fieldErrors(parsed.error.issues, scope.lang));
  if (!next.tiers) return;
  const problems = new FieldProblems(scope.lang);
  const refs = next.tiers.map((t, i) => ({ field: `tiers.${i}.gift_package_id`, id: t.gift_package_id }));
  await checkReferences(db, scope, problems, giftPackages, refs, {
    usable: (row: { status: string }) => row.status === 'active',
    kept: before?.tiers.map((t) => t.gift_package_id),
  });
  problems.throwIfAny();
}

/** Other live activities of the same kind whose windows overlap each item's, and players granted per tier. */
async function complete(db: Db, items: WebActivity[]): Promise<WebActivity[]> {
  if (!items.length) return items;
  const productIds = [...new Set(items.map((i) => i.product_id))];
  const live = await db
    .select({
      id: webActivities.id,
      productId: webActivities.productId,
      kind: webActivities.kind,
      startsAt: webActivities.startsAt,
      endsAt: webActivities.endsAt,
    })
    .from(webActivities)
    .where(and(inArray(webActivities.productId, productIds), eq(webActivities.status, 'live')));
  const stats = await grantStats(
    db,
    items.map((i) => i.id),
  );
  return items.map((item) => {
    const start = Date.parse(item.starts_at);
    const end = Date.parse(item.ends_at);
    const overlaps =
      item.status === 'ended'
        ? []
        : live
            .filter(
              (other) =>
                other.id !== item.id &&
                other.productId === item.product_id &&
                other.kind === item.kind &&
                other.startsAt.getTime() < end &&
                other.endsAt.getTime() > start,
            )
            .map((other) => other.id);
    const perTier = stats.get(item.id) ?? {};
    const tiers = item.kind === 'first' ? [0] : item.tiers.map((_, i) => i + 1);
    return { ...item, overlaps, stats: tiers.map((tier) => ({ tier, players: perTier[tier] ?? 0 })) };
  });
}

const impl: ResourceImpl<typeof webActivitiesResource, typeof webActivities, WebActivity, null> = {
  table: webActivities,
  toItem: toActivity,
  nameOf: (row) => textFor(row.name),
  complete,
  where: (f) => [
    f.q ? anyLanguageContains(webActivities.name, f.q) : undefined,
    f.kind ? eq(webActivities.kind, f.kind) : undefined,
    f.status ? eq(webActivities.status, f.status) : undefined,
  ],
  columns: (input) => ({
    name: input.name,
    kind: input.kind,
    currency: input.currency,
    tiers: input.tiers,
    startsAt: input.starts_at === undefined ? undefined : new Date(input.starts_at),
    endsAt: input.ends_at === undefined ? undefined : new Date(input.ends_at),
  }),
  check,
  // An activity that granted gifts keeps its record: it is ended instead of deleted.
  usage: async (db, _scope, row) => {
    const count = await countWhere(db, webActivityGrants, eq(webActivityGrants.activityId, row.id));
    return count ? [{ type: 'web_activity_grants', count }] : [];
  },
  disable: { isDisabled: (row) => row.status === 'ended', set: { status: 'ended' } },
};

export const webActivityService = resourceService(webActivitiesResource, impl);

/** Publish (draft → live), recall (live → draft) or end, through the shared lifecycle. */
function moveActivity(
  db: Db,
  scope: Scope,
  id: number,
  action: 'publish' | 'recall' | 'end',
  version: number,
): Promise<WebActivity> {
  return inTransaction(db, scope.lang, async (tx) => {
    const target = rowInScope(webActivities, scope, id);
    const row = await findOr404(tx, webActivities, target);
    if (action === 'publish' && row.endsAt.getTime() <= Date.now())
      throw ruleError(scope.lang, 'window_over');
    const moved = await moveRow(tx, scope, {
      table: webActivities,
      target,
      state: webActivities.status,
      action,
      version,
      log: { targetType: webActivitiesResource.logTarget, name: (r) => textFor(r.name), item: toActivity },
    });
    return (await complete(tx, [toActivity(moved)]))[0]!;
  });
}

export const END_SWEEP_TASK = 'web_activities.end';
/** Rows ended per sweep, each in its own short transaction. */
const END_BATCH = 200;

/**
 * Ends every live activity whose window has passed (the scheduler's move, logged as such): run by
 * a recurring task every five minutes, so an end time edited after publishing, or passed while
 * the server was down, is honoured too. Grants already stop at the end time; this keeps the state
 * staff see true. Answers how many ended.
 */
export async function endPassedActivities(db: Db): Promise<number> {
  const due = await db
    .select({ id: webActivities.id, cpId: webActivities.cpId, productId: webActivities.productId })
    .from(webActivities)
    .where(and(eq(webActivities.status, 'live'), sql`${webActivities.endsAt} <= now()`))
    .limit(END_BATCH);
  let ended = 0;
  for (const row of due) {
    const scope = schedulerScope(row);
    try {
      await db.transaction((tx) =>
        moveRow(tx, scope, {
          table: webActivities,
          target: and(eq(webActivities.id, row.id), eq(webActivities.status, 'live'))!,
          state: webActivities.status,
          action: 'end',
          log: {
            targetType: webActivitiesResource.logTarget,
            name: (r) => textFor(r.name),
            item: toActivity,
          },
        }),
      );
      ended++;
    } catch {
      // Moved by someone meanwhile (recalled, ended): nothing to do.
    }
  }
  return ended;
}

/** Activities past their end end by themselves: a sweep every five minutes. */
export const activityWork = ({ db }: { db: Db }): ModuleWork => ({
  tasks: {
    [END_SWEEP_TASK]: async () => {
      await endPassedActivities(db);
    },
  },
  schedules: [{ task: END_SWEEP_TASK, key: 'web_activities:end', cron: '*/5 * * * *', tz: 'UTC' }],
});

/** `/web-activities` of the (overseas) product in `X-Product-Id`. */
export async function webActivityRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  overseasProductsOnly(fastify, db);
  resourceRoutes(fastify, db, webActivitiesResource, webActivityService, impl);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/web-activities/:id/:action',
    {
      schema: {
        tags: [webActivitiesResource.name],
        summary: 'Publish, recall or end an activity (the body carries its version)',
        params: webActivityMoveParams,
        body: webActivityMoveBody,
      },
      config: can(webActivitiesResource, 'approve'),
    },
    async (request) =>
      ok(
        await moveActivity(
          db,
          scopeOf(request),
          request.params.id,
          request.params.action,
          request.body.version,
        ),
      ),
  );
  // A gift a live or draft activity hands out is disabled instead of deleted.
  registerGiftUser(webActivitiesResource.logTarget, async (tx, scope, giftId) => {
    const rows = await tx
      .select({ id: webActivities.id, name: webActivities.name, status: webActivities.status })
      .from(webActivities)
      .where(
        and(
          inScope(webActivities, scope),
          ne(webActivities.status, 'ended'),
          sql`${webActivities.tiers} @> ${JSON.stringify([{ gift_package_id: giftId }])}::jsonb`,
        ),
      );
    return rows.map((r) => ({ id: r.id, name: textFor(r.name), status: r.status, live: true }));
  });
}
