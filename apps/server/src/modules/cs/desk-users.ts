import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  csUserListQuery,
  csUserNoteBody,
  csUserNoteDeleteQuery,
  csUserNoteParam,
  csUserNoteUpdateBody,
  csUserParam,
  csUsersAccess,
  type CsUser,
  type CsUserNote,
  type CsUserProfile,
  CS_USER_SORTS,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { requirePermission } from '../../lib/authenticate.ts';
import { logChange } from '../../lib/operation-log.ts';
import { ok } from '../../lib/request.ts';
import { listRoute } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { queryRows } from '../../lib/rows.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { csPlayerNoteRevisions, csPlayerNotes } from './tables.ts';
import { inGame } from '../../lib/scope.ts';

/**
 * User management (`/service/user-manage`): the players service knows — they opened a conversation
 * or sent a ticket in the game — searched by openid, role id or name; each one's profile card
 * (account, roles, device, language, tags), conversations, tickets, ratings, blacklist state, and
 * the agents' notes on them with each note's history. Everything inside the caller's CP and game.
 */

type Query = z.output<typeof csUserListQuery>;
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : null);

const SORTS: Record<string, SQL> = {
  last_contact_at: sql`k.last_contact_at`,
  openid: sql`k.openid`,
  paid_total: sql`coalesce(p.paid_total, 0)`,
  last_login_at: sql`p.last_login_at`,
};

/** The openids service knows in the game, with their counts and last contact. */
const known = (scope: ProductScope) => sql`(
  select openid, max(at) as last_contact_at, sum(c)::int as conversations, sum(t)::int as tickets
  from (
    select openid, last_message_at as at, 1 as c, 0 as t from cs_conversations
      where cp_id = ${scope.cpId} and product_id = ${scope.productId}
    union all
    select openid, updated_at, 0, 1 from tickets
      where cp_id = ${scope.cpId} and product_id = ${scope.productId}
  ) x group by openid
)`;

const activeBlacklist = (scope: ProductScope) => sql`exists (
  select 1 from cs_blacklist b where b.product_id = ${scope.productId} and b.cp_id = ${scope.cpId}
    and b.openid = k.openid and (b.expires_at is null or b.expires_at > now()))`;

function userWhere(scope: ProductScope, query: Query): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.q) {
    const q = query.q;
    const like = likeText(q);
    const byOpenid = sql`k.openid ilike ${like}`;
    const byRole = sql`(exists (select 1 from player_roles r where r.product_id = ${scope.productId}
        and r.player_id = p.id and r.role_id = ${q})
      or exists (select 1 from tickets tr where tr.cp_id = ${scope.cpId} and tr.product_id = ${scope.productId}
        and tr.openid = k.openid and tr.role_id = ${q}))`;
    const byName = sql`(p.nickname ilike ${like}
      or exists (select 1 from player_roles r where r.product_id = ${scope.productId}
        and r.player_id = p.id and r.name ilike ${like})
      or exists (select 1 from cs_conversations cn where cn.cp_id = ${scope.cpId}
        and cn.product_id = ${scope.productId} and cn.openid = k.openid and cn.nickname ilike ${like}))`;
    parts.push(
      query.by === 'openid'
        ? byOpenid
        : query.by === 'role_id'
          ? byRole
          : query.by === 'name'
            ? byName
            : sql`(${byOpenid} or ${byRole} or ${byName})`,
    );
  }
  if (query.blacklisted === 'yes') parts.push(activeBlacklist(scope));
  if (query.blacklisted === 'no') parts.push(sql`not ${activeBlacklist(scope)}`);
  return sql.join(parts, sql` and `);
}

interface UserRow {
  openid: string;
  nickname: string | null;
  channel: string | null;
  conversations: number;
  tickets: number;
  last_contact_at: string | Date;
  last_login_at: string | Date | null;
  paid_total: string | number | null;
  blacklisted: boolean;
}

