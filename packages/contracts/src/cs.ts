import { z } from 'zod';
import { iconUrl, idField, isoTime, queryInt, safeText } from './fields.ts';
import { actionPermission, seePermissionOf } from './pages.ts';
import { openidField } from './players.ts';
import type { ResourcePermissions } from './resource.ts';
import { LANGUAGES, pickLanguage, type Language } from './languages.ts';
import { EXPORT_FORMATS, listQuery } from './lists.ts';

/**
 * Customer service in real time (issue 32): conversations between players (through the signed game
 * API) and agents (the console's workbench). The bot answers first from the auto-reply rules and
 * hands off to a person on request or when nothing matches; a blacklisted player cannot open one.
 *
 * States: `pending` the bot answers; `open` waiting for or with an agent; `snoozed` set aside until
 * a time (the player writing again reopens it); `resolved` finished (the player may rate it).
 */
export const CS_STATES = ['pending', 'open', 'snoozed', 'resolved'] as const;
export type CsState = (typeof CS_STATES)[number];
export const CS_QUEUES = ['mine', 'unassigned', 'all'] as const;
export type CsQueue = (typeof CS_QUEUES)[number];
/** Who wrote a message: the player, the bot, an agent, or the system (assignments, handoffs). */
export const CS_AUTHORS = ['player', 'bot', 'agent', 'system'] as const;
export type CsAuthor = (typeof CS_AUTHORS)[number];
/** `note`: an agent's private note, never shown to the player. */
export const CS_MESSAGE_KINDS = ['text', 'image', 'note', 'event'] as const;
export type CsMessageKind = (typeof CS_MESSAGE_KINDS)[number];
export const CS_AGENT_STATUSES = ['online', 'away', 'offline'] as const;
export type CsAgentStatus = (typeof CS_AGENT_STATUSES)[number];
/** What a system message says (the console and the game translate it). */
export const CS_EVENTS = [
  'handoff',
  'queued',
  'assigned',
  'transferred',
  'snoozed',
  'resolved',
  'reopened',
] as const;
export type CsEvent = (typeof CS_EVENTS)[number];

export const CS_TEXT_MAX = 2000;
/** Conversations an agent takes at once unless their settings say otherwise. */
export const CS_DEFAULT_CAPACITY = 5;
export const CS_CAPACITY_MAX = 50;
/**
 * What a player writes to ask for a person (compared ignoring case and surrounding spaces), in the
 * console's languages.
 */
export const CS_HANDOFF_WORDS = [
  '人工',
  '转人工',
  '人工客服',
  '真人',
  'human',
  'agent',
  'person',
  'operator',
  '有人',
  'オペレーター',
  '担当者',
  'เจ้าหน้าที่',
  'nhân viên',
  'ahente',
  'manusia',
  'petugas',
  'موظف',
  'إنسان',
  '真人客服',
  '轉人工',
];

/** The permissions of a service page (its `see` and its action permissions). */
function servicePermissions(page: string): ResourcePermissions {
  const see = seePermissionOf(page);
  return {
    see,
    edit: actionPermission(see, 'edit'),
    delete: actionPermission(see, 'delete'),
    export: actionPermission(see, 'export'),
    approve: actionPermission(see, 'approve'),
  };
}

/** The workbench's conversations: product data, guarded by the workbench page's permissions. */
export const CS_WORKBENCH_PAGE = '/service/workbench';
export const csConversationAccess = {
  scope: 'product' as const,
  permissions: servicePermissions(CS_WORKBENCH_PAGE),
};

const text = (max = CS_TEXT_MAX) => safeText().trim().min(1).max(max);
const short = (max = 64) => safeText().trim().max(max);
/** Images: https addresses (the game uploads to its own storage, as for tickets). */
const imageUrl = iconUrl.refine((url) => url.startsWith('https://'), { params: { key: 'invalid' } });

// ---- Game API ----

/** `POST /api/game/v1/cs/conversations`: the player's open conversation, or a new one. */
export const gameCsOpenBody = z.object({
  openid: openidField,
  nickname: short().default(''),
  server: short().default(''),
  lang: short(8).default(''),
  channel: short().default(''),
  /** The feedback type the player chose (its code), for the classification statistics. */
  feedback_type: short(32).optional(),
});
export type GameCsOpenBody = z.input<typeof gameCsOpenBody>;

