import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import {
  ErrorCode,
  VIOLATION_EVENT_CATEGORIES,
  violationReportBody,
  violationsResource,
  violatorApplyBody,
  violatorDetailQuery,
  violatorParam,
  violatorReasonBody,
  type ViolatorItem,
  type ViolatorStatus,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { logChange } from '../../lib/operation-log.ts';
import { queryRoutes } from '../../lib/resource-routes.ts';
import { ruleError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { can, GAME, scopeOf } from '../../lib/route-access.ts';
import { applyTemplateToPlayer } from '../violation-templates/index.ts';
import {
  ingestViolations,
  listViolators,
  lockViolator,
  templateOptions,
  violatorBatch,
  violatorDetail,
  violatorItem,
  violatorOf,
  type ViolatorRow,
} from './service.ts';
import { violators } from './tables.ts';

const resource = violationsResource;
const EXPORT_COLUMNS = [
  'openid',
  'nickname',
  'status',
  'hits',
  ...VIOLATION_EVENT_CATEGORIES,
  'servers',
  'first_seen',
  'last_seen',
  'handled_by',
  'handled_at',
  'note',
] as const;

/**
 * Violators (`/api/v1/violations`): the list grouped by player, its export, a player's detail,
 * the templates a reviewer can apply, and the review actions (apply a template, dismiss, reopen).
 */
export async function violationRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = ['violations'];
  const path = `/${resource.name}`;

  /** Moves a violator to a review state in one transaction (the version checked unless null), logged. */
  async function review(
    scope: ProductScope,
    openid: string,
    version: number | null,
    allowed: readonly ViolatorStatus[],
    next: { status: ViolatorStatus; note: string },
    extra: Record<string, unknown> = {},
  ): Promise<ViolatorRow> {
    return db.transaction(async (tx) => {
      const current = await lockViolator(tx, scope, openid);
      if (version !== null && current.version !== version) throw new ApiError(ErrorCode.CONFLICT);
      if (!allowed.includes(current.status)) throw ruleError(scope.lang, 'not_in_this_state');
      const [row] = await tx
        .update(violators)
        .set({
          status: next.status,
          note: next.note,
          handledById: scope.userId,
          handledByName: scope.username,
          handledAt: new Date(),
          version: sql`${violators.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(violators.playerId, current.playerId))
        .returning();
      await logChange(tx, scope, {
        action: 'update',
        targetType: 'violator',
        targetId: openid,
        targetName: openid,
        before: { status: current.status, note: current.note },
        after: { status: next.status, note: next.note, ...extra },
      });
      return row!;
    });
  }
  const itemOf = (scope: ProductScope, row: ViolatorRow): Promise<ViolatorItem> =>
    violatorItem(db, scope, Number(row.playerId));

  queryRoutes<typeof resource, ViolatorItem & { id: number }>(
    fastify,
    db,
    resource,
    {
      list: listViolators,
      batch: violatorBatch,
    },
    {
      summary: 'Violators grouped by player: hits per category, servers, first/last seen, review state',
      exporter: {
        headers: EXPORT_COLUMNS,
        toCells: (v: ViolatorItem) => ({
          openid: v.openid,
          nickname: v.nickname,
          status: v.status,
          hits: v.hits,
          ...Object.fromEntries(VIOLATION_EVENT_CATEGORIES.map((c) => [c, v.by_category[c] ?? 0])),
          servers: v.servers.join(' '),
          first_seen: v.first_seen,
          last_seen: v.last_seen,
          handled_by: v.handled_by,
          handled_at: v.handled_at ?? '',
          note: v.note,
        }),
      },
    },
  );
  app.get(
    `${path}/templates`,
    {
      schema: {
        tags,
        summary: "The product's active violation templates, with a player's next offence number under each",
        querystring: violatorParam.partial(),
      },
      config: can(resource, 'read'),
    },
    async (request) => ok(await templateOptions(db, scopeOf(request) as ProductScope, request.query.openid)),
  );
  app.get(
    `${path}/players/:openid`,
    {
      schema: {
        tags,
        summary:
          'A violator: the event timeline (paged, newest first), accounts sharing a device, an IP or a payment, sanctions and template offences',
        params: violatorParam,
        querystring: violatorDetailQuery,
      },
      config: can(resource, 'read'),
    },
    async (request) =>
      ok(await violatorDetail(db, scopeOf(request) as ProductScope, request.params.openid, request.query)),
  );
  app.post(
    `${path}/players/:openid/apply`,
    {
      schema: {
        tags,
        summary:
          'Apply a violation template to the violator (the ladder rung of their offence count, delivered as a sanction); marks them handled',
        params: violatorParam,
        body: violatorApplyBody,
      },
      config: can(resource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      const { openid } = request.params;
      const body = request.body;
      const current = await violatorOf(db, scope, openid);
      if (current.version !== body.version) throw new ApiError(ErrorCode.CONFLICT);
      const applied = await applyTemplateToPlayer(fastify, db, scope, body.template_id, {
        openid,
        note: body.note,
      });
      // The version was checked before the template was applied: the sanction stands, so the
      // review state follows it even if another write came in between.
      const row = await review(
        scope,
        openid,
        null,
        ['open', 'handled', 'dismissed'],
        { status: 'handled', note: body.note },
        {
          template_id: body.template_id,
          offence: applied.offence,
          action: applied.step.action,
          sanction_id: applied.sanction?.id ?? null,
        },
      );
      return ok({ violator: await itemOf(scope, row), applied });
    },
  );
  // Two reviews with a reason: dismiss (not a violation) and reopen for review.
  const reasonedMoves = [
    {
      action: 'dismiss',
      summary: 'Dismiss the violator (not a violation), with a reason',
      from: ['open', 'handled'],
      to: 'dismissed',
    },
    {
      action: 'reopen',
      summary: 'Reopen a handled or dismissed violator for review, with a reason',
      from: ['handled', 'dismissed'],
      to: 'open',
    },
  ] as const;
  for (const move of reasonedMoves)
    app.post(
      `${path}/players/:openid/${move.action}`,
      {
        schema: { tags, summary: move.summary, params: violatorParam, body: violatorReasonBody },
        config: can(resource, 'update'),
      },
      async (request) => {
        const scope = scopeOf(request) as ProductScope;
        const { reason, version } = request.body;
        const row = await review(scope, request.params.openid, version, [...move.from], {
          status: move.to,
          note: reason,
        });
        return ok(await itemOf(scope, row));
      },
    );
}

/** `POST /api/game/v1/violations` on the game API's signed plugin: violation events (≤ 100, idempotent). */
export function violationGameRoutes(fastify: FastifyInstance, { db }: { db: Db }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/violations',
    {
      schema: {
        tags: ['game-api'],
        summary:
          'Report violation events of players (one, or up to 100 as `events`; idempotent by event id); an event with a rule and a score also raises an anti-cheat flag',
        body: violationReportBody,
      },
      config: GAME,
    },
    async (request) => {
      const caller = request.gameCaller!;
      const body = request.body as { events?: unknown[] };
      const events = Array.isArray(body.events) ? body.events : [request.body];
      return ok({ results: await ingestViolations(db, caller, events) });
    },
  );
}
