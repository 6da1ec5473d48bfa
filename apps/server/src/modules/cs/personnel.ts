import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, ne, notInArray } from 'drizzle-orm';
import {
  csAgentCreateBody,
  csAgentParam,
  csAgentUpdateBody,
  csPersonnelAccess,
  ErrorCode,
  type CsAgent,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { EventBus } from '../../lib/events.ts';
import { logChange } from '../../lib/operation-log.ts';
import { fieldError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { drainQueue, listAgents } from './service.ts';
import { csAgents, csConversations } from './tables.ts';

/**
 * Personnel settings: which of the CP's staff serve players, and how many conversations each takes
 * at once (assignment fills agents up to this capacity). A supervisor may set an agent's status;
 * more room or an agent online gives waiting conversations out at once. Removing an agent puts
 * their unresolved conversations back in the queue.
 */

async function agentRow(db: Db, scope: Scope, userId: number) {
  const [row] = await db
    .select()
    .from(csAgents)
    .where(and(eq(csAgents.userId, userId), eq(csAgents.cpId, scope.cpId)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

async function agentOut(db: Db, scope: Scope, userId: number): Promise<CsAgent> {
  const agent = (await listAgents(db, { ...scope, productId: 0 })).find((a) => a.user_id === userId);
  if (!agent) throw new ApiError(ErrorCode.NOT_FOUND);
  return agent;
}

export function csPersonnelRoutes(fastify: FastifyInstance, db: Db, events: EventBus): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['cs'];
  const access = csPersonnelAccess;
  const base = '/cs/personnel';

  app.get(
    base,
    {
      schema: { tags, summary: "The CP's agents with status, capacity and load" },
      config: can(access, 'read'),
    },
    async (request) => ok({ list: await listAgents(db, { ...scopeOf(request), productId: 0 }) }),
  );
  app.get(
    `${base}/candidates`,
    { schema: { tags, summary: 'Staff of the CP who are not agents yet' }, config: can(access, 'update') },
    async (request) => {
      const scope = scopeOf(request);
      const agents = db.select({ id: csAgents.userId }).from(csAgents).where(eq(csAgents.cpId, scope.cpId));
      const list = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(and(eq(users.cpId, scope.cpId), eq(users.disabled, false), notInArray(users.id, agents)))
        .orderBy(asc(users.username))
        .limit(500);
      return ok({ list });
    },
  );
  app.post(
    base,
    {
      schema: { tags, summary: 'Make a staff member an agent', body: csAgentCreateBody },
      config: can(access, 'create'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const { user_id: userId, capacity } = request.body;
      await db.transaction(async (tx) => {
        const [user] = await tx
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(and(eq(users.id, userId), eq(users.cpId, scope.cpId), eq(users.disabled, false)));
        if (!user) throw fieldError(scope.lang, 'user_id', 'unknown_ref');
        const [row] = await tx
          .insert(csAgents)
          .values({ cpId: scope.cpId, userId, capacity, status: 'offline' })
          .onConflictDoNothing()
          .returning();
        if (!row) throw fieldError(scope.lang, 'user_id', 'taken');
        await logChange(tx, scope, {
          action: 'create',
          targetType: 'cs_agent',
          targetId: userId,
          targetName: user.username,
          after: { user_id: userId, capacity, status: 'offline' },
        });
      });
      return ok(await agentOut(db, scope, userId));
    },
  );
  app.put(
    `${base}/:user_id`,
    {
      schema: {
        tags,
        summary: "Change an agent's capacity or status",
        params: csAgentParam,
        body: csAgentUpdateBody,
      },
      config: can(access, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const userId = request.params.user_id;
      const before = await agentRow(db, scope, userId);
      const { capacity, status } = request.body;
      await db.transaction(async (tx) => {
        await tx
          .update(csAgents)
          .set({
            ...(capacity !== undefined ? { capacity } : {}),
            ...(status !== undefined ? { status } : {}),
            updatedAt: new Date(),
          })
          .where(eq(csAgents.id, before.id));
        const after = await agentOut(tx, scope, userId);
        await logChange(tx, scope, {
          action: 'update',
          targetType: 'cs_agent',
          targetId: userId,
          targetName: after.username,
          before: { capacity: before.capacity, status: before.status },
          after: { capacity: after.capacity, status: after.status },
        });
      });
      await drainQueue(db, events, scope.cpId);
      return ok(await agentOut(db, scope, userId));
    },
  );
  app.delete(
    `${base}/:user_id`,
    {
      schema: {
        tags,
        summary: 'No longer an agent: their unresolved conversations go back to the queue',
        params: csAgentParam,
      },
      config: can(access, 'delete'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const userId = request.params.user_id;
      const before = await agentOut(db, scope, userId);
      await db.transaction(async (tx) => {
        await tx
          .update(csConversations)
          .set({ assigneeId: null })
          .where(
            and(
              eq(csConversations.cpId, scope.cpId),
              eq(csConversations.assigneeId, userId),
              ne(csConversations.state, 'resolved'),
            ),
          );
        await tx.delete(csAgents).where(and(eq(csAgents.userId, userId), eq(csAgents.cpId, scope.cpId)));
        await logChange(tx, scope, {
          action: 'delete',
          targetType: 'cs_agent',
          targetId: userId,
          targetName: before.username,
          before,
        });
      });
      await drainQueue(db, events, scope.cpId);
      return ok(null);
    },
  );
}