/** `POST …/:id/messages`: text, or an image (its https address). */
export const gameCsMessageBody = z
  .object({
    openid: openidField,
    text: safeText().trim().max(CS_TEXT_MAX).default(''),
    image_url: z.union([imageUrl, z.literal('')]).default(''),
  })
  .refine((m) => (m.text === '') !== (m.image_url === ''), {
    params: { key: 'required' },
    path: ['text'],
  });
export type GameCsMessageBody = z.input<typeof gameCsMessageBody>;

export const gameCsMessagesQuery = z.object({
  openid: openidField,
  /** Messages after this id (0 or absent: from the start). */
  after: queryInt(0, Number.MAX_SAFE_INTEGER).optional(),
});
export const gameCsRatingBody = z.object({
  openid: openidField,
  score: z.number().int().min(1).max(5),
  comment: short(500).default(''),
});
export const gameCsParam = z.object({ id: queryInt(1, Number.MAX_SAFE_INTEGER) });

/** A message as the player sees it (no notes, no agent ids). */
export interface GameCsMessage {
  id: number;
  author: Exclude<CsAuthor, 'system'> | 'system';
  kind: Exclude<CsMessageKind, 'note'>;
  text: string;
  image_url: string;
  /** The event a system message reports. */
  event: CsEvent | null;
  created_at: string;
  /** Whether the other side has read it. */
  read: boolean;
}
export interface GameCsConversation {
  id: number;
  state: CsState;
  /** A person has taken it. */
  with_agent: boolean;
  rating: number | null;
  created_at: string;
}

/**
 * The player's WebSocket, `GET /api/game/v1/cs/conversations/:id/live?openid=&after=`, signed like
 * any game API GET (the signature headers on the upgrade request). The server sends the messages
 * after `after` at once, then each new one as it is written on any instance; polling `…/messages`
 * stays the fallback. The player sends only `{"type":"ping"}` (answered `pong`).
 */
export type GameCsLiveMessage =
  /** The conversation as it is when the socket opens. */
  | { type: 'ready'; conversation: GameCsConversation }
  /** New messages in order (the player's own too), marked read by the player as a poll does. */
  | { type: 'messages'; list: GameCsMessage[] }
  /** An agent is typing. */
  | { type: 'typing' }
  /** A person took the conversation (first handoff or transfer). */
  | { type: 'agent_joined'; conversation: GameCsConversation }
  /** Its state changed (snoozed, open again); `resolved` when an agent or the bot resolved it. */
  | { type: 'state'; conversation: GameCsConversation }
  | { type: 'resolved'; conversation: GameCsConversation }
  | { type: 'pong' };
/** Close codes of the player's WebSocket (4000–4999 are the application's). */
export const GAME_CS_LIVE_CLOSE = {
  /** No such conversation of this player in the key's game. */
  NOT_FOUND: 4004,
  /** Too many sockets on one conversation. */
  TOO_MANY: 4029,
  /** A ping went unanswered. */
  NO_ANSWER: 4008,
} as const;
/** Sockets one conversation may have at once (a player's devices). */
export const GAME_CS_LIVE_PER_CONVERSATION = 5;

// ---- Console ----

export const csConversationListQuery = z.object({
  queue: z.enum(CS_QUEUES).default('all'),
  state: z.enum(CS_STATES).optional(),
  q: short().optional(),
  page: queryInt(1).default(1),
  page_size: queryInt(1, 100).default(20),
});
export const csMessagesQuery = z.object({ after: queryInt(0, Number.MAX_SAFE_INTEGER).optional() });
export const csSendBody = z.object({ text: text() });
export const csNoteBody = z.object({ text: text() });
export const csAssignBody = z.object({ user_id: idField.nullable() });
export const csTransferBody = z.object({ user_id: idField, note: short(500).default('') });
export const csSnoozeBody = z.object({ until: isoTime });
export const csStatusBody = z.object({ status: z.enum(CS_AGENT_STATUSES) });
export const csTypingBody = z.object({});

