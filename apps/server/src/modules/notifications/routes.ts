import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { notificationListQuery, notificationReadBody } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { notifications } from '../../db/schema.ts';
import { ok } from '../../lib/request.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { requireAuth } from '../../lib/authenticate.ts';

/** The signed-in staff member's own notifications (the header bell and the work-order page). */
export async function notificationRoutes(
  fastify: FastifyInstance,
  // `authenticate` is app.ts's shared option; the app's access hook signs the caller in.
  options: { db: Db; authenticate?: (request: FastifyRequest, reply: FastifyReply) => Promise<void> },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const tags = ['notifications'];

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "The caller's notifications, newest first",
        querystring: notificationListQuery,
      },
      config: SIGNED_IN,
    },
    async (request) => {
      const auth = requireAuth(request);
      const { page, page_size, unread, kind } = request.query;
      const mine = and(eq(notifications.userId, auth.userId), eq(notifications.cpId, auth.cpId));
      const where = and(
        mine,
        unread === '1' ? isNull(notifications.readAt) : undefined,
        kind ? eq(notifications.kind, kind) : undefined,
      );
      const [rows, [total], [unreadCount]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(page_size)
          .offset((page - 1) * page_size),
        db.select({ n: count() }).from(notifications).where(where),
        db
          .select({ n: count() })
          .from(notifications)
          .where(and(mine, isNull(notifications.readAt))),
      ]);
      return ok({
        list: rows.map((n) => ({
          id: n.id,
          kind: n.kind,
          title: n.title,
          body: n.body,
          link: n.link,
          read: n.readAt !== null,
          created_at: n.createdAt.toISOString(),
        })),
        total: total?.n ?? 0,
        unread: unreadCount?.n ?? 0,
      });
    },
  );

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
