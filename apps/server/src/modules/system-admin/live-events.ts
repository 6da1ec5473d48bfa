import type { FastifyInstance } from 'fastify';
import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema.ts';

/** Writes that end a staff member's sign-ins (their live connections close at once). */
const ENDS_SESSIONS = new Set([
  'POST /api/v1/staff/:id/disable',
  'POST /api/v1/staff/:id/reset-password',
  'DELETE /api/v1/staff/:id',
]);

/**
 * Tells the staff members whose access a system-admin write changed, on every instance (the event
 * bus): `permissions` for each one whose roles or role permissions moved (their `perm_changed_at`,
 * set by the write, is not older than the request: whatever route did it, imports included), and
 * `session` for one whose sign-ins the write ended. Runs once the write committed, before the answer.
 */
export function publishAccessChanges(app: FastifyInstance, db: Db): void {
  const started = new WeakMap<object, number>();
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') started.set(request, Date.now());
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const since = started.get(request);
    const auth = request.auth;
    if (since === undefined || !auth || reply.statusCode >= 400) return payload;
    const changed = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.cpId, auth.cpId), gte(users.permChangedAt, since)));
    for (const { id } of changed) {
      app.events.publish({ topic: 'permissions', cpId: auth.cpId, userId: id, data: {} });
    }
    const target = Number((request.params as { id?: unknown } | undefined)?.id);
    if (ENDS_SESSIONS.has(`${request.method} ${request.routeOptions.url}`) && Number.isSafeInteger(target)) {
      app.events.publish({ topic: 'session', cpId: auth.cpId, userId: target, data: {} });
    }
    return payload;
  });
}
