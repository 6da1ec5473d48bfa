import { and, asc, desc, eq, gt, ilike, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CsQueue } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema.ts';
import { csConversations, csMessages } from './tables.ts';

/**
 * The reads of a live conversation, made for every message (the agent's read of what is new, the
 * player's socket or poll, the queue's list), as named prepared statements: each is built once per
 * database (the query builder's work) and PostgreSQL parses and plans it once per connection. A
 * conversation and its new messages are one statement (a left join on the one conversation), so a
 * read is one round trip on one connection instead of two side by side.
 */

const made = new WeakMap<Db, Map<string, unknown>>();
let statements = 0;

/** `db`'s statement `key`, made by `make` (with a name of its own) the first time. */
function prepared<T>(db: Db, key: string, make: (name: string) => T): T {
  let byKey = made.get(db);
  if (!byKey) made.set(db, (byKey = new Map()));
  let statement = byKey.get(key) as T | undefined;
  if (!statement) byKey.set(key, (statement = make(`cs_${key}_${++statements}`)));
  return statement;
}

const p = (name: string) => sql.placeholder(name);

/** Messages an agent reads at once (the workbench pages back by `after`). */
export const AGENT_READ_LIMIT = 500;
/** Messages a player's read answers at once. */
export const PLAYER_READ_LIMIT = 200;

/**
 * `reader`'s read of conversation `id`: the `fields` it needs of the conversation, with its messages
 * after `after` (those `shown`), by id, `limit` at most: no row when there is no such conversation
 * of `owner`, one row with a null message when nothing is new.
 */
function readStatement<T extends Record<string, PgColumn>>(
  db: Db,
  reader: 'agent' | 'player',
  fields: T,
  scope: { owner: SQL[]; shown?: SQL; limit: number },
) {
  return prepared(db, `${reader}_read`, (name) =>
    db
      .select({ ...fields, message: csMessages })
      .from(csConversations)
      .leftJoin(
        csMessages,
        and(eq(csMessages.conversationId, csConversations.id), gt(csMessages.id, p('after')), scope.shown),
      )
      .where(and(eq(csConversations.id, p('id')), ...scope.owner))
      .orderBy(asc(csMessages.id))
      .limit(scope.limit)
      .prepare(name),
  );
}

/**
 * The conversation `id` of the CP and game (what an agent's read needs of it) with its messages
 * after `after`, notes included (see `readStatement`).
 */
export function agentReadStatement(db: Db) {
  const { assigneeId, agentReadId, playerReadId } = csConversations;
  return readStatement(
    db,
    'agent',
    { assigneeId, agentReadId, playerReadId },
    {
      owner: [eq(csConversations.cpId, p('cp')), eq(csConversations.productId, p('product'))],
      limit: AGENT_READ_LIMIT,
    },
  );
}

/**
 * The player's own conversation (what the player is shown of it) with its messages after `after`,
 * never notes (see `readStatement`).
 */
export function playerReadStatement(db: Db) {
  const { id, state, assigneeId, rating, createdAt, agentReadId, playerReadId } = csConversations;
  return readStatement(
    db,
    'player',
    { id, state, assigneeId, rating, createdAt, agentReadId, playerReadId },
    {
      owner: [eq(csConversations.productId, p('product')), eq(csConversations.openid, p('openid'))],
      shown: ne(csMessages.kind, 'note'),
      limit: PLAYER_READ_LIMIT,
    },
  );
}

/** Moves `reader`'s read marker of conversation `id` up to `read` (never back). */
function readMarkStatement(db: Db, reader: 'agent' | 'player') {
  const marker = reader === 'agent' ? csConversations.agentReadId : csConversations.playerReadId;
  return prepared(db, `${reader}_mark`, (name) =>
    db
      .update(csConversations)
      .set({ [reader === 'agent' ? 'agentReadId' : 'playerReadId']: sql`${p('read')}` })
      .where(and(eq(csConversations.id, p('id')), lt(marker, p('read'))))
      .prepare(name),
  );
}

/** Moves the agent's read marker of conversation `id` up to `read` (never back). */
export const agentReadMarkStatement = (db: Db) => readMarkStatement(db, 'agent');

/** Moves the player's read marker of conversation `id` up to `read` (never back). */
export const playerReadMarkStatement = (db: Db) => readMarkStatement(db, 'player');

/** Player messages the agents have not read, per conversation listed. */
export const unreadCount = sql<number>`(select count(*)::int from ${csMessages} m where m.conversation_id = ${csConversations.id} and m.author = 'player' and m.id > ${csConversations.agentReadId})`;

/** A queue's list shape: the queue, and whether a state and a search narrow it. */
export interface QueueShape {
  queue: CsQueue;
  state: boolean;
  q: boolean;
}

/** The conditions of a queue's list, with placeholders (`cp`, `product`, `user`, `state`, `like`). */
export function queueConditions(shape: QueueShape): SQL {
  const where: (SQL | undefined)[] = [
    eq(csConversations.cpId, p('cp')),
    eq(csConversations.productId, p('product')),
  ];
  if (shape.queue === 'mine') {
    where.push(eq(csConversations.assigneeId, p('user')), ne(csConversations.state, 'resolved'));
  } else if (shape.queue === 'unassigned') {
    where.push(isNull(csConversations.assigneeId), eq(csConversations.state, 'open'));
  }
  if (shape.state) where.push(eq(csConversations.state, p('state')));
  if (shape.q)
    where.push(or(ilike(csConversations.openid, p('like')), ilike(csConversations.nickname, p('like'))));
  return and(...where)!;
}

/**
 * A page of a queue's list, latest message first, each row with the list's total (a subquery on the
 * same conditions, evaluated once): the page and its count in one statement, one per shape.
 */
export function queuePageStatement(db: Db, shape: QueueShape) {
  return prepared(db, `queue_${shape.queue}_${shape.state ? 's' : ''}${shape.q ? 'q' : ''}`, (name) => {
    const where = queueConditions(shape);
    return db
      .select({
        row: csConversations,
        assigneeName: users.username,
        unread: unreadCount,
        total: sql<number>`(select count(*)::int from ${csConversations} where ${where})`,
      })
      .from(csConversations)
      .leftJoin(users, eq(users.id, csConversations.assigneeId))
      .where(where)
      .orderBy(desc(csConversations.lastMessageAt), desc(csConversations.id))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare(name);
  });
}

/** The count of a queue's list (a page past its end has no row to carry it). */
export function queueCountStatement(db: Db, shape: QueueShape) {
  return prepared(db, `queue_count_${shape.queue}_${shape.state ? 's' : ''}${shape.q ? 'q' : ''}`, (name) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(csConversations)
      .where(queueConditions(shape))
      .prepare(name),
  );
}
