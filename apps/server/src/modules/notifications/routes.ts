import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { findPage, notificationListQuery, notificationReadBody } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { notifications } from '../../db/schema.ts';
import { ok, requestLanguage } from '../../lib/request.ts';
import { listRoute, tableList } from '../../lib/resource-routes.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { requireAuth } from '../../lib/authenticate.ts';
import { userGrants, type UserGrants } from '../../lib/grants.ts';

/**
 * A notification's link as its reader may follow it: an outside address as it is; a console path
 * only when it names a page of the catalogue the reader may open (else empty, so the bell never
 * leads to a page that answers "not found" — e.g. a work order for someone without the queue).
 */
export function linkFor(link: string, grants: UserGrants): string {
  if (!link || /^https?:\/\//.test(link)) return link;
  const page = findPage(link);
  if (!page) return '';
  const roles = page.meta.roles ?? [];
  if (roles.length === 0 || grants.isAdmin) return link;
  return roles.some((role) => grants.permissions.has(role)) ? link : '';
}

/** A page of notifications, newest first (links as stored: the route keeps those the reader may follow). */
const notificationList = tableList({
  table: notifications,
  sortBy: { created_at: notifications.createdAt },
  fallback: '-created_at',
  items: (_db, rows) =>
    rows.map((n) => ({
      id: n.id,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      read: n.readAt !== null,
      created_at: n.createdAt.toISOString(),
    })),
});

/** The signed-in staff member's own notifications (the header bell and the work-order page). */
export async function notificationRoutes(
  fastify: FastifyInstance,
  // `authenticate` is app.ts's shared option; the app's access hook signs the caller in.
  options: { db: Db; authenticate?: (request: FastifyRequest, reply: FastifyReply) => Promise<void> },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = ['notifications'];

  listRoute(app, {
    name: 'notifications',
    path: '/notifications',
    tags,
    summary: "The caller's notifications, newest first",
    query: notificationListQuery,
    filters: ['unread', 'kind'],
    sorts: ['created_at'],
    config: SIGNED_IN,
    async list(request, { unread, kind, ...paging }) {
      const auth = requireAuth(request);
      const mine = and(eq(notifications.userId, auth.userId), eq(notifications.cpId, auth.cpId));
      const where = and(
        mine,
        unread === '1' ? isNull(notifications.readAt) : undefined,
        kind ? eq(notifications.kind, kind) : undefined,
      );
      const [grants, page, [unreadCount]] = await Promise.all([
        userGrants(db, auth.userId, auth.permChangedAt),
        notificationList(db, where, paging, requestLanguage(request)),
        db
          .select({ n: count() })
          .from(notifications)
          .where(and(mine, isNull(notifications.readAt))),
      ]);
      return {
        list: page.list.map((n) => ({
          ...n,
          // A CP developer account has the home page only: nothing to open (issue 27).
          link: auth.usertype !== null ? '' : linkFor(n.link, grants),
        })),
        total: page.total,
        unread: unreadCount?.n ?? 0,
      };
    },
  });

  app.post(
    '/notifications/read',
    { schema: { tags, summary: 'Mark notifications read', body: notificationReadBody }, config: SIGNED_IN },
    async (request) => {
      const auth = requireAuth(request);
      const { ids, all } = request.body;
      const updated = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(notifications.userId, auth.userId),
            isNull(notifications.readAt),
            all ? undefined : inArray(notifications.id, ids ?? []),
          ),
        )
        .returning({ id: notifications.id });
      return ok({ updated: updated.length });
    },
  );
}
