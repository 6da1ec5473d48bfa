import { and, asc, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  CS_DEFAULT_CAPACITY,
  CS_HANDOFF_WORDS,
  ErrorCode,
  inBusinessHours,
  pickLanguage,
  repliesInLanguage,
  type CsAgentState,
  type CsAgentStatus,
  type CsConversation,
  type CsEvent,
  type CsLiveData,
  type CsMessage,
  type CsQueue,
  type CsState,
  type GameCsConversation,
  type GameCsMessage,
  type Language,
  type Reply,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { channelIdOfCode } from '../../lib/channel-ref.ts';
import { cpLanguage } from '../../lib/cp-language.ts';
import type { EventBus } from '../../lib/events.ts';
import { fieldError, isUniqueViolation, ruleError } from '../../lib/problems.ts';
import { autoReplySpecials } from '../auto-replies/tables.ts';
import { matchAutoReply } from '../auto-replies/index.ts';
import { players } from '../players/tables.ts';
import { closedDaysOf, settingsOf } from './settings.ts';
import { feedbackTypeIdOf } from './classification.ts';
import {
  csAgents,
  csBlacklist,
  csConversations,
  csMessages,
  csRuleHits,
  csSettings,
  csTeams,
} from './tables.ts';
import { readConversation } from './read-conversation.ts';
import {
  agentReadMarkStatement,
  agentReadStatement,
  playerReadMarkStatement,
  playerReadStatement,
  queueCountStatement,
  queuePageStatement,
  unreadCount,
} from './hot-reads.ts';
import { rowInGame } from '../../lib/scope.ts';

export type ConversationRow = typeof csConversations.$inferSelect;
type MessageRow = typeof csMessages.$inferSelect;
type NewMessage = Omit<typeof csMessages.$inferInsert, 'conversationId'>;

/** States in which a conversation counts against its agent's capacity. */
const ACTIVE: CsState[] = ['open', 'snoozed'];

/** Advisory lock class of assignment: one assigner per CP at a time, on every instance. */
const ASSIGN_LOCK = 727032;

/** Changes to tell the consoles once the transaction that made them has committed. */
export type Notices = { cpId: number; data: CsLiveData }[];

export function publish(events: EventBus, notices: Notices): void {
  const seen = new Set<string>();
  for (const { cpId, data } of notices) {
    const key = `${data.conversation_id}:${data.what}`;
    if (seen.has(key)) continue;
    seen.add(key);
    events.publish({ topic: 'cs', cpId, userId: data.assignee_id ?? 0, data });
  }
}

/** A message as the conversation list shows it. */
const previewOf = (message: Pick<MessageRow, 'kind' | 'body'>) =>
  message.kind === 'image' ? '[image]' : message.body.slice(0, 200);

/**
 * What to tell of `row` as it now stands; `before`, the row as the change found it, when the change
 * may have moved it (its agent or state): those who listed it there hear that it left.
 */
export function notice(
  row: Pick<ConversationRow, 'id' | 'cpId' | 'productId' | 'assigneeId' | 'state'>,
  what: CsLiveData['what'],
  extra: Pick<CsLiveData, 'by' | 'note' | 'author' | 'last_message' | 'last_message_at'> = {},
  before?: Pick<ConversationRow, 'assigneeId' | 'state'>,
): Notices[number] {
  const data: CsLiveData = {
    product_id: row.productId,
    conversation_id: row.id,
    what,
    state: row.state,
    assignee_id: row.assigneeId,
    ...extra,
  };
  if (before && before.assigneeId !== row.assigneeId) data.previous_assignee_id = before.assigneeId;
  if (before && before.state !== row.state) data.previous_state = before.state;
  return { cpId: row.cpId, data };
}

/** The notice of one message that is now the conversation's last: it carries it as the list shows it. */
function messageNotice(
  row: Parameters<typeof notice>[0],
  message: MessageRow,
  by?: number,
  before?: Parameters<typeof notice>[3],
): Notices[number] {
  const shown = {
    author: message.author,
    last_message: previewOf(message),
    last_message_at: message.createdAt.toISOString(),
  };
  return notice(row, 'message', by === undefined ? shown : { ...shown, by }, before);
}

// ---- Handoff words and the bot ----

/**
 * Whether a player's text asks for a person: it is one of the handoff words, holds one written in
 * a script without spaces (人工, موظف…), or has a Latin one as a word of its own.
 */
export function asksForPerson(input: string): boolean {
  const text = input.trim().toLowerCase();
  if (!text) return false;
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return CS_HANDOFF_WORDS.some((word) => {
    const w = word.toLowerCase();
    if (text === w) return true;
    if (/^[\x20-\x7e]+$/.test(w)) return !w.includes(' ') ? words.includes(w) : text.includes(w);
    return text.includes(w);
  });
}

/** A bot message per automatic reply (links and cards as their title and address). */
function botMessages(replies: Reply[]): NewMessage[] {
  return replies.map((reply) => {
    if (reply.type === 'image') return { author: 'bot', kind: 'image', imageUrl: reply.url };
    if (reply.type === 'text') return { author: 'bot', kind: 'text', body: reply.text };
    return { author: 'bot', kind: 'text', body: `${reply.title}\n${reply.url}` };
  });
}

// ---- Reading ----

export const systemMessage = (event: CsEvent, authorName = ''): NewMessage => ({
  author: 'system',
  kind: 'event',
  event,
  authorName,
});

export async function addMessages(tx: Db, row: ConversationRow, list: NewMessage[]): Promise<MessageRow[]> {
  if (list.length === 0) return [];
  const added = await tx
    .insert(csMessages)
    .values(list.map((m) => ({ ...m, conversationId: row.id })))
    .returning();
  const shown = [...added].reverse().find((m) => m.kind !== 'note' && m.kind !== 'event');
  if (shown) {
    await tx
      .update(csConversations)
      .set({
        lastMessageAt: shown.createdAt,
        lastMessage: previewOf(shown),
        updatedAt: new Date(),
      })
      .where(eq(csConversations.id, row.id));
  }
  return added;
}

/** A message row as the database answers a statement written by hand (snake_case, bigint as text). */
function messageOf(r: Record<string, unknown>): MessageRow {
  return {
    id: Number(r.id),
    conversationId: Number(r.conversation_id),
    author: r.author as MessageRow['author'],
    authorId: r.author_id === null ? null : Number(r.author_id),
    authorName: String(r.author_name),
    kind: r.kind as MessageRow['kind'],
    body: String(r.body),
    imageUrl: String(r.image_url),
    event: (r.event ?? null) as MessageRow['event'],
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
  };
}

/**
 * The everyday message — a text or an image to a conversation that needs no other change — in one
 * statement instead of a transaction of five round trips: the conversation `match` finds is locked,
 * and when `fits` holds of it the message is added and becomes its last message. `refused` (a
 * condition of its own, such as the player's blacklisting) is answered by the same statement, and
 * when it holds nothing is read or added. `found` false: no such conversation (or refused);
 * `added` null: it does not fit, the caller's transaction decides.
 */
async function appendMessage(
  db: Db,
  match: SQL,
  fits: SQL,
  message: Pick<MessageRow, 'author' | 'authorId' | 'authorName' | 'kind' | 'body' | 'imageUrl'>,
  refused: SQL = sql`false`,
): Promise<{
  refused: boolean;
  found: boolean;
  added: MessageRow | null;
  playerReadId: number;
  agentReadId: number;
  state: CsState;
  assigneeId: number | null;
}> {
  const preview = previewOf(message);
  const answer = (await db.execute(sql`
    with r as (
      select (${refused}) as refused
    ), c as (
      select id, player_read_id, agent_read_id, state, assignee_id, (${fits}) as fits
      from ${csConversations} where ${match} and not (select refused from r) for update
    ), m as (
      insert into ${csMessages} (conversation_id, author, author_id, author_name, kind, body, image_url)
      select id, ${message.author}, ${message.authorId}::int, ${message.authorName}, ${message.kind},
        ${message.body}, ${message.imageUrl}
      from c where fits
      returning id, conversation_id, author, author_id, author_name, kind, body, image_url, event, created_at
    ), u as (
      update ${csConversations} set last_message_at = m.created_at, last_message = ${preview}, updated_at = now()
      from m where ${csConversations}.id = m.conversation_id
      returning m.id
    )
    select r.refused, c.id as found_id, c.player_read_id, c.agent_read_id, c.state, c.assignee_id, m.*
    from r left join c on true left join m on true`)) as unknown as
    { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  const [row] = Array.isArray(answer) ? answer : (answer.rows ?? []);
  if (!row || row.found_id === null || row.found_id === undefined) {
    return {
      refused: row?.refused === true,
      found: false,
      added: null,
      playerReadId: 0,
      agentReadId: 0,
      state: 'open',
      assigneeId: null,
    };
  }
  return {
    refused: false,
    found: true,
    added: row.id === null || row.id === undefined ? null : messageOf(row),
    playerReadId: Number(row.player_read_id),
    agentReadId: Number(row.agent_read_id),
    state: row.state as CsState,
    assigneeId: row.assignee_id === null ? null : Number(row.assignee_id),
  };
}

export async function setConversation(
  tx: Db,
  row: ConversationRow,
  changes: Partial<typeof csConversations.$inferInsert>,
): Promise<ConversationRow> {
  const [updated] = await tx
    .update(csConversations)
    .set({ ...changes, version: sql`${csConversations.version} + 1`, updatedAt: new Date() })
    .where(eq(csConversations.id, row.id))
    .returning();
  return updated!;
}

/** The conversation of the game, locked for the transaction; 404001 when not found. */
async function lockConversation(tx: Db, productId: number, id: number): Promise<ConversationRow> {
  const [row] = await tx
    .select()
    .from(csConversations)
    .where(and(eq(csConversations.id, id), eq(csConversations.productId, productId)))
    .for('update');
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

// ---- Assignment ----

/** Conversations each agent holds now (open or snoozed). */
async function activeCounts(tx: Db, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ userId: csConversations.assigneeId, n: sql<number>`count(*)::int` })
    .from(csConversations)
    .where(and(inArray(csConversations.assigneeId, userIds), inArray(csConversations.state, ACTIVE)))
    .groupBy(csConversations.assigneeId);
  return new Map(rows.map((r) => [r.userId!, r.n]));
}

/**
 * The agent who takes the next conversation of the CP: online, with room under their capacity,
 * and given one longest ago (round robin). A conversation in a language a team serves goes to that
 * team's agents first (round robin within the team), then to anyone with room. Null when nobody
 * has room. Call under the CP's lock.
 */
export async function nextAgent(
  tx: Db,
  cpId: number,
  lang = '',
  /** An agent not to choose (the one a conversation is taken from). */
  exclude?: number,
): Promise<{ userId: number; username: string } | null> {
  const agents = await tx
    .select({
      userId: csAgents.userId,
      capacity: csAgents.capacity,
      username: users.username,
      languages: csTeams.languages,
    })
    .from(csAgents)
    .innerJoin(users, eq(users.id, csAgents.userId))
    .leftJoin(csTeams, eq(csTeams.id, csAgents.teamId))
    .where(and(eq(csAgents.cpId, cpId), eq(csAgents.status, 'online'), eq(users.disabled, false)))
    .orderBy(sql`${csAgents.lastAssignedAt} asc nulls first`, asc(csAgents.id));
  const online = exclude === undefined ? agents : agents.filter((a) => a.userId !== exclude);
  const counts = await activeCounts(
    tx,
    online.map((a) => a.userId),
  );
  const hasRoom = (a: (typeof online)[number]) => (counts.get(a.userId) ?? 0) < a.capacity;
  const language = playerLanguage(lang);
  const free =
    (language && online.find((a) => a.languages?.includes(language) && hasRoom(a))) || online.find(hasRoom);
  return free ? { userId: free.userId, username: free.username } : null;
}

/** A conversation's language as the game sent it (`zh-TW`, `fil`…), read as a console language; null: none sent. */
const playerLanguage = (lang: string): Language | null => (lang.trim() ? pickLanguage(lang) : null);

export async function lockAssignment(tx: Db, cpId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ASSIGN_LOCK}, ${cpId})`);
}

export async function giveTo(
  tx: Db,
  row: ConversationRow,
  agent: { userId: number; username: string },
  event: CsEvent = 'assigned',
): Promise<ConversationRow> {
  await tx.update(csAgents).set({ lastAssignedAt: new Date() }).where(eq(csAgents.userId, agent.userId));
  const updated = await setConversation(tx, row, { assigneeId: agent.userId });
  await addMessages(tx, updated, [systemMessage(event, agent.username)]);
  return updated;
}

/**
 * Hands a conversation to a person: to the next agent with room (automatic assignment), else into
 * the unassigned queue. Outside business hours the bot first says the offline message.
 */
async function handOff(tx: Db, row: ConversationRow, notices: Notices): Promise<ConversationRow> {
  await lockAssignment(tx, row.cpId);
  const settings = await settingsOf(tx, row.productId);
  let updated = await setConversation(tx, row, { state: 'open', handedOffAt: new Date() });
  await addMessages(tx, updated, [systemMessage('handoff')]);
  if (settings.offline_message) {
    const now = new Date();
    const closed = await closedDaysOf(tx, row.cpId, settings, now, now);
    if (!inBusinessHours(now, settings, closed)) {
      await addMessages(tx, updated, [{ author: 'bot', kind: 'text', body: settings.offline_message }]);
    }
  }
  const agent = settings.assignment === 'auto' ? await nextAgent(tx, row.cpId, row.lang) : null;
  if (agent) updated = await giveTo(tx, updated, agent);
  else await addMessages(tx, updated, [systemMessage('queued')]);
  notices.push(notice(updated, agent ? 'assigned' : 'state', {}, row));
  return updated;
}

/**
 * Gives the CP's waiting conversations (open, nobody's), oldest handoff first, to agents with room
 * until none has: after an agent comes online, or frees a place.
 */
export async function drainQueue(db: Db, events: EventBus, cpId: number): Promise<number> {
  const notices: Notices = [];
  const given = await db.transaction(async (tx) => {
    await lockAssignment(tx, cpId);
    const waiting = await tx
      .select()
      .from(csConversations)
      .where(
        and(
          eq(csConversations.cpId, cpId),
          eq(csConversations.state, 'open'),
          isNull(csConversations.assigneeId),
        ),
      )
      .orderBy(asc(csConversations.handedOffAt), asc(csConversations.id))
      .limit(200);
    // Games assigning by hand keep their queue.
    const manual = await tx
      .select({ productId: csSettings.productId })
      .from(csSettings)
      .where(and(eq(csSettings.cpId, cpId), sql`${csSettings.settings}->>'assignment' = 'manual'`));
    const byHand = new Set(manual.map((m) => m.productId));
    let n = 0;
    for (const row of waiting) {
      if (byHand.has(row.productId)) continue;
      const agent = await nextAgent(tx, cpId, row.lang);
      if (!agent) break;
      notices.push(notice(await giveTo(tx, row, agent), 'assigned', {}, row));
      n++;
    }
    return n;
  });
  publish(events, notices);
  return given;
}

// ---- The player's side (game API) ----

/** Whether the player `openid` of the game is on the blacklist at `now` (an entry not expired). */
const blacklisted = (productId: number, openid: string, now: Date) =>
  and(
    eq(csBlacklist.productId, productId),
    eq(csBlacklist.openid, openid),
    or(isNull(csBlacklist.expiresAt), gt(csBlacklist.expiresAt, now)),
  );

export async function isBlacklisted(db: Db, productId: number, openid: string, now = new Date()) {
  const [row] = await db
    .select({ id: csBlacklist.id })
    .from(csBlacklist)
    .where(blacklisted(productId, openid, now));
  return Boolean(row);
}

function toGameConversation(
  row: Pick<ConversationRow, 'id' | 'state' | 'assigneeId' | 'rating' | 'createdAt'>,
): GameCsConversation {
  return {
    id: row.id,
    state: row.state,
    with_agent: row.assigneeId !== null,
    rating: row.rating,
    created_at: row.createdAt.toISOString(),
  };
}

export interface GameCaller {
  cpId: number;
  productId: number;
}

/**
 * The player's conversation that is not resolved, or a new one greeted by the channel's on-enter
 * replies. 422001 `cs_blacklisted` for a player on the blacklist.
 */
export async function openConversation(
  db: Db,
  events: EventBus,
  caller: GameCaller,
  opening: {
    openid: string;
    nickname: string;
    server: string;
    lang: string;
    channel: string;
    feedback_type?: string;
  },
  lang: Language,
): Promise<GameCsConversation> {
  if (await isBlacklisted(db, caller.productId, opening.openid)) throw ruleError(lang, 'cs_blacklisted');
  const { feedback_type: typeCode, ...input } = opening;
  const feedbackTypeId = typeCode ? await feedbackTypeIdOf(db, caller.productId, typeCode) : null;
  if (feedbackTypeId === undefined) throw fieldError(lang, 'feedback_type', 'unknown_ref');
  const live = () =>
    db
      .select()
      .from(csConversations)
      .where(
        and(
          eq(csConversations.productId, caller.productId),
          eq(csConversations.openid, input.openid),
          ne(csConversations.state, 'resolved'),
        ),
      );
  const [existing] = await live();
  if (existing) return toGameConversation(existing);
  let nickname = input.nickname;
  if (!nickname) {
    const [player] = await db
      .select({ nickname: players.nickname })
      .from(players)
      .where(and(eq(players.productId, caller.productId), eq(players.openid, input.openid)));
    nickname = player?.nickname ?? '';
  }
  const channelId = await channelIdOfCode(db, caller.productId, input.channel);
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(csConversations)
        .values({ ...caller, ...input, nickname, feedbackTypeId })
        .returning();
      const specials = await tx
        .select()
        .from(autoReplySpecials)
        .where(
          and(
            eq(autoReplySpecials.productId, caller.productId),
            eq(autoReplySpecials.kind, 'on_enter'),
            eq(autoReplySpecials.enabled, true),
            channelId === null
              ? isNull(autoReplySpecials.channelId)
              : or(isNull(autoReplySpecials.channelId), eq(autoReplySpecials.channelId, channelId)),
          ),
        );
      const greeting = specials.find((s) => s.channelId !== null) ?? specials[0];
      if (greeting) {
        const replies = repliesInLanguage(
          greeting.replies,
          playerLanguage(created!.lang),
          await cpLanguage(tx, created!.cpId),
        );
        await addMessages(tx, created!, botMessages(replies));
      }
      return created!;
    });
    publish(events, [notice(row, 'state')]);
    return toGameConversation(row);
  } catch (error) {
    // The same player opened one at the same moment: theirs is the one.
    if (!isUniqueViolation(error, 'cs_conversations_live')) throw error;
    const [again] = await live();
    if (!again) throw error;
    return toGameConversation(again);
  }
}

/** The player's own conversation; 404001 for another player's or another game's. */
async function playerConversation(tx: Db, caller: GameCaller, id: number, openid: string, lock = false) {
  const query = tx
    .select()
    .from(csConversations)
    .where(
      and(
        eq(csConversations.id, id),
        eq(csConversations.productId, caller.productId),
        eq(csConversations.openid, openid),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

/**
 * A player's message: the bot answers while the conversation is its own (a matching rule's
 * replies); asking for a person, an image, or a text no rule matches hands it off (after the
 * no-match reply, when there is one). A snoozed conversation opens again.
 */
export async function playerMessage(
  db: Db,
  events: EventBus,
  caller: GameCaller,
  id: number,
  input: { openid: string; text: string; image_url: string },
  lang: Language,
): Promise<GameCsMessage[]> {
  // An open conversation (with a person, or waiting for one): the message is all that changes,
  // in the statement that also finds the player not blacklisted.
  const quick = await appendMessage(
    db,
    sql`id = ${id} and product_id = ${caller.productId} and openid = ${input.openid}`,
    sql`state = 'open'`,
    input.image_url
      ? {
          author: 'player',
          authorId: null,
          authorName: '',
          kind: 'image',
          body: '',
          imageUrl: input.image_url,
        }
      : { author: 'player', authorId: null, authorName: '', kind: 'text', body: input.text, imageUrl: '' },
    sql`exists (select 1 from ${csBlacklist} where ${blacklisted(caller.productId, input.openid, new Date())})`,
  );
  if (quick.refused) throw ruleError(lang, 'cs_blacklisted');
  if (!quick.found) throw new ApiError(ErrorCode.NOT_FOUND);
  if (quick.added) {
    publish(events, [messageNotice({ ...caller, id, ...quick }, quick.added)]);
    return [toGameMessage(quick.added, 0)];
  }
  const notices: Notices = [];
  const added = await db.transaction(async (tx) => {
    let row = await playerConversation(tx, caller, id, input.openid, true);
    if (row.state === 'resolved') throw ruleError(lang, 'not_in_this_state', { state: row.state });
    const [own] = await addMessages(tx, row, [
      input.image_url
        ? { author: 'player', kind: 'image', imageUrl: input.image_url }
        : { author: 'player', kind: 'text', body: input.text },
    ]);
    const out: MessageRow[] = [own!];
    notices.push(notice(row, 'message'));
    if (row.state === 'snoozed') {
      const before = row;
      row = await setConversation(tx, row, { state: 'open', snoozedUntil: null });
      await addMessages(tx, row, [systemMessage('reopened')]);
      notices.push(notice(row, 'state', {}, before));
    } else if (row.state === 'pending') {
      if (input.text && !asksForPerson(input.text)) {
        const match = await matchAutoReply(tx, caller.productId, {
          text: input.text,
          channelId: await channelIdOfCode(tx, caller.productId, row.channel),
          platform: null,
          lang: playerLanguage(row.lang),
        });
        out.push(...(await addMessages(tx, row, botMessages(match.replies))));
        // Auto-reply statistics: what answered the text (no rule: the no-match row).
        await tx.insert(csRuleHits).values({
          cpId: row.cpId,
          productId: row.productId,
          conversationId: row.id,
          ruleId: match.rule?.id ?? null,
          ruleName: match.rule?.name ?? '',
        });
        if (match.source === 'rule') return out;
      }
      await handOff(tx, row, notices);
    }
    return out;
  });
  publish(events, notices);
  return added.map((m) => toGameMessage(m, 0));
}

function toGameMessage(m: MessageRow, readUpTo: number): GameCsMessage {
  return {
    id: m.id,
    author: m.author,
    kind: m.kind === 'note' ? 'text' : m.kind,
    text: m.body,
    image_url: m.imageUrl,
    event: m.event,
    created_at: m.createdAt.toISOString(),
    read: m.author === 'player' ? m.id <= readUpTo : true,
  };
}

/**
 * The messages the player sees after `after` (never notes), and `markRead`, which records that the
 * player has seen them: the conversation and the messages are read at once, and the mark is a write
 * the caller makes after showing them (the live socket pushes first), only when the list holds
 * another side's message not yet marked (the player's own need none: `read` of the agents' and the
 * bot's messages is all it tells).
 */
export async function playerView(
  db: Db,
  caller: GameCaller,
  id: number,
  openid: string,
  after = 0,
): Promise<{ conversation: GameCsConversation; list: GameCsMessage[]; markRead: () => Promise<void> }> {
  // The conversation and what is new in it: one statement.
  const rows = await playerReadStatement(db).execute({ id, product: caller.productId, openid, after });
  const [row] = rows;
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  const list = rows.flatMap((r) => (r.message ? [r.message] : []));
  const seen = list.findLast((m) => m.author !== 'player')?.id ?? 0;
  return {
    conversation: toGameConversation(row),
    list: list.map((m) => toGameMessage(m, row.agentReadId)),
    markRead: async () => {
      if (seen <= row.playerReadId) return;
      await playerReadMarkStatement(db).execute({ id, read: seen });
    },
  };
}

/** The messages the player sees after `after` (never notes); marks them read by the player. */
export async function playerMessages(
  db: Db,
  caller: GameCaller,
  id: number,
  openid: string,
  after = 0,
): Promise<{ conversation: GameCsConversation; list: GameCsMessage[] }> {
  const { markRead, ...view } = await playerView(db, caller, id, openid, after);
  await markRead();
  return view;
}

/** The player's rating of a resolved conversation, once. */
export async function rateConversation(
  db: Db,
  events: EventBus,
  caller: GameCaller,
  id: number,
  input: { openid: string; score: number; comment: string },
  lang: Language,
): Promise<GameCsConversation> {
  const row = await db.transaction(async (tx) => {
    const row = await playerConversation(tx, caller, id, input.openid, true);
    if (row.state !== 'resolved') throw ruleError(lang, 'not_in_this_state', { state: row.state });
    if (row.rating !== null) throw ruleError(lang, 'cs_already_rated');
    return setConversation(tx, row, { rating: input.score, ratingComment: input.comment });
  });
  publish(events, [notice(row, 'state')]);
  return toGameConversation(row);
}

// ---- The agents' side (console) ----

export function toConversation(
  row: ConversationRow,
  extra: { assigneeName?: string | null; unread?: number } = {},
): CsConversation {
  return {
    id: row.id,
    product_id: row.productId,
    openid: row.openid,
    nickname: row.nickname,
    server: row.server,
    lang: row.lang,
    state: row.state,
    assignee_id: row.assigneeId,
    assignee_name: extra.assigneeName ?? null,
    snoozed_until: row.snoozedUntil?.toISOString() ?? null,
    handed_off_at: row.handedOffAt?.toISOString() ?? null,
    first_response_at: row.firstResponseAt?.toISOString() ?? null,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    rating: row.rating,
    rating_comment: row.ratingComment,
    last_message_at: row.lastMessageAt.toISOString(),
    last_message: row.lastMessage,
    unread: extra.unread ?? 0,
    created_at: row.createdAt.toISOString(),
    version: row.version,
    feedback_type_id: row.feedbackTypeId,
  };
}

export async function listConversations(
  db: Db,
  scope: ProductScope,
  query: { queue: CsQueue; state?: CsState; q?: string; page: number; page_size: number },
): Promise<{ list: CsConversation[]; total: number }> {
  // The queue's statement (its shape: the queue, and whether a state or a search narrows it).
  const shape = { queue: query.queue, state: Boolean(query.state), q: Boolean(query.q) };
  const values = {
    cp: scope.cpId,
    product: scope.productId,
    user: scope.userId,
    state: query.state ?? '',
    like: query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '',
  };
  const offset = (query.page - 1) * query.page_size;
  const rows = await queuePageStatement(db, shape).execute({ ...values, limit: query.page_size, offset });
  // Past the last page there is no row to carry the total.
  const total = rows.length
    ? rows[0]!.total
    : offset === 0
      ? 0
      : ((await queueCountStatement(db, shape).execute(values))[0]?.n ?? 0);
  return {
    list: rows.map((r) => toConversation(r.row, { assigneeName: r.assigneeName, unread: r.unread })),
    total,
  };
}

export async function getConversation(db: Db, scope: ProductScope, id: number): Promise<CsConversation> {
  const [r] = await db
    .select({ row: csConversations, assigneeName: users.username, unread: unreadCount })
    .from(csConversations)
    .leftJoin(users, eq(users.id, csConversations.assigneeId))
    .where(rowInGame(csConversations, scope, id));
  if (!r) throw new ApiError(ErrorCode.NOT_FOUND);
  return toConversation(r.row, { assigneeName: r.assigneeName, unread: r.unread });
}

/** A message as staff read it: `read` is whether the other side has seen it. */
export function toMessage(
  m: MessageRow,
  row: Pick<ConversationRow, 'agentReadId' | 'playerReadId'>,
): CsMessage {
  return {
    id: m.id,
    conversation_id: m.conversationId,
    author: m.author,
    author_id: m.authorId,
    author_name: m.authorName,
    kind: m.kind,
    text: m.body,
    image_url: m.imageUrl,
    event: m.event,
    created_at: m.createdAt.toISOString(),
    read: m.author === 'player' ? m.id <= row.agentReadId : m.id <= row.playerReadId,
  };
}

/** The messages after `after` with notes; the assignee reading them marks the player's read. */
export async function conversationMessages(
  db: Db,
  events: EventBus,
  scope: ProductScope,
  id: number,
  after = 0,
): Promise<CsMessage[]> {
  // The conversation of the scope and what is new in it: one statement.
  const rows = await agentReadStatement(db).execute({
    id,
    cp: scope.cpId,
    product: scope.productId,
    after,
  });
  const [first] = rows;
  if (!first) throw new ApiError(ErrorCode.NOT_FOUND);
  const row = { agentReadId: first.agentReadId, playerReadId: first.playerReadId };
  const list = rows.flatMap((r) => (r.message ? [r.message] : []));
  const lastPlayer = list.filter((m) => m.author === 'player').at(-1)?.id ?? 0;
  if (first.assigneeId === scope.userId && lastPlayer > row.agentReadId) {
    await agentReadMarkStatement(db).execute({ id, read: lastPlayer });
    row.agentReadId = lastPlayer;
  }
  return list.map((m) => toMessage(m, row));
}

async function conversationInScope(tx: Db, scope: ProductScope, id: number): Promise<ConversationRow> {
  const row = await lockConversation(tx, scope.productId, id);
  if (row.cpId !== scope.cpId) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

type AgentWork = (
  tx: Db,
  row: ConversationRow,
  notices: Notices,
) => Promise<{ row: ConversationRow; drain?: boolean }>;

/** Runs an agent's change in one transaction, then tells the consoles (and drains the queue when asked). */
async function agentChange(
  db: Db,
  events: EventBus,
  scope: ProductScope,
  id: number,
  work: AgentWork,
): Promise<ConversationRow> {
  const notices: Notices = [];
  const result = await db.transaction(async (tx) =>
    work(tx, await conversationInScope(tx, scope, id), notices),
  );
  publish(events, notices);
  if (result.drain) await drainQueue(db, events, scope.cpId);
  return result.row;
}

/** `agentChange`, answering the conversation as the console lists it. */
async function agentAct(
  db: Db,
  events: EventBus,
  scope: ProductScope,
  id: number,
  work: AgentWork,
): Promise<CsConversation> {
  const row = await agentChange(db, events, scope, id, work);
  return getConversation(db, scope, row.id);
}

/**
 * An agent's reply. A conversation nobody holds (the bot's, or waiting) becomes the replying
 * agent's; the first reply after the handoff is the first response of the SLA.
 */
export async function agentReply(
  db: Db,
  events: EventBus,
  scope: ProductScope,
  id: number,
  text: string,
): Promise<CsMessage> {
  // A conversation already someone's, open and answered once: the reply is all that changes.
  const quick = await appendMessage(
    db,
    sql`id = ${id} and cp_id = ${scope.cpId} and product_id = ${scope.productId}`,
    sql`state = 'open' and assignee_id is not null and handed_off_at is not null and first_response_at is not null`,
    {
      author: 'agent',
      authorId: scope.userId,
      authorName: scope.username,
      kind: 'text',
      body: text,
      imageUrl: '',
    },
  );
  if (!quick.found) throw new ApiError(ErrorCode.NOT_FOUND);
  if (quick.added) {
    const row = { id, cpId: scope.cpId, productId: scope.productId, ...quick };
    publish(events, [messageNotice(row, quick.added, scope.userId)]);
    return toMessage(quick.added, quick);
  }
  let sent: MessageRow | undefined;
  let conversation: ConversationRow | undefined;
  await agentChange(db, events, scope, id, async (tx, row, notices) => {
    if (row.state === 'resolved') throw ruleError(scope.lang, 'not_in_this_state', { state: row.state });
    const before = row;
    const now = new Date();
    const changes: Partial<ConversationRow> = {};
    if (row.assigneeId === null) changes.assigneeId = scope.userId;
    if (row.state !== 'open') Object.assign(changes, { state: 'open', snoozedUntil: null });
    if (row.handedOffAt === null) changes.handedOffAt = now;
    if (row.firstResponseAt === null) changes.firstResponseAt = now;
    if (Object.keys(changes).length > 0) row = await setConversation(tx, row, changes);
    [sent] = await addMessages(tx, row, [
      { author: 'agent', authorId: scope.userId, authorName: scope.username, kind: 'text', body: text },
    ]);
    conversation = row;
    notices.push(messageNotice(row, sent!, scope.userId, before));
    return { row };
  });
  return toMessage(sent!, conversation!);
}

/** A private note: for the agents only. */
export async function addNote(
  db: Db,
  events: EventBus,
  scope: ProductScope,
  id: number,
  text: string,
): Promise<CsMessage> {
  let note: MessageRow | undefined;
  let conversation: ConversationRow | undefined;
  await agentChange(db, events, scope, id, async (tx, row, notices) => {
    [note] = await addMessages(tx, row, [
      { author: 'agent', authorId: scope.userId, authorName: scope.username, kind: 'note', body: text },
    ]);
    conversation = row;
    notices.push(notice(row, 'message', { by: scope.userId, note: true }));
    return { row };
  });
  return toMessage(note!, conversation!);
}

/** The agent row of a staff member of the CP; 422001 `cs_not_an_agent` when they are none. */
async function agentOf(tx: Db, scope: ProductScope, userId: number) {
  const [agent] = await tx
    .select({ userId: csAgents.userId, username: users.username })
    .from(csAgents)
    .innerJoin(users, eq(users.id, csAgents.userId))
    .where(and(eq(csAgents.userId, userId), eq(csAgents.cpId, scope.cpId), eq(users.disabled, false)));
  if (!agent) throw ruleError(scope.lang, 'cs_not_an_agent');
  return agent;
}

/** Assigns to an agent (a supervisor's choice, beyond capacity), or back to the queue (null). */
export function assignConversation(
  db: Db,
  events: EventBus,
  scope: ProductScope,
  id: number,
  userId: number | null,
  event: 'assigned' | 'transferred' = 'assigned',
  note = '',
): Promise<CsConversation> {
  return agentAct(db, events, scope, id, async (tx, row, notices) => {
    if (row.state === 'resolved') throw ruleError(scope.lang, 'not_in_this_state', { state: row.state });
    await lockAssignment(tx, row.cpId);
    const before = row;
    if (row.state === 'pending')
      row = await setConversation(tx, row, { state: 'open', handedOffAt: new Date() });
    if (userId === null) {
      row = await setConversation(tx, row, { assigneeId: null, state: 'open', snoozedUntil: null });
      await addMessages(tx, row, [systemMessage('queued')]);
      notices.push(notice(row, 'assigned', {}, before));
      return { row, drain: true };
    }
    const agent = await agentOf(tx, scope, userId);
    row = await giveTo(tx, row, agent, event);
    if (note) {
      await addMessages(tx, row, [
        { author: 'agent', authorId: scope.userId, authorName: scope.username, kind: 'note', body: note },
      ]);
    }
    notices.push(notice(row, 'assigned', {}, before));
    return { row };
  });
}

export function snoozeConversation(
  db: Db,
  events: EventBus,
  scope: ProductScope,
  id: number,
  until: Date,
): Promise<CsConversation> {
  return agentAct(db, events, scope, id, async (tx, row, notices) => {
    if (row.state !== 'open' && row.state !== 'snoozed')
      throw ruleError(scope.lang, 'not_in_this_state', { state: row.state });
    if (until.getTime() <= Date.now()) throw fieldError(scope.lang, 'until', 'too_small');
    const before = row;
    row = await setConversation(tx, row, { state: 'snoozed', snoozedUntil: until });
    await addMessages(tx, row, [systemMessage('snoozed', scope.username)]);
    notices.push(notice(row, 'state', {}, before));
    return { row };
  });
}

/** Resolves: the player is asked to rate, and the agent's freed place goes to the queue. */
export function resolveConversation(
  db: Db,
  events: EventBus,
  scope: ProductScope,
  id: number,
): Promise<CsConversation> {
  return agentAct(db, events, scope, id, async (tx, row, notices) => {
    if (row.state === 'resolved') throw ruleError(scope.lang, 'not_in_this_state', { state: row.state });
    const before = row;
    row = await closeConversation(tx, row, scope.username);
    notices.push(notice(row, 'state', {}, before));
    return { row, drain: true };
  });
}

/** Resolves a conversation (locked); with the survey on, the bot asks the player to rate. */
async function closeConversation(tx: Db, row: ConversationRow, by: string): Promise<ConversationRow> {
  const settings = await settingsOf(tx, row.productId);
  const resolved = await setConversation(tx, row, {
    state: 'resolved',
    resolvedAt: new Date(),
    snoozedUntil: null,
  });
  await addMessages(tx, resolved, [systemMessage('resolved', by)]);
  if (settings.survey && settings.survey_text) {
    await addMessages(tx, resolved, [{ author: 'bot', kind: 'text', body: settings.survey_text }]);
  }
  return resolved;
}

/**
 * Auto-resolve (a schedule's task): open conversations whose last message is an agent's reply
 * older than the game's `auto_resolve_hours` are resolved (the survey follows, when on).
 */
export async function autoResolve(db: Db, events: EventBus, now = new Date()): Promise<number> {
  const games = await db
    .select({ productId: csSettings.productId, cpId: csSettings.cpId, settings: csSettings.settings })
    .from(csSettings)
    .where(sql`(${csSettings.settings}->>'auto_resolve_hours')::int > 0`);
  let n = 0;
  for (const game of games) {
    const before = new Date(now.getTime() - game.settings.auto_resolve_hours * 3_600_000);
    const due = await db
      .select({ id: csConversations.id })
      .from(csConversations)
      .where(
        and(
          eq(csConversations.productId, game.productId),
          eq(csConversations.state, 'open'),
          lte(csConversations.lastMessageAt, before),
          sql`(select m.author from ${csMessages} m where m.conversation_id = ${csConversations.id} and m.kind in ('text', 'image') order by m.id desc limit 1) = 'agent'`,
        ),
      )
      .limit(500);
    for (const { id } of due) {
      const notices: Notices = [];
      await db.transaction(async (tx) => {
        const row = await lockConversation(tx, game.productId, id);
        if (row.state !== 'open') return;
        notices.push(notice(await closeConversation(tx, row, ''), 'state', {}, row));
        n++;
      });
      publish(events, notices);
    }
    if (due.length > 0) await drainQueue(db, events, game.cpId);
  }
  return n;
}

/** Snoozed conversations whose time came: open again (a schedule's task). */
export async function wakeSnoozed(db: Db, events: EventBus, now = new Date()): Promise<number> {
  const due = await db
    .select()
    .from(csConversations)
    .where(and(eq(csConversations.state, 'snoozed'), lte(csConversations.snoozedUntil, now)))
    .limit(500);
  for (const row of due) {
    const notices: Notices = [];
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(csConversations)
        .where(eq(csConversations.id, row.id))
        .for('update');
      if (locked?.state !== 'snoozed') return;
      const woken = await setConversation(tx, locked, { state: 'open', snoozedUntil: null });
      await addMessages(tx, woken, [systemMessage('reopened')]);
      notices.push(notice(woken, 'state', {}, locked));
    });
    publish(events, notices);
  }
  return due.length;
}

// ---- Agents' own status ----

async function agentState(db: Db, userId: number): Promise<CsAgentState> {
  const [agent] = await db.select().from(csAgents).where(eq(csAgents.userId, userId));
  const counts = await activeCounts(db, [userId]);
  return {
    user_id: userId,
    status: agent?.status ?? 'offline',
    capacity: agent?.capacity ?? CS_DEFAULT_CAPACITY,
    active: counts.get(userId) ?? 0,
  };
}

export function myAgentState(db: Db, scope: ProductScope): Promise<CsAgentState> {
  return agentState(db, scope.userId);
}

/** An agent goes online, away or offline; online takes waiting conversations up to capacity. */
export async function setMyStatus(
  db: Db,
  events: EventBus,
  scope: ProductScope,
  status: CsAgentStatus,
): Promise<CsAgentState> {
  await db
    .insert(csAgents)
    .values({ cpId: scope.cpId, userId: scope.userId, status, capacity: CS_DEFAULT_CAPACITY })
    .onConflictDoUpdate({ target: csAgents.userId, set: { status, updatedAt: new Date() } });
  if (status === 'online') await drainQueue(db, events, scope.cpId);
  return agentState(db, scope.userId);
}

/** Tells the conversation's other watchers that an agent is typing. */
export async function agentTyping(db: Db, events: EventBus, scope: ProductScope, id: number): Promise<void> {
  const row = await readConversation(db, scope, id);
  publish(events, [notice(row, 'typing', { by: scope.userId })]);
}

/** The CP's agents with their status and load (the workbench's transfer list). */
export async function listAgents(
  db: Db,
  scope: ProductScope,
): Promise<(CsAgentState & { username: string })[]> {
  const rows = await db
    .select({
      userId: csAgents.userId,
      status: csAgents.status,
      capacity: csAgents.capacity,
      username: users.username,
    })
    .from(csAgents)
    .innerJoin(users, eq(users.id, csAgents.userId))
    .where(and(eq(csAgents.cpId, scope.cpId), eq(users.disabled, false)))
    .orderBy(asc(users.username));
  const counts = await activeCounts(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    user_id: r.userId,
    username: r.username,
    status: r.status,
    capacity: r.capacity,
    active: counts.get(r.userId) ?? 0,
  }));
}
