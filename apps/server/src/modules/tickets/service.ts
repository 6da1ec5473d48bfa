import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_ROLE,
  ErrorCode,
  FALLBACK_LANGUAGE,
  TICKET_PRIORITIES,
  TICKET_REOPEN_DAYS,
  TICKET_STATES,
  repliesInLanguage,
  ticketActions,
  ticketTarget,
  type CannedReply,
  type GameTicket,
  type GameTicketBody,
  type I18nText,
  type Language,
  type OptionalI18nText,
  type TicketAction,
  type TicketCounts,
  type TicketDetail,
  type TicketItem,
  type TicketKind,
  type TicketListQuery,
  type TicketReply,
  type TicketState,
  type TicketTypeOption,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { cpLanguage } from '../../lib/cp-language.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, ruleError } from '../../lib/problems.ts';
import { queryRows } from '../../lib/rows.ts';
import { autoReplyRules } from '../auto-replies/tables.ts';
import { enabledFeedbackType } from '../feedback-types/index.ts';
import { feedbackTypes } from '../feedback-types/tables.ts';
import { gameLanguage } from '../game-api/index.ts';
import { ticketReplies, tickets } from './tables.ts';
import { inGame, rowInGame } from '../../lib/scope.ts';

export type TicketRow = typeof tickets.$inferSelect;
type ReplyRow = typeof ticketReplies.$inferSelect;
const DAY_MS = 24 * 3600 * 1000;
const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** 422001 naming the state, the action and what the state allows (and why, when it is a rule of time). */
export function illegalTicketMove(
  lang: Language,
  state: TicketState,
  action: string,
  reason?: string,
): ApiError {
  return ruleError(lang, 'not_in_this_state', {
    state,
    action,
    allowed: ticketActions(state),
    ...(reason ? { reason } : {}),
  });
}

/** The state `action` leads to from `state`, or 422001. */
export function checkTicketMove(lang: Language, state: TicketState, action: TicketAction): TicketState {
  const to = ticketTarget(state, action);
  if (!to) throw illegalTicketMove(lang, state, action);
  return to;
}

/** Whether the player may still reopen: resolved or closed, within 7 days of the resolution. */
export function canReopen(row: Pick<TicketRow, 'state' | 'resolvedAt'>, now = Date.now()): boolean {
  if (!ticketTarget(row.state, 'reopen') || !row.resolvedAt) return false;
  return now - row.resolvedAt.getTime() <= TICKET_REOPEN_DAYS * DAY_MS;
}