export interface CsConversation {
  id: number;
  product_id: number;
  openid: string;
  nickname: string;
  server: string;
  lang: string;
  state: CsState;
  assignee_id: number | null;
  assignee_name: string | null;
  snoozed_until: string | null;
  handed_off_at: string | null;
  first_response_at: string | null;
  resolved_at: string | null;
  rating: number | null;
  rating_comment: string;
  last_message_at: string;
  last_message: string;
  /** Player messages the agents have not read. */
  unread: number;
  created_at: string;
  version: number;
  /** The feedback type it is filed under (the player's choice or an agent's), null: none. */
  feedback_type_id: number | null;
}
export interface CsMessage {
  id: number;
  conversation_id: number;
  author: CsAuthor;
  author_id: number | null;
  author_name: string;
  kind: CsMessageKind;
  text: string;
  image_url: string;
  event: CsEvent | null;
  created_at: string;
  /** Player messages: an agent read it; others: the player read it. */
  read: boolean;
}
export interface CsAgentState {
  user_id: number;
  status: CsAgentStatus;
  capacity: number;
  active: number;
}
/**
 * What the live WebSocket pushes (topic `cs`), only to the consoles it concerns (`csWatch`): the
 * conversation's ids, where it stands after the change, and for an everyday message its preview, so
 * that a workbench moves it in its list without reading the list again.
 */
export interface CsLiveData {
  product_id: number;
  conversation_id: number;
  what: 'message' | 'assigned' | 'state' | 'typing';
  /** Its state and its agent after the change: who hears of it, and which queues now list it. */
  state: CsState;
  assignee_id: number | null;
  /**
   * Where it stood before, when the change moved it: the agent who held it (an assignment, a
   * transfer, a return to the queue; null: nobody) and its state. Whoever listed it there hears
   * that it left them.
   */
  previous_assignee_id?: number | null;
  previous_state?: CsState;
  /**
   * Staff who wrote the message, or who is typing (`what: 'message' | 'typing'`): a console need not
   * read again what its own user just sent, and is not told that its user is typing.
   */
  by?: number;
  /** The message is a private note: nothing new for the player, nor in the conversation's preview. */
  note?: boolean;
  /**
   * A message that is now the conversation's last, as the list shows it: who wrote it, its preview
   * and time. Absent when one change wrote several messages (the console reads the conversation).
   */
  author?: CsAuthor;
  last_message?: string;
  last_message_at?: string;
}

/**
 * What a workbench tells the live WebSocket it shows (`{"type":"watch","topic":"cs","watch":…}`;
 * null: nothing): the game, the queue listed and the conversation open. It then hears the events of
 * that game's conversations it holds or held, of the open one, and of those its queue lists before
 * or after the change (`inCsQueue`): `all` every one (supervisors), `unassigned` those waiting for an
 * agent. Typing reaches only the consoles with the conversation open.
 * Checked on the server: the workbench's see permission, a game of the user's CP.
 */
export const csWatch = z.object({
  product_id: z.number().int().min(1).max(2_147_483_647),
  queue: z.enum(CS_QUEUES),
  conversation_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable().default(null),
});
export type CsWatch = z.output<typeof csWatch>;

/** Whether a conversation in `state` held by `assigneeId` belongs in `queue` as `userId` sees it. */
export function inCsQueue(
  queue: CsQueue,
  conversation: { state: CsState; assignee_id: number | null },
  userId: number | null,
): boolean {
  if (queue === 'mine') {
    return userId !== null && conversation.assignee_id === userId && conversation.state !== 'resolved';
  }
  if (queue === 'unassigned') return conversation.assignee_id === null && conversation.state === 'open';
  return true;
}

// ---- Common scripts (canned replies) ----

/** The common-scripts page guards writing them; every agent reads them in the workbench. */
export const csScriptAccess = {
  scope: 'product' as const,
  permissions: servicePermissions('/service/common-scripts'),
};
/** Variables a script may hold, filled from the conversation. */
export const CS_SCRIPT_VARIABLES = ['nickname', 'openid', 'server'] as const;
export const csScriptBody = z.object({
  title: safeText().trim().min(1).max(64),
  category: short().default(''),
  body: text(),
  /** The language it is written in (the workbench offers it for conversations in that language); '' any. */
  lang: z.union([z.enum(LANGUAGES), z.literal('')]).default(''),
  /** Only the author sees a personal script. */
  personal: z.boolean().default(false),
});
export type CsScriptInput = z.input<typeof csScriptBody>;
export const csScriptUpdateBody = csScriptBody.partial().extend({ version: z.number().int().min(1) });
export const csScriptsQuery = z.object({ q: short().optional() });
export interface CsScript {
  id: number;
  title: string;
  category: string;
  body: string;
  lang: Language | '';
  personal: boolean;
  created_by: string;
  version: number;
  updated_at: string;
}