export async function listCsUsers(
  db: Db,
  scope: ProductScope,
  query: Query,
): Promise<{ list: CsUser[]; total: number }> {
  const from = sql`${known(scope)} k left join players p on p.product_id = ${scope.productId} and p.openid = k.openid`;
  const where = userWhere(scope, query);
  const sort = query.sort ?? '-last_contact_at';
  const field = SORTS[sort.replace(/^-/, '')] ?? SORTS.last_contact_at!;
  const dir = sort.startsWith('-') ? sql`desc nulls last` : sql`asc nulls last`;
  const [rows, [count]] = await Promise.all([
    queryRows<UserRow>(
      db,
      sql`select k.openid, p.nickname, p.channel, k.conversations, k.tickets, k.last_contact_at,
          p.last_login_at, p.paid_total, ${activeBlacklist(scope)} as blacklisted
        from ${from} where ${where}
        order by ${field} ${dir}, k.openid asc
        limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`),
  ]);
  return {
    list: rows.map((r) => ({
      openid: r.openid,
      nickname: r.nickname ?? '',
      channel: r.channel ?? '',
      conversations: Number(r.conversations),
      tickets: Number(r.tickets),
      last_contact_at: iso(r.last_contact_at)!,
      last_login_at: iso(r.last_login_at),
      paid_total: Number(r.paid_total ?? 0),
      blacklisted: r.blacklisted,
    })),
    total: Number(count?.n ?? 0),
  };
}

/** The profile card; 404 when the game has neither an account nor a service contact of that openid. */
export async function csUserProfile(db: Db, scope: ProductScope, openid: string): Promise<CsUserProfile> {
  const { cpId, productId } = scope;
  const [player] = await queryRows<{
    id: number;
    nickname: string;
    channel: string;
    region: string;
    country: string;
    created_at: string;
    last_login_at: string | null;
    paid_total: string | number;
  }>(
    db,
    sql`select id, nickname, channel, region, country, created_at, last_login_at, paid_total
      from players where product_id = ${productId} and openid = ${openid}`,
  );
  const [conversations, ticketRows, blacklist] = await Promise.all([
    queryRows<{
      id: number;
      state: string;
      last_message: string;
      rating: number | null;
      rating_comment: string;
      created_at: string;
      lang: string;
      nickname: string;
    }>(
      db,
      sql`select id, state, last_message, rating, rating_comment, created_at, lang, nickname from cs_conversations
        where cp_id = ${cpId} and product_id = ${productId} and openid = ${openid} order by id desc limit 20`,
    ),
    queryRows<{
      id: number;
      kind: string;
      state: string;
      content: string;
      rating: number | null;
      rating_comment: string;
      created_at: string;
      lang: string;
    }>(
      db,
      sql`select id, kind, state, left(content, 200) as content, rating, rating_comment, created_at, lang
        from tickets where cp_id = ${cpId} and product_id = ${productId} and openid = ${openid}
        order by id desc limit 20`,
    ),
    queryRows<{ id: number; reason: string; expires_at: string | null }>(
      db,
      sql`select id, reason, expires_at from cs_blacklist
        where cp_id = ${cpId} and product_id = ${productId} and openid = ${openid}`,
    ),
  ]);
  if (!player && !conversations.length && !ticketRows.length) throw new ApiError(ErrorCode.NOT_FOUND);
  const [roles, [device], tags, [ratings]] = await Promise.all([
    player
      ? queryRows<CsUserProfile['roles'][number]>(
          db,
          sql`select server, role_id, name, level, vip from player_roles
            where product_id = ${productId} and player_id = ${player.id} order by last_active_at desc limit 20`,
        )
      : [],
    player
      ? queryRows<{ model: string; os: string; app_version: string }>(
          db,
          sql`select device_model as model, os, app_version from player_logins
            where player_id = ${player.id} order by at desc limit 1`,
        )
      : [],
    player
      ? queryRows<{ name: string; label: string; value: string }>(
          db,
          sql`select t.name, t.label, coalesce(v.value_text, v.value_bool::text, v.value_num::text,
              to_char(v.value_time at time zone 'UTC', 'YYYY-MM-DD')) as value
            from player_tag_values v join profile_tags t on t.id = v.tag_id
            where v.product_id = ${productId} and v.player_id = ${player.id} order by t.name limit 50`,
        )
      : [],
    queryRows<{ count: number; average: string | number | null }>(
      db,
      sql`select count(*)::int as count, round(avg(rating)::numeric, 2) as average from (
          select rating from cs_conversations where cp_id = ${cpId} and product_id = ${productId}
            and openid = ${openid} and rating is not null
          union all
          select rating from tickets where cp_id = ${cpId} and product_id = ${productId}
            and openid = ${openid} and rating is not null) r`,
    ),
  ]);
  const entry = blacklist[0];
  const expires = iso(entry?.expires_at);
  return {
    openid,
    known: !!player,
    nickname: player?.nickname || conversations.find((c) => c.nickname)?.nickname || '',
    channel: player?.channel ?? '',
    region: player?.region ?? '',
    country: player?.country ?? '',
    created_at: iso(player?.created_at),
    last_login_at: iso(player?.last_login_at),
    paid_total: Number(player?.paid_total ?? 0),
    device: device ?? null,
    language: conversations.find((c) => c.lang)?.lang ?? ticketRows.find((t) => t.lang)?.lang ?? '',
    roles: roles.map((r) => ({ ...r, level: Number(r.level), vip: Number(r.vip) })),
    tags,
    blacklist: entry
      ? {
          id: entry.id,
          reason: entry.reason,
          expires_at: expires,
          active: expires === null || Date.parse(expires) > Date.now(),
        }
      : null,
    conversations: conversations.map(({ lang: _l, nickname: _n, ...c }) => ({
      ...c,
      created_at: iso(c.created_at)!,
    })),
    tickets: ticketRows.map(({ lang: _l, ...t }) => ({ ...t, created_at: iso(t.created_at)! })),
    ratings: {
      count: Number(ratings?.count ?? 0),
      average: ratings?.average === null || ratings?.average === undefined ? null : Number(ratings.average),
    },
  };
}