export function toTicket(
  row: TicketRow,
  type: { code: string; name: Partial<I18nText> },
  assignee: { id: number; username: string } | null,
): TicketItem {
  return {
    id: row.id,
    kind: row.kind,
    type_id: row.typeId,
    type_code: type.code,
    type_name: type.name,
    state: row.state,
    priority: row.priority,
    openid: row.openid,
    role_id: row.roleId,
    role_name: row.roleName,
    server: row.server,
    channel: row.channel,
    content: row.content,
    attachments: row.attachments,
    order_no: row.orderNo,
    device: row.device,
    os: row.os,
    app_version: row.appVersion,
    lang: row.lang,
    reported_openid: row.reportedOpenid,
    reported_role: row.reportedRole,
    assignee,
    rating: row.rating,
    rating_comment: row.ratingComment,
    rated_at: iso(row.ratedAt),
    resolved_at: iso(row.resolvedAt),
    closed_at: iso(row.closedAt),
    reopen_count: row.reopenCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

function toReply(row: ReplyRow): TicketReply {
  return {
    id: row.id,
    author_type: row.authorType,
    author_name: row.authorName,
    body: row.body,
    internal: row.internal,
    attachments: row.attachments,
    created_at: row.createdAt.toISOString(),
  };
}

const selection = {
  ticket: tickets,
  typeCode: feedbackTypes.code,
  typeName: feedbackTypes.name,
  assigneeName: users.username,
};
type Joined = { ticket: TicketRow; typeCode: string; typeName: I18nText; assigneeName: string | null };
const fromJoined = (r: Joined) =>
  toTicket(
    r.ticket,
    { code: r.typeCode, name: r.typeName },
    r.ticket.assigneeId ? { id: r.ticket.assigneeId, username: r.assigneeName ?? '' } : null,
  );

function joined(db: Db) {
  return db
    .select(selection)
    .from(tickets)
    .innerJoin(feedbackTypes, eq(feedbackTypes.id, tickets.typeId))
    .leftJoin(users, eq(users.id, tickets.assigneeId));
}

export type TicketFilters = Omit<TicketListQuery, 'page' | 'page_size' | 'sort'>;

/** The queue's filters, always inside the caller's CP, product and queue (kind). */
export function ticketWhere(scope: ProductScope, f: TicketFilters): SQL {
  const parts: SQL[] = [sql`${tickets.cpId} = ${scope.cpId}`, sql`${tickets.productId} = ${scope.productId}`];
  // The service desk's queue holds both kinds (optionally one, `source`); the others their own.
  if (f.kind !== 'service') parts.push(sql`${tickets.kind} = ${f.kind}`);
  else if (f.source) parts.push(sql`${tickets.kind} = ${f.source}`);
  if (f.state) parts.push(sql`${tickets.state} = ${f.state}`);
  // A type and its subtree: the types reached from the code's type through `parent_id`.
  if (f.type)
    parts.push(sql`${tickets.typeId} in (
      with recursive sub(id) as (
        select id from feedback_types where product_id = ${scope.productId} and code = ${f.type}
        union select ft.id from feedback_types ft join sub on ft.parent_id = sub.id
      ) select id from sub)`);
  if (f.assignee === 'mine') parts.push(sql`${tickets.assigneeId} = ${scope.userId}`);
  else if (f.assignee === 'unassigned') parts.push(sql`${tickets.assigneeId} is null`);
  else if (f.assignee) parts.push(sql`${tickets.assigneeId} = ${Number(f.assignee)}`);
  if (f.channel) parts.push(sql`${tickets.channel} = ${f.channel}`);
  if (f.openid) parts.push(sql`${tickets.openid} = ${f.openid}`);
  if (f.rated === 'yes') parts.push(sql`${tickets.rating} is not null`);
  if (f.rated === 'no') parts.push(sql`${tickets.rating} is null`);
  if (f.from) parts.push(sql`${tickets.createdAt} >= ${`${f.from}T00:00:00Z`}::timestamptz`);
  if (f.to) parts.push(sql`${tickets.createdAt} < (${`${f.to}T00:00:00Z`}::timestamptz + interval '1 day')`);
  return sql.join(parts, sql` and `);
}

const priorityRank = sql`array_position(array[${sql.join(
  TICKET_PRIORITIES.map((p) => sql`${p}`),
  sql`, `,
)}]::text[], ${tickets.priority})`;

export async function listTickets(
  db: Db,
  scope: ProductScope,
  query: TicketListQuery,
): Promise<{ list: TicketItem[]; total: number }> {
  const { page, page_size: size, sort, ...filters } = query;
  const where = ticketWhere(scope, filters);
  const field = (sort ?? '-created_at').replace(/^-/, '');
  const dir = sort?.startsWith('-') || !sort ? desc : asc;
  const column =
    field === 'priority'
      ? priorityRank
      : field === 'updated_at'
        ? tickets.updatedAt
        : field === 'id'
          ? tickets.id
          : tickets.createdAt;
  const rows = await joined(db)
    .where(where)
    .orderBy(dir(column), desc(tickets.id))
    .limit(size)
    .offset((page - 1) * size);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .innerJoin(feedbackTypes, eq(feedbackTypes.id, tickets.typeId))
    .where(where);
  return { list: rows.map((r) => fromJoined(r as Joined)), total: Number(count?.n ?? 0) };
}

/** Rows for an export, by id after `afterId`. */
export async function ticketBatch(
  db: Db,
  scope: ProductScope,
  filters: TicketFilters,
  afterId: number,
  limit: number,
): Promise<TicketItem[]> {
  const rows = await joined(db)
    .where(sql`${ticketWhere(scope, filters)} and ${tickets.id} > ${afterId}`)
    .orderBy(asc(tickets.id))
    .limit(limit);
  return rows.map((r) => fromJoined(r as Joined));
}

/** The kind and product of a ticket (to pick the page whose permissions guard it), or 404. */
export async function ticketKind(
  db: Db,
  id: number,
): Promise<{ kind: TicketKind; productId: number; cpId: number }> {
  const [row] = await db
    .select({ kind: tickets.kind, productId: tickets.productId, cpId: tickets.cpId })
    .from(tickets)
    .where(eq(tickets.id, id));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

/** The ticket inside the caller's CP and product, locked when `lock`; 404 otherwise. */
export async function ticketOf(db: Db, scope: ProductScope, id: number, lock = false): Promise<TicketRow> {
  const query = db
    .select()
    .from(tickets)
    .where(rowInGame(tickets, scope, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

export async function ticketItemOf(db: Db, scope: ProductScope, id: number): Promise<TicketItem> {
  const [row] = await joined(db).where(rowInGame(tickets, scope, id));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return fromJoined(row as Joined);
}

export async function ticketDetail(db: Db, scope: ProductScope, id: number): Promise<TicketDetail> {
  const item = await ticketItemOf(db, scope, id);
  const replies = await db
    .select()
    .from(ticketReplies)
    .where(eq(ticketReplies.ticketId, id))
    .orderBy(asc(ticketReplies.id));
  return { ...item, replies: replies.map(toReply), actions: ticketActions(item.state) };
}

/** Staff of the CP who may work the queue: the page's see permission (or the admin role), not disabled. */
export async function assignees(
  db: Db,
  cpId: number,
  see: string | readonly string[],
): Promise<{ id: number; username: string }[]> {
  const pages = typeof see === 'string' ? [see] : see;
  return queryRows<{ id: number; username: string }>(
    db,
    sql`select u.id, u.username from users u where u.cp_id = ${cpId} and not u.disabled and exists (
      select 1 from user_roles ur join roles r on r.id = ur.role_id
      left join role_permissions rp on rp.role_id = r.id
      where ur.user_id = u.id and not r.disabled and (r.identifier = ${ADMIN_ROLE} or rp.resource in (${sql.join(
        pages.map((p) => sql`${p}`),
        sql`, `,
      )}))
    ) order by u.username limit 500`,
  );
}

/** Moves a locked ticket by `action` (checked), sets `values` too, bumps its version and logs. */
export async function moveTicket(
  tx: Db,
  scope: ProductScope | null,
  row: TicketRow,
  action: TicketAction,
  values: Partial<typeof tickets.$inferInsert> = {},
): Promise<TicketRow> {
  const to = checkTicketMove(scope?.lang ?? FALLBACK_LANGUAGE, row.state, action);
  const now = new Date();
  const [moved] = await tx
    .update(tickets)
    .set({
      ...values,
      state: to,
      ...(to === 'resolved' ? { resolvedAt: now } : {}),
      ...(to === 'closed' ? { closedAt: now } : {}),
      ...(action === 'reopen' ? { closedAt: null, reopenCount: row.reopenCount + 1 } : {}),
      version: row.version + 1,
      updatedAt: now,
    })
    .where(eq(tickets.id, row.id))
    .returning();
  if (scope)
    await logChange(tx, scope, {
      action: 'update',
      targetType: 'ticket',
      targetId: String(row.id),
      targetName: `#${row.id}`,
      before: { state: row.state, assignee_id: row.assigneeId },
      after: { state: moved!.state, assignee_id: moved!.assigneeId, action },
    });
  return moved!;
}

/** A feedback type of the product by code (enabled), or 400001 on `type`. */
export async function typeByCode(db: Db, productId: number, code: string, lang: Language) {
  const type = await enabledFeedbackType(db, productId, code);
  if (!type) new FieldProblems(lang).add('type', 'unknown_ref').throwIfAny();
  return type!;
}

/** The type's required fields: order number, screenshot, server and role. 400001 naming each missing one. */
export function checkRequired(
  type: { requireOrderNo: boolean; requireScreenshot: boolean; requireServerRole: boolean },
  body: GameTicketBody,
  lang: Language,
): void {
  const problems = new FieldProblems(lang);
  if (type.requireOrderNo && !body.order_no) problems.add('order_no', 'required');
  if (type.requireScreenshot && body.attachments.length === 0) problems.add('attachments', 'required');
  if (type.requireServerRole && !body.server) problems.add('server', 'required');
  if (type.requireServerRole && !body.role_id) problems.add('role_id', 'required');
  problems.throwIfAny();
}

/** Stores a player's submission with the type's first automatic reply (when it has one). */
export async function submitTicket(
  db: Db,
  product: { cpId: number; productId: number },
  body: GameTicketBody,
  lang: Language,
  gameLang: Language | undefined,
): Promise<{ row: TicketRow; type: typeof feedbackTypes.$inferSelect }> {
  const type = await typeByCode(db, product.productId, body.type, lang);
  checkRequired(type, body, lang);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tickets)
      .values({
        cpId: product.cpId,
        productId: product.productId,
        kind: body.kind,
        typeId: type.id,
        openid: body.openid,
        roleId: body.role_id,
        roleName: body.role_name,
        server: body.server,
        channel: body.channel,
        content: body.content,
        attachments: body.attachments,
        orderNo: body.order_no,
        device: body.device,
        os: body.os,
        appVersion: body.app_version,
        lang: body.lang,
        reportedOpenid: body.reported_openid,
        reportedRole: body.reported_role,
      })
      .returning();
    const auto = autoReplyText(type.autoReply, gameLang);
    if (auto)
      await tx
        .insert(ticketReplies)
        .values({ ticketId: row!.id, authorType: 'system', body: auto, internal: false });
    return { row: row!, type };
  });
}

/** The type's automatic reply in the player's language, else zh, else any; '' when it has none. */
export function autoReplyText(text: OptionalI18nText | null | undefined, lang: Language | undefined): string {
  if (!text) return '';
  const byLang = text as Partial<Record<string, string>>;
  return (
    (lang && byLang[lang]?.trim()) || byLang.zh?.trim() || Object.values(byLang).find((v) => v?.trim()) || ''
  );
}

/** The player's ticket (their openid in the caller's product), locked; 404 otherwise (never another's). */
export async function playerTicket(
  tx: Db,
  productId: number,
  id: number,
  openid: string,
): Promise<TicketRow> {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), eq(tickets.productId, productId), eq(tickets.openid, openid)))
    .for('update');
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

/** The player's tickets with the public thread (no internal notes, no staff names), newest first. */
export async function gameTickets(
  db: Db,
  productId: number,
  openid: string,
  lang: Language | undefined,
): Promise<GameTicket[]> {
  const rows = await db
    .select({ ticket: tickets, typeCode: feedbackTypes.code, typeName: feedbackTypes.name })
    .from(tickets)
    .innerJoin(feedbackTypes, eq(feedbackTypes.id, tickets.typeId))
    .where(and(eq(tickets.productId, productId), eq(tickets.openid, openid)))
    .orderBy(desc(tickets.id))
    .limit(100);
  if (!rows.length) return [];
  const replies = await db
    .select()
    .from(ticketReplies)
    .where(
      sql`${ticketReplies.ticketId} in (${sql.join(
        rows.map((r) => sql`${r.ticket.id}`),
        sql`, `,
      )}) and ${ticketReplies.internal} = false`,
    )
    .orderBy(asc(ticketReplies.id));
  const now = Date.now();
  return rows.map(({ ticket: t, typeCode, typeName }) => ({
    id: t.id,
    kind: t.kind,
    type: typeCode,
    type_name: (lang && typeName[lang]) || typeName.zh,
    state: t.state,
    content: t.content,
    attachments: t.attachments,
    created_at: t.createdAt.toISOString(),
    resolved_at: iso(t.resolvedAt),
    can_reopen: canReopen(t, now),
    can_rate: (t.state === 'resolved' || t.state === 'closed') && t.rating === null,
    rating: t.rating,
    rating_comment: t.ratingComment,
    replies: replies
      .filter((r) => r.ticketId === t.id)
      .map((r) => ({
        id: r.id,
        from: r.authorType === 'player' ? ('player' as const) : ('staff' as const),
        body: r.body,
        attachments: r.attachments,
        created_at: r.createdAt.toISOString(),
      })),
  }));
}

export async function addReply(
  tx: Db,
  ticketId: number,
  reply: {
    authorType: 'staff' | 'player' | 'system';
    authorId?: number;
    authorName?: string;
    body: string;
    internal?: boolean;
    attachments?: string[];
  },
): Promise<TicketReply> {
  const [row] = await tx
    .insert(ticketReplies)
    .values({
      ticketId,
      authorType: reply.authorType,
      authorId: reply.authorId ?? null,
      authorName: reply.authorName ?? '',
      body: reply.body,
      internal: reply.internal ?? false,
      attachments: reply.attachments ?? [],
    })
    .returning();
  return toReply(row!);
}

/** Counts of the queue by state and by type (with the list's other filters, except state). */
export async function ticketCounts(
  db: Db,
  scope: ProductScope,
  filters: TicketFilters,
): Promise<TicketCounts> {
  const where = ticketWhere(scope, { ...filters, state: undefined });
  const byState = await db
    .select({ state: tickets.state, n: sql<number>`count(*)::int` })
    .from(tickets)
    .innerJoin(feedbackTypes, eq(feedbackTypes.id, tickets.typeId))
    .where(where)
    .groupBy(tickets.state);
  const byType = await db
    .select({ code: feedbackTypes.code, name: feedbackTypes.name, n: sql<number>`count(*)::int` })
    .from(tickets)
    .innerJoin(feedbackTypes, eq(feedbackTypes.id, tickets.typeId))
    .where(where)
    .groupBy(feedbackTypes.code, feedbackTypes.name)
    .orderBy(desc(sql`count(*)`))
    .limit(50);
  const states = Object.fromEntries(TICKET_STATES.map((s) => [s, 0])) as Record<TicketState, number>;
  for (const r of byState) states[r.state] = Number(r.n);
  return {
    by_state: states,
    by_type: byType.map((r) => ({ type_code: r.code, type_name: r.name, count: Number(r.n) })),
    total: Object.values(states).reduce((a, b) => a + b, 0),
  };
}

/**
 * The game's feedback types as a tree, depth-first in their order (the queue's type filter: a type
 * picked holds its subtypes' tickets too).
 */
export async function typeOptions(db: Db, scope: ProductScope): Promise<TicketTypeOption[]> {
  const rows = await db
    .select({
      id: feedbackTypes.id,
      parentId: feedbackTypes.parentId,
      code: feedbackTypes.code,
      name: feedbackTypes.name,
    })
    .from(feedbackTypes)
    .where(inGame(feedbackTypes, scope))
    .orderBy(asc(feedbackTypes.sort), asc(feedbackTypes.id))
    .limit(1000);
  const children = new Map<number | null, typeof rows>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const out: TicketTypeOption[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const row of children.get(parent) ?? []) {
      out.push({ code: row.code, name: row.name, depth });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/**
 * Canned replies: the text replies of the product's enabled automatic-reply rules. For a ticket, each
 * rule offers its texts in the ticket's language (the player's), else those for any language, else
 * the CP's language, then zh (`repliesInLanguage`); a rule with none of these offers nothing.
 */
export async function cannedReplies(db: Db, scope: ProductScope, ticketId?: number): Promise<CannedReply[]> {
  const ticket = ticketId === undefined ? null : await ticketOf(db, scope, ticketId);
  const lang = ticket ? gameLanguage(ticket.lang) : null;
  const cpLang = await cpLanguage(db, scope.cpId);
  const rules = await db
    .select({ id: autoReplyRules.id, name: autoReplyRules.name, replies: autoReplyRules.replies })
    .from(autoReplyRules)
    .where(and(inGame(autoReplyRules, scope), eq(autoReplyRules.enabled, true)))
    .orderBy(desc(autoReplyRules.priority), asc(autoReplyRules.id))
    .limit(200);
  return rules.flatMap((rule) => {
    const offered = new Set(ticket ? repliesInLanguage(rule.replies, lang, cpLang) : rule.replies);
    return rule.replies.flatMap((reply, i) =>
      reply.type === 'text' && offered.has(reply)
        ? [{ id: `${rule.id}-${i}`, title: rule.name, text: reply.text, lang: reply.lang ?? '' }]
        : [],
    );
  });
}

/**
 * Closes resolved tickets whose resolution is older than the reopen window (the scheduler's daily
 * sweep; also callable directly). Answers how many it closed.
 */
export async function autoCloseTickets(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - TICKET_REOPEN_DAYS * DAY_MS);
  const closed = await db
    .update(tickets)
    .set({ state: 'closed', closedAt: now, updatedAt: now, version: sql`${tickets.version} + 1` })
    .where(
      and(eq(tickets.state, 'resolved'), sql`${tickets.resolvedAt} < ${cutoff.toISOString()}::timestamptz`),
    )
    .returning({ id: tickets.id });
  return closed.length;
}
