import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import {
  ErrorCode,
  playerHistoryQuery,
  playerParam,
  playersResource,
  type PlayerHistoryQuery,
  type PlayerMail,
  type PlayerRedemption,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { deliveryColumns, deliveryOf, type DeliveryRow } from '../../lib/mail-delivery.ts';
import { ok } from '../../lib/request.ts';
import { isoOrNull, queryRows, rawPage } from '../../lib/rows.ts';
import { can, scopeOf } from '../../lib/route-access.ts';

/** The player of this game with this openid: 404 when the game has none (another game's, another CP's). */
async function playerIdOf(db: Db, productId: number, openid: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from players where product_id = ${productId} and openid = ${openid}`,
  );
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return Number(row.id);
}

/** The mails in a player's inbox, newest first: each copy with its mail's title, sender and attachments. */
export async function playerMails(
  db: Db,
  productId: number,
  openid: string,
  query: PlayerHistoryQuery,
): Promise<{ list: PlayerMail[]; total: number }> {
  const playerId = await playerIdOf(db, productId, openid);
  const page = await rawPage<
    DeliveryRow & { mail_id: number; title: Record<string, string>; sender: string; attachments: number }
  >(
    db,
    query,
    sql`r.mail_id, m.title, m.sender, jsonb_array_length(m.attachments)::int as attachments, ${deliveryColumns}`,
    sql`mail_recipients r join mails m on m.id = r.mail_id where r.player_id = ${playerId} and m.product_id = ${productId}`,
    sql`r.delivered_at desc, r.mail_id desc`,
  );
  return {
    total: page.total,
    list: page.rows.map((r) => ({
      mail_id: Number(r.mail_id),
      title: r.title,
      sender: r.sender,
      attachments: Number(r.attachments),
      ...deliveryOf(r),
    })),
  };
}

/** The codes a player redeemed in this game, newest first, with their batch's name. */
export async function playerRedemptions(
  db: Db,
  productId: number,
  openid: string,
  query: PlayerHistoryQuery,
): Promise<{ list: PlayerRedemption[]; total: number }> {
  await playerIdOf(db, productId, openid);
  const page = await rawPage<{
    id: number;
    batch_id: number;
    batch_name: string;
    code: string;
    role_id: string;
    created_at: Date | string;
  }>(
    db,
    query,
    sql`r.id, r.batch_id, b.name as batch_name, r.code, r.role_id, r.created_at`,
    sql`code_redemptions r join code_batches b on b.id = r.batch_id and b.product_id = r.product_id
      where r.product_id = ${productId} and r.openid = ${openid}`,
    sql`r.created_at desc, r.id desc`,
  );
  return {
    total: page.total,
    list: page.rows.map((r) => ({
      id: Number(r.id),
      batch_id: Number(r.batch_id),
      batch_name: r.batch_name,
      code: r.code,
      role_id: r.role_id,
      created_at: isoOrNull(r.created_at)!,
    })),
  };
}

/**
 * `GET /players/:openid/mails` and `GET /players/:openid/redemptions`: the profile's mail and code
 * cards (issue 27), paged, newest first, within the game of `X-Product-Id` and the player page's
 * read permission.
 */
export async function playerHistoryRoutes(fastify: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const resource = playersResource;
  const tags = [resource.name];
  app.get(
    `/${resource.name}/:openid/mails`,
    {
      schema: {
        tags,
        summary: "The mails in a player's inbox, newest first (paged)",
        params: playerParam,
        querystring: playerHistoryQuery,
      },
      config: can(resource, 'read'),
    },
    async (request) =>
      ok(await playerMails(db, scopeOf(request).productId!, request.params.openid, request.query)),
  );
  app.get(
    `/${resource.name}/:openid/redemptions`,
    {
      schema: {
        tags,
        summary: 'The codes a player redeemed, newest first (paged)',
        params: playerParam,
        querystring: playerHistoryQuery,
      },
      config: can(resource, 'read'),
    },
    async (request) =>
      ok(await playerRedemptions(db, scopeOf(request).productId!, request.params.openid, request.query)),
  );
}
