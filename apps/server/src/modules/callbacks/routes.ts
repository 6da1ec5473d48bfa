import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  callbacksResource,
  deliveryListQuery,
  deliveryParams,
  idParam,
  type Callback,
  type CallbackDelivery,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { EventBus } from '../../lib/events.ts';
import { logChange } from '../../lib/operation-log.ts';
import { ruleError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import {
  listRoute,
  resourceRoutes,
  resourceService,
  resourceTableRoutes,
  tableList,
  type ResourceImpl,
  type ResourceService,
} from '../../lib/resource-routes.ts';
import { STAMP_HEADERS, listCell, stampCells, timeCell } from '../../lib/cells.ts';
import type { ExportSpec } from '../../lib/table-io.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { rowInScope } from '../../lib/scope.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { findOr404 } from '../../lib/versioned.ts';
import { ErrorCode } from '@rx/contracts';
import { replayDelivery, startDeliveryWorker } from './delivery.ts';
import { callbackDeliveries, callbackEndpoints, callbackEvents } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof callbackEndpoints.$inferSelect;

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toItem(row: Row): Callback {
  return {
    id: row.id,
    product_id: row.productId,
    name: row.name,
    url: row.url,
    events: row.events,
    status: row.status,
    description: row.description,
    secret_hint: row.secretHint,
    failing_since: row.failingSince?.toISOString() ?? null,
    disabled_reason: row.disabledReason,
    last_delivery_at: row.lastDeliveryAt?.toISOString() ?? null,
    ...stamps(row),
  };
}

/** The endpoints' resource: the secret is sealed on its way in and never answered (its last 4 are). */
function callbackImpl(
  secrets: SecretBox,
): ResourceImpl<typeof callbacksResource, typeof callbackEndpoints, Callback, null> {
  return {
    table: callbackEndpoints,
    toItem,
    nameOf: (row) => row.name,
    where: (f) => [
      f.q
        ? or(ilike(callbackEndpoints.name, likeText(f.q)), ilike(callbackEndpoints.url, likeText(f.q)))
        : undefined,
      f.status ? eq(callbackEndpoints.status, f.status) : undefined,
      f.event ? sql`${callbackEndpoints.events} @> ${JSON.stringify([f.event])}::jsonb` : undefined,
    ],
    columns: (input, before) => {
      const enabling = input.status === 'active' && before?.status === 'disabled';
      const disabling = input.status === 'disabled' && before?.status !== 'disabled' && before !== undefined;
      return {
        name: input.name,
        url: input.url,
        events: input.events,
        status: input.status,
        description: input.description,
        ...(input.secret
          ? { secretSealed: secrets.seal(input.secret), secretHint: input.secret.slice(-4) }
          : {}),
        // Enabled again by staff: its failures start over.
        ...(enabling ? { failingSince: null, disabledReason: '' as const } : {}),
        ...(disabling ? { disabledReason: 'staff' as const } : {}),
      };
    },
  };
}

/**
 * The endpoints as a sheet: export only (no import), and never the secret, only its last four.
 */
function callbackSheet(
  service: ResourceService<typeof callbacksResource, Callback>,
): ExportSpec<Callback, Parameters<typeof service.batch>[2], null> {
  return {
    name: 'callbacks',
    headers: [
      'id',
      'name',
      'url',
      'events',
      'status',
      'description',
      'secret_hint',
      'failing_since',
      'disabled_reason',
      'last_delivery_at',
      ...STAMP_HEADERS,
    ],
    prepare: async () => null,
    toCells: (item) => ({
      id: item.id,
      name: item.name,
      url: item.url,
      events: listCell(item.events),
      status: item.status,
      description: item.description,
      secret_hint: item.secret_hint,
      failing_since: timeCell(item.failing_since),
      disabled_reason: item.disabled_reason,
      last_delivery_at: timeCell(item.last_delivery_at),
      ...stampCells(item),
    }),
    batch: service.batch,
  };
}

function toDelivery(
  row: typeof callbackDeliveries.$inferSelect,
  event: { publicId: string; event: string; body: string },
): CallbackDelivery {
  return {
    id: row.id,
    event_id: event.publicId,
    event: event.event as CallbackDelivery['event'],
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    last_http_status: row.lastHttpStatus,
    last_error: row.lastError,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    replay_of: row.replayOf,
    body: event.body,
    created_at: row.createdAt.toISOString(),
  };
}

/** A page of an endpoint's deliveries, newest first, each with the event it sends. */
const deliveryList = tableList({
  table: callbackDeliveries,
  sortBy: { id: callbackDeliveries.id },
  fallback: '-id',
  async items(db, rows) {
    if (rows.length === 0) return [];
    const events = await db
      .select()
      .from(callbackEvents)
      .where(inArray(callbackEvents.id, [...new Set(rows.map((row) => row.eventId))]));
    const byId = new Map(events.map((e) => [e.id, e]));
    return rows.map((row) => toDelivery(row, byId.get(row.eventId)!));
  },
});

/**
 * `/callbacks`: a game's webhook endpoints; `/callbacks/:id/deliveries`: an endpoint's delivery log;
 * `…/deliveries/:deliveryId/replay`: sends that event again. The delivery worker of this instance
 * starts with the server and stops with it (the pass in flight finishes first).
 */
export async function callbackRoutes(
  fastify: FastifyInstance,
  options: { db: Db; secrets: SecretBox; events: EventBus },
): Promise<void> {
  const { db, secrets, events } = options;
  const impl = callbackImpl(secrets);
  const service = resourceService(callbacksResource, impl);
  resourceRoutes(fastify, db, callbacksResource, service, impl);
  resourceTableRoutes(fastify, db, callbacksResource, { exporter: callbackSheet(service) });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['callbacks'];

  listRoute(fastify, {
    name: 'callback-deliveries',
    path: '/callbacks/:id/deliveries',
    tags,
    summary: "An endpoint's delivery log, newest first",
    query: deliveryListQuery,
    params: idParam,
    filters: ['status', 'event'],
    sorts: ['id'],
    config: can(callbacksResource, 'read'),
    async list(request, { status, event, ...paging }, { id }) {
      const scope = scopeOf(request);
      const endpoint = await findOr404(db, callbackEndpoints, rowInScope(callbackEndpoints, scope, id));
      const where = and(
        eq(callbackDeliveries.endpointId, endpoint.id),
        status ? eq(callbackDeliveries.status, status) : undefined,
        event
          ? inArray(
              callbackDeliveries.eventId,
              db
                .select({ id: callbackEvents.id })
                .from(callbackEvents)
                .where(eq(callbackEvents.event, event)),
            )
          : undefined,
      );
      return deliveryList(db, where, paging, scope.lang);
    },
  });

  app.post(
    '/callbacks/:id/deliveries/:deliveryId/replay',
    {
      schema: {
        tags,
        summary: 'Sends a delivered or failed event again (same id and key), due now',
        params: deliveryParams,
      },
      config: can(callbacksResource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const endpoint = await findOr404(
        db,
        callbackEndpoints,
        rowInScope(callbackEndpoints, scope, request.params.id),
      );
      const [delivery] = await db
        .select()
        .from(callbackDeliveries)
        .where(
          and(
            eq(callbackDeliveries.id, request.params.deliveryId),
            eq(callbackDeliveries.endpointId, endpoint.id),
          ),
        );
      if (!delivery) throw new ApiError(ErrorCode.NOT_FOUND);
      if (endpoint.status !== 'active') throw ruleError(scope.lang, 'endpoint_disabled');
      const id = await db.transaction(async (tx) => {
        const replayed = await replayDelivery(tx, delivery.id);
        await logChange(tx, scope, {
          action: 'update',
          targetType: 'callback',
          targetId: endpoint.id,
          targetName: endpoint.name,
          after: { replayed_delivery: delivery.id, delivery: replayed },
        });
        return replayed;
      });
      const [row] = await db
        .select({ delivery: callbackDeliveries, event: callbackEvents })
        .from(callbackDeliveries)
        .innerJoin(callbackEvents, eq(callbackEvents.id, callbackDeliveries.eventId))
        .where(eq(callbackDeliveries.id, id));
      return ok(toDelivery(row!.delivery, row!.event));
    },
  );

  let worker: ReturnType<typeof startDeliveryWorker> | undefined;
  fastify.addHook('onReady', async () => {
    worker = startDeliveryWorker({ db, secrets, events }, fastify.log);
  });
  // Before close, not on it: the app's own onClose closes the database, and a pass still polling
  // then failed loudly at every SIGTERM.
  fastify.addHook('preClose', async () => {
    await worker?.stop();
  });
}
