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
import { ok } from '../../lib/request.ts';
import { isoOrNull, queryRows } from '../../lib/rows.ts';
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
  const where = sql`r.player_id = ${playerId} and m.product_id = ${productId}`;
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from mail_recipients r join mails m on m.id = r.mail_id where ${where}`,
  );
  const rows = await queryRows<{
    mail_id: number;
    title: Record<string, string>;
    sender: string;
    attachments: number;
    state: PlayerMail['state'];
    delivered_at: Date | string;
    read_at: Date | string | null;
    claimed_at: Date | string | null;
    claimed_role_id: string;
  }>(
    db,
    sql`select r.mail_id, m.title, m.sender, jsonb_array_length(m.attachments)::int as attachments, r.state,
        r.delivered_at, r.read_at, r.claimed_at, r.claimed_role_id
      from mail_recipients r join mails m on m.id = r.mail_id where ${where}
      order by r.delivered_at desc, r.mail_id desc
      limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
  );
  return {
    total: Number(total!.n),
    list: rows.map((r) => ({
      mail_id: Number(r.mail_id),
      title: r.title,
      sender: r.sender,
      attachments: Number(r.attachments),
      state: r.state,
      delivered_at: isoOrNull(r.delivered_at)!,
      read_at: isoOrNull(r.read_at),
      claimed_at: isoOrNull(r.claimed_at),
      claimed_role_id: r.claimed_role_id,
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
  const where = sql`r.product_id = ${productId} and r.openid = ${openid}`;
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from code_redemptions r where ${where}`,
  );
  const rows = await queryRows<{
    id: number;
    batch_id: number;
    batch_name: string;
    code: string;
    role_id: string;
    created_at: Date | string;
  }>(
    db,
    sql`select r.id, r.batch_id, b.name as batch_name, r.code, r.role_id, r.created_at
      from code_redemptions r join code_batches b on b.id = r.batch_id and b.product_id = r.product_id
      where ${where}
      order by r.created_at desc, r.id desc
      limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
  );
  return {
    total: Number(total!.n),
    list: rows.map((r) => ({
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
