import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { I18nText, Language } from '@rx/contracts';
import type {
  CsAgentStatus,
  CsAuthor,
  CsComplaintStatus,
  CsReviewStatus,
  CsEvent,
  CsMessageKind,
  CsPanel,
  CsSettings,
  CsState,
} from '@rx/contracts';
import {
  at,
  bigSerialId,
  cpRef,
  createdAt,
  createdBy,
  editStamps,
  gameRow,
  goLiveColumns,
  serialId,
  users,
} from '../../db/schema.ts';

/**
 * A CP's service agents: each a staff member with a capacity (conversations at once) and an
 * online status. Assignment takes the online agent with room who was assigned longest ago.
 */
export const csAgents = pgTable(
  'cs_agents',
  {
    id: serialId(),
    cpId: cpRef(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<CsAgentStatus>().notNull().default('offline'),
    capacity: integer('capacity').notNull().default(5),
    /** When the agent was last given a conversation (round robin: the longest waiting first). */
    lastAssignedAt: at('last_assigned_at'),
    ...editStamps(),
    /** The agent's team (round robin within it for its languages); null: none. */
    teamId: integer('team_id').references(() => csTeams.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('cs_agents_user').on(t.userId), index('cs_agents_cp').on(t.cpId, t.status)],
);

/** A conversation between a player of a game and its service (the bot, then an agent). */
export const csConversations = pgTable(
  'cs_conversations',
  {
    id: bigSerialId(),
    cpId: integer('cp_id').notNull(),
    productId: integer('product_id').notNull(),
    openid: text('openid').notNull(),
    nickname: text('nickname').notNull().default(''),
    server: text('server').notNull().default(''),
    lang: text('lang').notNull().default(''),
    channel: text('channel').notNull().default(''),
    state: text('state').$type<CsState>().notNull().default('pending'),
    /** The agent (a staff member's id); null: with the bot, or waiting in the unassigned queue. */
    assigneeId: integer('assignee_id'),
    snoozedUntil: at('snoozed_until'),
    handedOffAt: at('handed_off_at'),
    firstResponseAt: at('first_response_at'),
    resolvedAt: at('resolved_at'),
    rating: integer('rating'),
    ratingComment: text('rating_comment').notNull().default(''),
    lastMessageAt: at('last_message_at').notNull().defaultNow(),
    lastMessage: text('last_message').notNull().default(''),
    /** The last message id each side has read. */
    playerReadId: bigint('player_read_id', { mode: 'number' }).notNull().default(0),
    agentReadId: bigint('agent_read_id', { mode: 'number' }).notNull().default(0),
    ...editStamps(),
    /** Its feedback type (classification statistics); null: not classified. */
    feedbackTypeId: integer('feedback_type_id'),
    /** The ticket an agent turned it into (once); null: none. */
    ticketId: integer('ticket_id'),
  },
  (t) => [
    index('cs_conversations_product_state').on(t.productId, t.state, t.lastMessageAt),
    index('cs_conversations_assignee').on(t.assigneeId, t.state),
    index('cs_conversations_openid').on(t.productId, t.openid),
    // One conversation not resolved per player and game.
    uniqueIndex('cs_conversations_live')
      .on(t.productId, t.openid)
      .where(sql`${t.state} <> 'resolved'`),
  ],
);

/** The messages of a conversation, in id order. */
export const csMessages = pgTable(
  'cs_messages',
  {
    id: bigSerialId(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => csConversations.id, { onDelete: 'cascade' }),
    author: text('author').$type<CsAuthor>().notNull(),
    /** The agent's staff id. */
    authorId: integer('author_id'),
    authorName: text('author_name').notNull().default(''),
    kind: text('kind').$type<CsMessageKind>().notNull().default('text'),
    body: text('body').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    event: text('event').$type<CsEvent>(),
    createdAt: createdAt(),
  },
  (t) => [index('cs_messages_conversation').on(t.conversationId, t.id)],
);

/** Players refused service (until `expiresAt`; null: until removed). */
export const csBlacklist = pgTable(
  'cs_blacklist',
  {
    id: serialId(),
    cpId: integer('cp_id').notNull(),
    productId: integer('product_id').notNull(),
    openid: text('openid').notNull(),
    reason: text('reason').notNull().default(''),
    expiresAt: at('expires_at'),
    createdBy: text('created_by').notNull().default(''),
    ...editStamps(),
  },
  (t) => [uniqueIndex('cs_blacklist_player').on(t.productId, t.openid)],
);

/** Canned replies: shared by the game's agents (`ownerId` null) or one agent's own. */
export const csScripts = pgTable(
  'cs_scripts',
  {
    id: serialId(),
    cpId: integer('cp_id').notNull(),
    productId: integer('product_id').notNull(),
    ownerId: integer('owner_id'),
    category: text('category').notNull().default(''),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The language it is written in; '' any. */
    lang: text('lang').$type<Language | ''>().notNull().default(''),
    createdBy: text('created_by').notNull().default(''),
    ...editStamps(),
  },
  (t) => [index('cs_scripts_product').on(t.productId, t.ownerId)],
);

/** A game's service settings (one row; defaults until saved: `CS_DEFAULT_SETTINGS`). */
export const csSettings = pgTable(
  'cs_settings',
  {
    id: serialId(),
    cpId: integer('cp_id').notNull(),
    productId: integer('product_id').notNull(),
    settings: jsonb('settings').$type<Omit<CsSettings, 'version' | 'updated_at'>>().notNull(),
    ...editStamps(),
  },
  (t) => [uniqueIndex('cs_settings_product').on(t.productId)],
);

/** Teams of a CP's agents, by the languages they serve. */
export const csTeams = pgTable(
  'cs_teams',
  {
    id: serialId(),
    cpId: cpRef(),
    name: text('name').notNull(),
    languages: jsonb('languages').$type<Language[]>().notNull().default([]),
    ...editStamps(),
  },
  (t) => [uniqueIndex('cs_teams_name').on(t.cpId, t.name)],
);

/** A complaint about a conversation (raised from a low rating), worked to a close. */
export const csComplaints = pgTable(
  'cs_complaints',
  {
    id: serialId(),
    cpId: integer('cp_id').notNull(),
    productId: integer('product_id').notNull(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => csConversations.id, { onDelete: 'cascade' }),
    status: text('status').$type<CsComplaintStatus>().notNull().default('open'),
    reason: text('reason').notNull().default(''),
    outcome: text('outcome').notNull().default(''),
    handlerId: integer('handler_id'),
    createdBy: text('created_by').notNull().default(''),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('cs_complaints_conversation').on(t.conversationId),
    index('cs_complaints_product').on(t.productId, t.status),
  ],
);

/** A game's service panel (one row; empty until saved: `CS_DEFAULT_PANEL`), kept as the settings are. */
export const csPanels = pgTable(
  'cs_panels',
  {
    id: serialId(),
    cpId: integer('cp_id').notNull(),
    productId: integer('product_id').notNull(),
    settings: jsonb('settings').$type<Omit<CsPanel, 'version' | 'updated_at'>>().notNull(),
    ...editStamps(),
  },
  (t) => [uniqueIndex('cs_panels_product').on(t.productId)],
);

/** A game's temporary notices in the player's service panel, along the shared lifecycle. */
export const csNotices = pgTable(
  'cs_notices',
  {
    ...gameRow(),
    text: jsonb('text').$type<I18nText>().notNull(),
    startAt: at('start_at'),
    endAt: at('end_at').notNull(),
    // Its approval request stays empty: none is asked for notices (the shared lifecycle clears it).
    ...goLiveColumns(),
  },
  (t) => [index('cs_notices_product').on(t.productId, t.status)],
);

/** Each player text the bot answered from an auto-reply rule (`ruleId` null: no rule matched). */
export const csRuleHits = pgTable(
  'cs_rule_hits',
  {
    id: bigSerialId(),
    cpId: integer('cp_id').notNull(),
    productId: integer('product_id').notNull(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => csConversations.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id'),
    /** The rule's name when it answered (the rule may be renamed or deleted since). */
    ruleName: text('rule_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('cs_rule_hits_product').on(t.productId, t.createdAt),
    index('cs_rule_hits_conversation').on(t.conversationId),
  ],
);

/** A quality rubric of a game: items each scored from 0 to its maximum. */
export const csQualityRubrics = pgTable(
  'cs_quality_rubrics',
  {
    id: serialId(),
    cpId: integer('cp_id').notNull(),
    productId: integer('product_id').notNull(),
    name: text('name').notNull(),
    items: jsonb('items').$type<{ label: string; max: number }[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...editStamps(),
  },
  (t) => [uniqueIndex('cs_quality_rubrics_name').on(t.productId, t.name)],
);

/** A sampled conversation to score on a rubric (the agent who held it is the one reviewed). */
export const csQualityReviews = pgTable(
  'cs_quality_reviews',
  {
    id: serialId(),
    cpId: integer('cp_id').notNull(),
    productId: integer('product_id').notNull(),
    rubricId: integer('rubric_id')
      .notNull()
      .references(() => csQualityRubrics.id),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => csConversations.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<CsReviewStatus>().notNull().default('pending'),
    scores: jsonb('scores').$type<number[]>().notNull().default([]),
    /** Points given over the rubric's maximum when scored, as a percentage. */
    percent: integer('percent'),
    comment: text('comment').notNull().default(''),
    reviewerName: text('reviewer_name').notNull().default(''),
    ...editStamps(),
  },
  (t) => [
    uniqueIndex('cs_quality_reviews_conversation').on(t.rubricId, t.conversationId),
    index('cs_quality_reviews_agent').on(t.productId, t.agentId, t.status),
  ],
);

/** Agents' notes on a player (user management): the current text, edited with its version. */
export const csPlayerNotes = pgTable(
  'cs_player_notes',
  {
    ...gameRow(),
    openid: text('openid').notNull(),
    body: text('body').notNull(),
    createdBy: createdBy(),
    updatedBy: text('updated_by').notNull().default(''),
    ...editStamps(),
    /** Deleted notes stay, without their text (kept in their history), as a record of who deleted them. */
    deletedBy: text('deleted_by').notNull().default(''),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('cs_player_notes_player').on(t.productId, t.openid)],
);

/** A note's earlier texts: one row per edit, the text it replaced, who replaced it and when. */
export const csPlayerNoteRevisions = pgTable(
  'cs_player_note_revisions',
  {
    id: serialId(),
    noteId: integer('note_id')
      .notNull()
      .references(() => csPlayerNotes.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    editedBy: text('edited_by').notNull(),
    editedAt: at('edited_at').notNull().defaultNow(),
    /** `edit`: the text an edit replaced; `delete`: the text the note had when it was deleted. */
    action: text('action').notNull().default('edit'),
  },
  (t) => [index('cs_player_note_revisions_note').on(t.noteId)],
);
