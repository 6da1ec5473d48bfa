import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { compareVersions, gameNoticesQuery, type GameNotice, type Language, textFor } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { sendTagged } from '../../lib/request.ts';
import { GAME } from '../../lib/route-access.ts';
import { gameLanguage } from '../game-api/index.ts';
import { groupMembersSql } from '../user-groups/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { announcements } from './tables.ts';

type Row = typeof announcements.$inferSelect;

/** Which of `groupIds` the player is a materialised member of (user groups' targeting subquery). */
export async function groupsOfPlayer(
  db: Db,
  productId: number,
  openid: string,
  groupIds: number[],
): Promise<Set<number>> {
  if (!groupIds.length) return new Set();
  const tests = groupIds.map(
    (id) =>
      sql`select ${id}::int as id where exists (select 1 from (${groupMembersSql(productId, id)}) m where m.player_id = (select p.id from players p where p.product_id = ${productId}::int and p.openid = ${openid}))`,
  );
  const rows = await queryRows<{ id: number }>(db, sql.join(tests, sql` union all `));
  return new Set(rows.map((row) => Number(row.id)));
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** Whether `version` is inside the notice's bounds (a player that does not say its version sees bounded notices too). */
function versionFits(row: Row, version: string): boolean {
  if (!version) return true;
  if (row.minVersion && compareVersions(version, row.minVersion) < 0) return false;
  if (row.maxVersion && compareVersions(version, row.maxVersion) > 0) return false;
  return true;
}

/**
 * The live notices one player sees now, highest priority first: live, inside their window (checked
 * here too, so a late scheduler never shows an ended one), for their channel, server and version,
 * and for a user group they are in when the notice names groups (its materialised members). Texts in their language, else zh.
 */
export async function liveNotices(
  db: Db,
  productId: number,
  query: { channel: string; server: string; version: string; openid: string; lang: string },
): Promise<GameNotice[]> {
  const rows = await db
    .select()
    .from(announcements)
    .where(
      sql`${announcements.productId} = ${productId} and ${announcements.status} = 'live'
        and (${announcements.startAt} is null or ${announcements.startAt} <= now())
        and (${announcements.endAt} is null or ${announcements.endAt} > now())
        and (${announcements.channels} = '[]'::jsonb or ${announcements.channels} @> ${JSON.stringify([query.channel])}::jsonb)
        and (${announcements.servers} = '[]'::jsonb or ${announcements.servers} @> ${JSON.stringify([query.server])}::jsonb)`,
    )
    .orderBy(sql`${announcements.priority} desc, ${announcements.id} desc`)
    .limit(200);
  const fitting = rows.filter((row) => versionFits(row, query.version));
  const groups = [...new Set(fitting.flatMap((row) => row.userGroupIds))];
  const member =
    groups.length && query.openid
      ? await groupsOfPlayer(db, productId, query.openid, groups)
      : new Set<number>();
  const lang: Language = gameLanguage(query.lang) ?? 'zh';
  return fitting
    .filter((row) => row.userGroupIds.length === 0 || row.userGroupIds.some((id) => member.has(id)))
    .map((row) => ({
      id: row.id,
      type: row.type,
      title: textFor(row.title, lang),
      body: textFor(row.body, lang),
      image_url: row.imageUrl,
      click_action: row.clickAction,
      click_target: row.clickTarget,
      priority: row.priority,
      show_rule: row.showRule,
      start_at: iso(row.startAt),
      end_at: iso(row.endAt),
      revision: row.version,
    }));
}

/**
 * `GET /api/game/v1/notices`: registered inside the signed game API. Not cached across requests
 * (it depends on the moment and on the player), but answered with an ETag of its content, so a
 * game polling with `If-None-Match` gets 304 while nothing changed.
 */
export function announcementGameRoutes(fastify: FastifyInstance, { db }: { db: Db }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/notices',
    {
      schema: {
        tags: ['game-api'],
        summary: 'The live notices a player sees now, highest priority first',
        querystring: gameNoticesQuery,
      },
      config: GAME,
    },
    async (request, reply) => {
      const caller = request.gameCaller!;
      return sendTagged(request, reply, { notices: await liveNotices(db, caller.productId, request.query) });
    },
  );
}
