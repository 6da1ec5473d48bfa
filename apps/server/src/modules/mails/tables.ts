import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type {
  I18nText,
  MailAttachment,
  MailState,
  MailTarget,
  OptionalI18nText,
  RecipientState,
} from '@rx/contracts';
import { at, createdBy, editStamps, gameRow } from '../../db/schema.ts';

/** A product's system mail (`/tooloperate/tooloperate-fe/base/mail-manage`). */
export const mails = pgTable(
  'mails',
  {
    ...gameRow(),
    title: jsonb('title').$type<I18nText>().notNull(),
    /** Sanitised HTML per language (lib/rich-text.ts). */
    body: jsonb('body').$type<OptionalI18nText>().notNull(),
    sender: text('sender').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    target: text('target').$type<MailTarget>().notNull(),
    servers: jsonb('servers').$type<string[]>().notNull().default([]),
    userGroupIds: jsonb('user_group_ids').$type<number[]>().notNull().default([]),
    fileId: text('file_id'),
    sendAt: at('send_at'),
    expireAt: at('expire_at'),
    status: text('status').$type<MailState>().notNull().default('draft'),
    recipients: integer('recipients').notNull().default(0),
    unknownOpenids: integer('unknown_openids').notNull().default(0),
    recalledCopies: integer('recalled_copies').notNull().default(0),
    /** The fan-out chunks done (each once), and how many there are. */
    chunksDone: jsonb('chunks_done').$type<number[]>().notNull().default([]),
    chunkCount: integer('chunk_count').notNull().default(0),
    jobId: integer('job_id'),
    sentAt: at('sent_at'),
    finishedAt: at('finished_at'),
    recalledAt: at('recalled_at'),
    approvalId: integer('approval_id'),
    createdBy: createdBy(),
    ...editStamps(),
  },
  (t) => [index('mails_product_status').on(t.productId, t.status), index('mails_cp').on(t.cpId)],
);

/** The openids of a mail's uploaded list (target `file`), read when it is sent. */
export const mailOpenids = pgTable(
  'mail_openids',
  {
    mailId: integer('mail_id')
      .notNull()
      .references(() => mails.id, { onDelete: 'cascade' }),
    openid: text('openid').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mailId, t.openid] })],
);

/** One copy of a mail in one player's inbox: written by the fan-out job, once per (mail, player). */
export const mailRecipients = pgTable(
  'mail_recipients',
  {
    mailId: integer('mail_id')
      .notNull()
      .references(() => mails.id, { onDelete: 'cascade' }),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    state: text('state').$type<RecipientState>().notNull().default('delivered'),
    deliveredAt: at('delivered_at').notNull().defaultNow(),
    readAt: at('read_at'),
    claimedAt: at('claimed_at'),
    claimedRoleId: text('claimed_role_id').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.mailId, t.playerId] }),
    index('mail_recipients_player').on(t.playerId),
    // The home cockpit's claims of a game's mails today and in the last 30 days.
    index('mail_recipients_claimed')
      .on(t.mailId, t.claimedAt)
      .where(sql`claimed_at is not null`),
  ],
);