type NoteRow = typeof csPlayerNotes.$inferSelect;
const noteScope = (scope: ProductScope) => inGame(csPlayerNotes, scope);

export async function csUserNotes(db: Db, scope: ProductScope, openid: string): Promise<CsUserNote[]> {
  const notes = await db
    .select()
    .from(csPlayerNotes)
    .where(and(noteScope(scope), eq(csPlayerNotes.openid, openid)))
    .orderBy(desc(csPlayerNotes.id))
    .limit(200);
  const revisions = notes.length
    ? await db
        .select()
        .from(csPlayerNoteRevisions)
        .where(
          inArray(
            csPlayerNoteRevisions.noteId,
            notes.map((n) => n.id),
          ),
        )
        .orderBy(desc(csPlayerNoteRevisions.id))
    : [];
  return notes.map((n) => toNote(n, revisions));
}

function toNote(n: NoteRow, revisions: (typeof csPlayerNoteRevisions.$inferSelect)[]): CsUserNote {
  return {
    id: n.id,
    openid: n.openid,
    body: n.deletedAt ? '' : n.body,
    created_by: n.createdBy,
    created_at: n.createdAt.toISOString(),
    updated_by: n.updatedBy || n.createdBy,
    updated_at: n.updatedAt.toISOString(),
    version: n.version,
    history: revisions
      .filter((r) => r.noteId === n.id)
      .map((r) => ({
        body: r.body,
        edited_by: r.editedBy,
        edited_at: r.editedAt.toISOString(),
        action: r.action === 'delete' ? 'delete' : 'edit',
      })),
    deleted_by: n.deletedBy,
    deleted_at: n.deletedAt?.toISOString() ?? null,
  };
}

