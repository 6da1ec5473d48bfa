import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  idParam,
  mailRecipientsQuery,
  mailsResource,
  type MailRecipient,
  type MailStats,
  textFor,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ok } from '../../lib/request.ts';
import { deliveryColumns, deliveryOf, type DeliveryRow } from '../../lib/mail-delivery.ts';
import { listRoute, resourceRoutes, resourceTableRoutes } from '../../lib/resource-routes.ts';
import { queryRows, rawPage } from '../../lib/rows.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { inScope } from '../../lib/scope.ts';
import { answerPendingWith202 } from '../approvals/index.ts';
import { registerGiftUser } from '../gift-packages/index.ts';
import { mailLifecycle, type MailContext } from './lifecycle.ts';
import { mailImpl, mailService, rowTarget } from './mails.ts';
import { mails } from './tables.ts';
import { mailExporter } from './export.ts';

async function mailOf(db: Db, scope: Scope, id: number) {
  const [row] = await db.select().from(mails).where(rowTarget(scope, id));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

/** Delivered, read, claimed and failed copies of a mail: one grouped query. */
export async function mailStats(db: Db, scope: Scope, id: number): Promise<MailStats> {
  const row = await mailOf(db, scope, id);
  const [counts] = await queryRows<{ delivered: number; read: number; claimed: number; failed: number }>(
    db,
    sql`select count(*) filter (where state <> 'failed')::int as delivered,
        count(*) filter (where state in ('read', 'claimed'))::int as read,
        count(*) filter (where state = 'claimed')::int as claimed,
        count(*) filter (where state = 'failed')::int as failed
      from mail_recipients where mail_id = ${id}::int`,
  );
  return {
    delivered: Number(counts!.delivered),
    read: Number(counts!.read),
    claimed: Number(counts!.claimed),
    failed: Number(counts!.failed) + row.unknownOpenids,
    recalled: row.recalledCopies,
  };
}

async function recipients(
  db: Db,
  scope: Scope,
  id: number,
  query: z.infer<typeof mailRecipientsQuery>,
): Promise<{ list: MailRecipient[]; total: number }> {
  await mailOf(db, scope, id);
  const where = sql`r.mail_id = ${id}::int${query.state ? sql` and r.state = ${query.state}` : sql``}${
    query.openid ? sql` and p.openid = ${query.openid}` : sql``
  }`;
  const page = await rawPage<DeliveryRow & { player_id: number; openid: string }>(
    db,
    query,
    sql`r.player_id, p.openid, ${deliveryColumns}`,
    sql`mail_recipients r join players p on p.id = r.player_id where ${where}`,
    sql`r.player_id`,
  );
  return {
    total: page.total,
    list: page.rows.map((r) => ({ player_id: Number(r.player_id), openid: r.openid, ...deliveryOf(r) })),
  };
}

/**
 * `/mails`: the product's system mail (list, get, create, update and delete a draft), its actions
 * `POST /mails/:id/send|cancel|recall {version, reason}` (the page's approve permission; sending
 * waits for a second person when a policy's threshold on recipients asks), `GET /mails/:id/stats`
 * and `GET /mails/:id/recipients` (paged, by state).
 */
export async function mailRoutes(fastify: FastifyInstance, context: MailContext): Promise<void> {
  const { db } = context;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Gift packages list the mails handing them out; one a scheduled, sending or sent unexpired mail names stays.
  registerGiftUser(mailsResource.logTarget, async (db, scope, giftId) =>
    (
      await db
        .select({ id: mails.id, title: mails.title, status: mails.status, expireAt: mails.expireAt })
        .from(mails)
        .where(
          and(
            inScope(mails, scope),
            sql`${mails.attachments} @> ${JSON.stringify([{ type: 'gift', id: giftId }])}::jsonb`,
          ),
        )
    ).map((r) => ({
      id: r.id,
      name: textFor(r.title),
      status: r.status,
      live:
        ['pending_approval', 'scheduled', 'sending', 'sent', 'partly_failed'].includes(r.status) &&
        (r.expireAt === null || r.expireAt.getTime() > Date.now()),
    })),
  );
  answerPendingWith202(fastify);
  const service = {
    ...mailService,
    create: async (tx: Db, scope: Scope, input: Parameters<typeof mailService.create>[2]) => {
      const item = await mailService.create(tx, scope, input);
      await tx.update(mails).set({ createdBy: scope.username }).where(eq(mails.id, item.id));
      return { ...item, created_by: scope.username };
    },
  };
  resourceRoutes(fastify, db, mailsResource, service, mailImpl);
  // The list's export (no import: composed on the page, not from a sheet).
  resourceTableRoutes(fastify, db, mailsResource, { exporter: mailExporter });
  mailLifecycle.routes(fastify, context, { summary: 'Send (or ask to), cancel or recall a mail' });
  app.get(
    '/mails/:id/stats',
    {
      schema: {
        tags: ['mails'],
        summary: "A mail's delivered, read, claimed and failed copies",
        params: idParam,
      },
      config: can(mailsResource, 'read'),
    },
    async (request) => ok(await mailStats(db, scopeOf(request), request.params.id)),
  );
  listRoute(app, {
    name: 'mail-recipients',
    path: '/mails/:id/recipients',
    tags: ['mails'],
    summary: "A mail's copies, paged, by state",
    query: mailRecipientsQuery,
    params: idParam,
    filters: ['state', 'openid'],
    // One order: by player.
    sorts: ['player_id'],
    config: can(mailsResource, 'read'),
    list: (request, query, { id }) => recipients(db, scopeOf(request), id, query),
  });
}
