import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  gamePushDeliveredBody,
  gamePushOpenedBody,
  gamePushTokenBody,
  gamePushUnregisterBody,
  idParam,
  pushDeliveriesQuery,
  pushAudienceBody,
  pushTasksResource,
  type PushDeliveryState,
  type PushKind,
  type PushTask,
  type PushProviderName,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ok } from '../../lib/request.ts';
import { listRoute, resourceRoutes, resourceTableRoutes } from '../../lib/resource-routes.ts';
import { queryRows } from '../../lib/rows.ts';
import { can, GAME, scopeOf } from '../../lib/route-access.ts';
import { answerPendingWith202 } from '../approvals/index.ts';
import { pushTaskExporter } from './export.ts';
import { pushLifecycle, type PushContext } from './lifecycle.ts';
import { pushStats, taskOf } from './stats.ts';
import { pushTaskImpl, pushTaskService } from './tasks.ts';
import { pushTasks } from './tables.ts';
import { recordReport, registerToken, unregisterToken } from './tokens.ts';
import { subscriptionGameRoutes, subscriptionRoutes } from './subscriptions.ts';
import { audienceRow, checkGroupLayers, checkTags, readAudienceFile, storeTaskOpenids } from './audience.ts';
import { countAudience } from './send.ts';
import { checkGroups } from '../user-groups/index.ts';
import { FieldProblems } from '../../lib/problems.ts';

async function deliveries(db: Db, scope: Scope, id: number, query: z.infer<typeof pushDeliveriesQuery>) {
  await taskOf(db, scope, id);
  const where = sql`d.task_id = ${id}::int${query.state ? sql` and d.state = ${query.state}` : sql``}${
    query.openid ? sql` and d.openid = ${query.openid}` : sql``
  }`;
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from push_deliveries d where ${where}`,
  );
  const rows = await queryRows<{
    token_id: number;
    openid: string;
    provider: PushProviderName;
    state: PushDeliveryState | 'sending';
    reason: string;
    at: Date | string;
  }>(
    db,
    sql`select d.token_id, d.openid, d.provider, d.state, d.reason, d.at from push_deliveries d where ${where}
      order by d.token_id limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
  );
  return {
    total: Number(total!.n),
    list: rows.map((r) => ({
      token_id: Number(r.token_id),
      openid: r.openid,
      provider: r.provider,
      state: r.state,
      reason: r.reason,
      at: new Date(r.at).toISOString(),
    })),
  };
}

/**
 * `/push-tasks`: the product's app push tasks (list, get, create, update and delete a draft,
 * export), their actions `POST /push-tasks/:id/send|cancel|stop {version, reason}` (the page's
 * approve permission; sending waits for a second person when a policy's threshold on devices asks),
 * `GET /push-tasks/:id/stats` and `GET /push-tasks/:id/deliveries` (paged, by state).
 */