/** A live note of the player (a deleted one, another game's or another CP's: 404001). */
async function noteOf(db: Db, scope: ProductScope, openid: string, id: number): Promise<NoteRow> {
  const [row] = await db
    .select()
    .from(csPlayerNotes)
    .where(and(noteTarget(scope, openid, id), isNull(csPlayerNotes.deletedAt)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

const noteTarget = (scope: ProductScope, openid: string, id: number) =>
  and(noteScope(scope), eq(csPlayerNotes.openid, openid), eq(csPlayerNotes.id, id))!;

export function csUserRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['cs'];
  const scope = (request: Parameters<typeof scopeOf>[0]) => scopeOf(request) as ProductScope;
  const base = '/cs/users';
  /**
   * Changes a live note in a transaction, its text before the change kept in its history; answers
   * the note as the player's notes list it.
   */
  const changeNote = async (
    s: ProductScope,
    openid: string,
    id: number,
    change: (tx: Db, before: NoteRow) => Promise<'delete' | 'edit' | undefined>,
  ) => {
    await db.transaction(async (tx) => {
      const before = await noteOf(tx, s, openid, id);
      const action = await change(tx, before);
      if (!action) return;
      await tx
        .insert(csPlayerNoteRevisions)
        .values({ noteId: id, body: before.body, editedBy: s.username, action });
    });
    const [note] = (await csUserNotes(db, s, openid)).filter((n) => n.id === id);
    return ok(note!);
  };

  listRoute(app, {
    name: 'cs-users',
    path: base,
    tags,
    summary: 'Players service knows (a conversation or a ticket), searched and sorted',
    query: csUserListQuery,
    filters: ['q', 'by', 'blacklisted'],
    sorts: CS_USER_SORTS,
    config: can(csUsersAccess, 'read'),
    list: (request, query) => listCsUsers(db, scope(request), query),
  });
  app.get(
    `${base}/:openid`,
    {
      schema: { tags, summary: "A player's profile card and service history", params: csUserParam },
      config: can(csUsersAccess, 'read'),
    },
    async (request) => ok(await csUserProfile(db, scope(request), request.params.openid)),
  );
  app.get(
    `${base}/:openid/notes`,
    {
      schema: { tags, summary: "Agents' notes on the player, each with its history", params: csUserParam },
      config: can(csUsersAccess, 'read'),
    },
    async (request) => ok({ list: await csUserNotes(db, scope(request), request.params.openid) }),
  );
  app.post(
    `${base}/:openid/notes`,
    {
      schema: { tags, summary: 'Add a note on the player', params: csUserParam, body: csUserNoteBody },
      config: can(csUsersAccess, 'update'),
    },
    async (request) => {
      const s = scope(request);
      const { openid } = request.params;
      // A note is on a player the game or service knows (the profile's 404 otherwise).
      await csUserProfile(db, s, openid);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(csPlayerNotes)
          .values({
            cpId: s.cpId,
            productId: s.productId,
            openid,
            body: request.body.body,
            createdBy: s.username,
          })
          .returning();
        await logChange(tx, s, {
          action: 'create',
          targetType: 'cs_player_note',
          targetId: created!.id,
          targetName: openid,
          after: { openid, body: created!.body },
        });
        return created!;
      });
      return ok(toNote(row, []));
    },
  );
  app.put(
    `${base}/:openid/notes/:id`,
    {
      schema: {
        tags,
        summary: 'Edit a note (its version); the text it replaces goes to its history',
        params: csUserNoteParam,
        body: csUserNoteUpdateBody,
      },
      config: can(csUsersAccess, 'update'),
    },
    async (request) => {
      const s = scope(request);
      const { openid, id } = request.params;
      return changeNote(s, openid, id, async (tx, before) => {
        if (before.body === request.body.body && before.version === request.body.version) return undefined;
        await updateVersioned(tx, csPlayerNotes, noteTarget(s, openid, id), request.body.version, {
          body: request.body.body,
          updatedBy: s.username,
        });
        await logChange(tx, s, {
          action: 'update',
          targetType: 'cs_player_note',
          targetId: id,
          targetName: openid,
          before: { body: before.body },
          after: { body: request.body.body },
        });
        return 'edit';
      });
    },
  );
  app.delete(
    `${base}/:openid/notes/:id`,
    {
      schema: {
        tags,
        summary:
          "Delete a note (its version): one's own with the page's edit permission, another agent's with its delete permission; its text goes to its history",
        params: csUserNoteParam,
        querystring: csUserNoteDeleteQuery,
      },
      config: can(csUsersAccess, 'update'),
    },
    async (request) => {
      const s = scope(request);
      const { openid, id } = request.params;
      return changeNote(s, openid, id, async (tx, before) => {
        // Another agent's note: only for those who may delete on the page (the service admins).
        if (before.createdBy !== s.username)
          await requirePermission(tx, request, csUsersAccess.permissions.delete);
        await updateVersioned(tx, csPlayerNotes, noteTarget(s, openid, id), request.query.version, {
          body: '',
          deletedBy: s.username,
          deletedAt: new Date(),
          updatedBy: s.username,
        });
        await logChange(tx, s, {
          action: 'delete',
          targetType: 'cs_player_note',
          targetId: id,
          targetName: openid,
          before: { openid, body: before.body, created_by: before.createdBy },
        });
        return 'delete';
      });
    },
  );
}