/** A script's text with `{nickname}`, `{openid}`, `{server}` filled in (unknown ones kept). */
export function fillScript(
  body: string,
  values: Partial<Record<(typeof CS_SCRIPT_VARIABLES)[number], string>>,
): string {
  return body.replace(
    /\{(nickname|openid|server)\}/g,
    (whole, name: keyof typeof values) => values[name] ?? whole,
  );
}

/**
 * Whether a canned reply suits a conversation: written for any language, or for the player's (the
 * conversation's `lang` as the game sent it, `zh-TW`, `fil`…, read as a console language). A
 * conversation without a language takes every script.
 */
export function scriptFits(script: Pick<CsScript, 'lang'>, conversationLang: string): boolean {
  return (
    script.lang === '' || conversationLang.trim() === '' || pickLanguage(conversationLang) === script.lang
  );
}

/** What the workbench shows beside the chat. */
export interface CsPlayerContext {
  player: {
    openid: string;
    nickname: string;
    channel: string;
    region: string;
    created_at: string | null;
    last_login_at: string | null;
    paid_total: number;
  } | null;
  tickets: { id: number; state: string; content: string; created_at: string }[];
  conversations: {
    id: number;
    state: string;
    last_message: string;
    rating: number | null;
    created_at: string;
  }[];
  /** The player's last orders of the game (store and web shop, as the user order query reads them). */
  orders: {
    source: string;
    order_no: string;
    product: string;
    amount: number;
    currency: string;
    state: string;
    at: string;
  }[];
  /** The player's sanctions in the game, those in force first, then the latest. */
  sanctions: {
    id: number;
    kind: string;
    feature: string;
    reason: string;
    status: string;
    starts_at: string;
    ends_at: string | null;
  }[];
  /** The ticket this conversation was turned into; null: none yet. */
  ticket: { id: number; state: string } | null;
}

/** Turn a conversation into a ticket: the feedback type the agent files it under, and a summary. */
export const csTicketBody = z.object({
  feedback_type_id: idField,
  kind: z.enum(['product', 'player']).default('product'),
  /** What the ticket says above the transcript; '' the transcript alone. */
  summary: safeText().trim().max(CS_TEXT_MAX).default(''),
});
export type CsTicketInput = z.input<typeof csTicketBody>;
export interface CsTicketResult {
  ticket_id: number;
  conversation_id: number;
}

// ---- Session records (the conversations' history) ----

/** Session records (`/service/session-records`): every conversation of a game, read-only, with transcripts. */
export const csRecordAccess = {
  scope: 'product' as const,
  permissions: servicePermissions('/service/session-records'),
};
export const CS_RECORD_SORTS = ['last_message_at', 'created_at', 'id', 'rating'] as const;
export const csRecordFilters = {
  /** Part of the openid, the nickname or any message of the conversation. */
  q: short().optional(),
  state: z.enum(CS_STATES).optional(),
  /** Opened at or after. */
  from: isoTime.optional(),
  /** Opened before. */
  to: isoTime.optional(),
};
export const csRecordListQuery = listQuery(CS_RECORD_SORTS, csRecordFilters);
export const csTranscriptQuery = z.object({ format: z.enum(EXPORT_FORMATS).default('csv') });

// ---- Personnel (the CP's agents) ----

/** Personnel settings (`/service/personnel-settings`): who serves, how many conversations at once. */
export const csPersonnelAccess = {
  scope: 'cp' as const,
  permissions: servicePermissions('/service/personnel-settings'),
};
export const csAgentCreateBody = z.object({
  user_id: idField,
  capacity: z.number().int().min(1).max(CS_CAPACITY_MAX).default(CS_DEFAULT_CAPACITY),
});
export type CsAgentCreate = z.input<typeof csAgentCreateBody>;
export const csAgentUpdateBody = z.object({
  capacity: z.number().int().min(1).max(CS_CAPACITY_MAX).optional(),
  status: z.enum(CS_AGENT_STATUSES).optional(),
});
export type CsAgentUpdate = z.input<typeof csAgentUpdateBody>;
export const csAgentParam = z.object({ user_id: queryInt(1, 2_147_483_647) });
/** An agent as the personnel page lists them. */
export type CsAgent = CsAgentState & { username: string };