export async function pushRoutes(fastify: FastifyInstance, context: PushContext): Promise<void> {
  const { db } = context;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  answerPendingWith202(fastify);
  // A task's uploaded file is read before anything is written (a bad file changes nothing), its
  // openids kept with the task in the same transaction.
  const withFile = async <T extends PushTask>(
    scope: Scope,
    fileId: string | null | undefined,
    created: boolean,
    write: (tx: Db) => Promise<T>,
  ): Promise<T> => {
    // No file named (or a new task without one): nothing kept to replace.
    if (fileId === undefined || (fileId === null && created)) return write(db);
    const file = fileId ? await readAudienceFile(db, context.storage, scope, fileId) : null;
    return db.transaction(async (tx) => {
      const item = await write(tx as Db);
      await storeTaskOpenids(tx as Db, item.id, file?.openids ?? []);
      await tx
        .update(pushTasks)
        .set({ fileReport: file?.report ?? null })
        .where(eq(pushTasks.id, item.id));
      return { ...item, file_report: file?.report ?? null };
    });
  };
  const service = {
    ...pushTaskService,
    create: (_db: Db, scope: Scope, input: Parameters<typeof pushTaskService.create>[2]) =>
      withFile(scope, input.file_id, true, async (tx) => {
        const item = await pushTaskService.create(tx, scope, input);
        await tx.update(pushTasks).set({ createdBy: scope.username }).where(eq(pushTasks.id, item.id));
        return { ...item, created_by: scope.username };
      }),
    update: (_db: Db, scope: Scope, id: number, input: Parameters<typeof pushTaskService.update>[3]) =>
      withFile(scope, input.file_id, false, (tx) => pushTaskService.update(tx, scope, id, input)),
  };
  // The list's export first (without it `/push-tasks/export` reads `export` as an id).
  resourceTableRoutes(fastify, db, pushTasksResource, { exporter: pushTaskExporter });
  resourceRoutes(fastify, db, pushTasksResource, service, pushTaskImpl);
  pushLifecycle.routes(fastify, context, { summary: 'Send (or ask to), cancel or stop a push task' });
  app.post(
    '/push-tasks/audience',
    {
      schema: {
        tags: ['push'],
        summary: 'How many devices and players an audience reaches now, and what its openid file held',
        body: pushAudienceBody,
      },
      config: can(pushTasksResource, 'read'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const body = request.body;
      const problems = new FieldProblems(scope.lang);
      // The groups must be the game's, their layers ones they have (as a task's are checked).
      await checkGroups(db, scope, problems, body.user_group_ids ?? []);
      await checkGroupLayers(db, scope, problems, body.user_group_ids ?? [], body.user_group_layers ?? []);
      if (body.tags?.length) await checkTags(db, scope, problems, body.tags);
      problems.throwIfAny();
      const file =
        body.target === 'file' && body.file_id
          ? await readAudienceFile(db, context.storage, scope, body.file_id)
          : null;
      const kind = (scope.dimension?.value ?? 'app') as PushKind;
      const counts = await countAudience(db, audienceRow(scope, kind, body), file?.openids ?? []);
      return ok({ ...counts, file: file?.report ?? null });
    },
  );
  app.get(
    '/push-tasks/:id/stats',
    {
      schema: {
        tags: ['push'],
        summary: "A push task's deliveries: sent, failed (by reason), invalid tokens, per provider",
        params: idParam,
      },
      config: can(pushTasksResource, 'read'),
    },
    async (request) => ok(await pushStats(db, scopeOf(request), request.params.id)),
  );
  listRoute(app, {
    name: 'push-deliveries',
    path: '/push-tasks/:id/deliveries',
    tags: ['push'],
    summary: "A push task's deliveries, paged, by state",
    query: pushDeliveriesQuery,
    params: idParam,
    filters: ['state', 'openid'],
    // One order: by device token.
    sorts: ['token_id'],
    config: can(pushTasksResource, 'read'),
    list: (request, query, { id }) => deliveries(db, scopeOf(request), id, query),
  });
  subscriptionRoutes(fastify, context);
}

/** The game API: a player's device tokens, registered, refreshed and unregistered. */
export function pushGameRoutes(fastify: FastifyInstance, { db }: { db: Db }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/push/tokens',
    {
      schema: {
        tags: ['game-api'],
        summary: "Register or refresh a player's device token (FCM, APNs or Huawei Push Kit)",
        body: gamePushTokenBody,
      },
      config: GAME,
    },
    async (request) => ok(await registerToken(db, request.gameCaller!.productId, request.body)),
  );
  app.post(
    '/push/tokens/unregister',
    {
      schema: {
        tags: ['game-api'],
        summary: 'Unregister a device token (signed out, notifications turned off): never sent to again',
        body: gamePushUnregisterBody,
      },
      config: GAME,
    },
    async (request) =>
      ok({ retired: await unregisterToken(db, request.gameCaller!.productId, request.body) }),
  );
  app.post(
    '/push/opened',
    {
      schema: {
        tags: ['game-api'],
        summary: 'Report that a player opened a push (counted once per player and task)',
        body: gamePushOpenedBody,
      },
      config: GAME,
    },
    async (request) => {
      const { openid, task_id: taskId } = request.body;
      return ok({
        recorded: await recordReport(db, request.gameCaller!.productId, openid, taskId, 'opened'),
      });
    },
  );
  app.post(
    '/push/delivered',
    {
      schema: {
        tags: ['game-api'],
        summary: 'Report that a player received a push (counted once per player and task)',
        body: gamePushDeliveredBody,
      },
      config: GAME,
    },
    async (request) => {
      const { openid, task_id: taskId } = request.body;
      const productId = request.gameCaller!.productId;
      return ok({ recorded: await recordReport(db, productId, openid, taskId, 'delivered') });
    },
  );
  subscriptionGameRoutes(fastify, { db });
}
