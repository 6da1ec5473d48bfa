import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, eq, or } from 'drizzle-orm';
import { ADMIN_ROLE, ErrorCode, idParam } from '@rx/contracts';
import { findPage } from '@rx/contracts/pages';
import {
  SAVED_VIEWS_PER_LIST,
  savedViewCreateBody,
  savedViewListQuery,
  type SavedView,
} from '@rx/contracts/saved-views';
import type { Db } from '../../db/index.ts';
import { cps, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { requireAuth, requirePermission } from '../../lib/authenticate.ts';
import { logChange } from '../../lib/operation-log.ts';
import { fieldError, isUniqueViolation } from '../../lib/problems.ts';
import { ok, requestLanguage } from '../../lib/request.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { savedViews } from './tables.ts';

/**
 * The caller, once they may open the list's page (`list` is its catalogue path): its see
 * permission and publish area, as the menu shows it. 403001 otherwise; 400001 for an unknown page.
 */
async function callerOn(db: Db, request: FastifyRequest, list: string) {
  const auth = requireAuth(request);
  const grants = await requirePermission(db, request);
  const page = findPage(list);
  if (!page) throw fieldError(requestLanguage(request), 'list', 'invalid');
  const [cp] = await db.select({ area: cps.publishArea }).from(cps).where(eq(cps.id, auth.cpId));
  const region = page.meta.rxRegion;
  const see = page.meta.roles?.[0];
  const allowed =
    (!region || region === cp?.area) &&
    (grants.isAdmin || !see || (see !== ADMIN_ROLE && grants.permissions.has(see)));
  if (!allowed) throw new ApiError(ErrorCode.FORBIDDEN);
  return { cpId: auth.cpId, userId: auth.userId, isAdmin: grants.isAdmin };
}

/** Who writes, for the operation log (a saved view is no game's). */
function actorOf(request: FastifyRequest) {
  const auth = requireAuth(request);
  return { cpId: auth.cpId, userId: auth.userId, username: auth.username, ip: request.ip, productId: null };
}

type Row = typeof savedViews.$inferSelect & { owner: string | null };
const toItem = (row: Row, userId: number): SavedView => ({
  id: row.id,
  list: row.list,
  name: row.name,
  shared: row.shared,
  state: row.state,
  mine: row.userId === userId,
  owner: row.owner ?? '',
  created_at: row.createdAt.toISOString(),
});

/** `/saved-views`: a list's views the caller may use (theirs and the CP's shared ones), save, delete. */
export async function savedViewRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = ['saved-views'];

  app.get(
    '/saved-views',
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: "A list's saved views: the caller's and those shared in their CP",
        querystring: savedViewListQuery,
      },
    },
    async (request) => {
      const caller = await callerOn(db, request, request.query.list);
      const rows = await db
        .select({ view: savedViews, owner: users.username })
        .from(savedViews)
        .leftJoin(users, eq(users.id, savedViews.userId))
        .where(
          and(
            eq(savedViews.cpId, caller.cpId),
            eq(savedViews.list, request.query.list),
            or(eq(savedViews.userId, caller.userId), eq(savedViews.shared, true)),
          ),
        )
        .orderBy(asc(savedViews.name), asc(savedViews.id));
      return ok(rows.map((row) => toItem({ ...row.view, owner: row.owner }, caller.userId)));
    },
  );

  app.post(
    '/saved-views',
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: "Save a list's filters, sort and columns under a name",
        body: savedViewCreateBody,
      },
    },
    async (request) => {
      const { list, name, shared, state } = request.body;
      const caller = await callerOn(db, request, list);
      const lang = requestLanguage(request);
      const [held] = await db
        .select({ n: count() })
        .from(savedViews)
        .where(and(eq(savedViews.userId, caller.userId), eq(savedViews.list, list)));
      if ((held?.n ?? 0) >= SAVED_VIEWS_PER_LIST) throw fieldError(lang, 'name', 'too_big');
      try {
        const row = await db.transaction(async (tx) => {
          const [made] = await tx
            .insert(savedViews)
            .values({ cpId: caller.cpId, userId: caller.userId, list, name, shared, state })
            .returning();
          await logChange(tx, actorOf(request), {
            action: 'create',
            targetType: 'saved_view',
            targetId: made!.id,
            targetName: name,
            after: { list, name, shared, state },
          });
          return made!;
        });
        return ok(toItem({ ...row, owner: requireAuth(request).username }, caller.userId));
      } catch (error) {
        if (isUniqueViolation(error, 'saved_views_owner_name')) throw fieldError(lang, 'name', 'taken');
        throw error;
      }
    },
  );

  app.delete(
    '/saved-views/:id',
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: 'Delete a saved view: its owner, or an admin of the CP for a shared one',
        params: idParam,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const grants = await requirePermission(db, request);
      const mine = eq(savedViews.userId, auth.userId);
      const gone = await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(savedViews)
          .where(
            and(
              eq(savedViews.id, request.params.id),
              eq(savedViews.cpId, auth.cpId),
              grants.isAdmin ? or(mine, eq(savedViews.shared, true)) : mine,
            ),
          )
          .returning();
        if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
        await logChange(tx, actorOf(request), {
          action: 'delete',
          targetType: 'saved_view',
          targetId: row.id,
          targetName: row.name,
          before: { list: row.list, name: row.name, shared: row.shared, state: row.state },
        });
        return row;
      });
      return ok({ id: gone.id });
    },
  );
}
