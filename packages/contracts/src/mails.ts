import { z } from 'zod';
import {
  distinct,
  i18nText,
  idField,
  int32,
  isoTime,
  keyword,
  optionalI18nText,
  queryInt,
  rowMeta,
  safeText,
  versionField,
} from './fields.ts';
import type { Language } from './languages.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { lifecycleActionBody, resourceLifecycle } from './lifecycle.ts';
import { defineResource } from './resource.ts';

/**
 * System mail (`/tooloperate/tooloperate-fe/base/mail-manage`, `/api/v1/mails`): a title and a
 * rich-text body per language, a sender name, up to 10 attachments (props or gift packages with
 * quantities), a target (every player of the product, the players with a role on some servers, an
 * uploaded openid list, or user groups' materialised members), a send time and an expiry.
 *
 * Draft → Pending approval (when a policy's threshold on recipients asks for it) → Scheduled →
 * Sending (the fan-out job writes one delivery row per player) → Sent / Partly failed →
 * Recalled (unclaimed copies removed) / Expired (claims refused after the expiry).
 * `mail-manage-new` is the compose page (a new mail, or a draft's edit, as a page of its own).
 */

export const MAIL_STATES = [
  'draft',
  'pending_approval',
  'scheduled',
  'sending',
  'sent',
  'partly_failed',
  'recalled',
  'expired',
] as const;
export type MailState = (typeof MAIL_STATES)[number];
export const MAIL_TARGETS = ['all', 'servers', 'file', 'groups'] as const;
export type MailTarget = (typeof MAIL_TARGETS)[number];
export const ATTACHMENT_TYPES = ['prop', 'gift'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
export const MAIL_ATTACHMENT_LIMIT = 10;

export const mailAttachment = z.object({
  type: z.enum(ATTACHMENT_TYPES),
  id: idField,
  quantity: int32(1, 1_000_000),
});
export type MailAttachment = z.infer<typeof mailAttachment>;

const serverValue = safeText().trim().min(1).max(64);

const mailFields = z.object({
  title: i18nText(100),
  /** Rich text per language (the server keeps it through the shared sanitiser). */
  body: optionalI18nText(20_000),
  sender: safeText().trim().min(1).max(64),
  attachments: z.array(mailAttachment).max(MAIL_ATTACHMENT_LIMIT),
  target: z.enum(MAIL_TARGETS),
  /** Server ids (target `servers`): players with a role on one of them. */
  servers: distinct(serverValue, 200),
  /** User groups (target `groups`): their materialised members. */
  user_group_ids: distinct(idField, 20),
  /** An uploaded openid list (target `file`, modules/files use `openid_list`). */
  file_id: safeText()
    .regex(/^[A-Za-z0-9_-]{22}$/)
    .nullable(),
  /** When the fan-out starts (by the scheduler); null: when sent. */
  send_at: isoTime.nullable(),
  /** Claims are refused after it; null: never expires. */
  expire_at: isoTime.nullable(),
});
type Fields = z.infer<typeof mailFields>;

function checkFields(value: Partial<Fields>, ctx: z.RefinementCtx): void {
  if (value.target === 'servers' && !value.servers?.length)
    ctx.addIssue({ code: 'custom', path: ['servers'], params: { key: 'required' } });
  if (value.target === 'groups' && !value.user_group_ids?.length)
    ctx.addIssue({ code: 'custom', path: ['user_group_ids'], params: { key: 'required' } });
  if (value.target === 'file' && !value.file_id)
    ctx.addIssue({ code: 'custom', path: ['file_id'], params: { key: 'required' } });
  if (value.send_at && value.expire_at && Date.parse(value.expire_at) <= Date.parse(value.send_at))
    ctx.addIssue({ code: 'custom', path: ['expire_at'], params: { key: 'end_before_start' } });
  const seen = new Set<string>();
  (value.attachments ?? []).forEach((a, i) => {
    const key = `${a.type}:${a.id}`;
    if (seen.has(key))
      ctx.addIssue({ code: 'custom', path: ['attachments', i, 'id'], params: { key: 'duplicate_item' } });
    seen.add(key);
  });
}

export const mailCreateBody = mailFields
  .extend({
    body: mailFields.shape.body.prefault({}),
    attachments: mailFields.shape.attachments.default([]),
    servers: mailFields.shape.servers.default([]),
    user_group_ids: mailFields.shape.user_group_ids.default([]),
    file_id: mailFields.shape.file_id.default(null),
    send_at: mailFields.shape.send_at.default(null),
    expire_at: mailFields.shape.expire_at.default(null),
  })
  .superRefine(checkFields);
export type MailCreate = z.input<typeof mailCreateBody>;

/** Only a draft is edited. */
export const mailUpdateBody = mailFields.partial().extend({ version: versionField }).superRefine(checkFields);
export type MailUpdate = z.input<typeof mailUpdateBody>;

export const mailItem = mailFields.extend({
  ...rowMeta,
  product_id: idField,
  status: z.enum(MAIL_STATES),
  /** Players it goes to: estimated when sent (or asked for approval), then the delivery rows written. */
  recipients: z.number().int(),
  /** Openids of the list that are no player of the product (counted as failed). */
  unknown_openids: z.number().int(),
  /** Unclaimed copies a recall removed. */
  recalled_copies: z.number().int(),
  job_id: z.number().int().nullable(),
  sent_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  recalled_at: z.string().nullable(),
  created_by: z.string(),
  approval_id: z.number().int().nullable(),
});
export type Mail = z.infer<typeof mailItem>;

export const MAIL_SORTS = ['id', 'send_at', 'expire_at', 'status', 'updated_at'] as const;
export const mailFilters = {
  /** Part of the title in any language. */
  q: keyword,
  status: z.enum(MAIL_STATES).optional(),
  target: z.enum(MAIL_TARGETS).optional(),
};
export const mailListQuery = listQuery(MAIL_SORTS, mailFilters);
export const mailExportQuery = exportQuery(mailFilters);
export const mailListAnswer = listAnswer(mailItem);

export const mailsResource = defineResource({
  name: 'mails',
  page: '/tooloperate/tooloperate-fe/base/mail-manage',
  scope: 'product',
  logTarget: 'mail',
  namespace: 'mail',
  item: mailItem,
  create: mailCreateBody,
  update: mailUpdateBody,
  list: mailListQuery,
  export: mailExportQuery,
  filters: ['q', 'status', 'target'],
  sorts: MAIL_SORTS,
  remove: 'delete',
});

/**
 * `POST /api/v1/mails/:id/<action>`: send a draft (now, or scheduled for its send time; through
 * approval when a policy asks), cancel a pending or scheduled one (back to draft), recall a sent one
 * (its unclaimed copies removed, for good). A mail past its expiry ends as `expired`.
 */
export const MAIL_ACTIONS = ['send', 'cancel', 'recall'] as const;
export type MailAction = (typeof MAIL_ACTIONS)[number];
export const MAIL_LIFECYCLE = resourceLifecycle<MailState, MailAction>({
  states: {
    draft: 'draft',
    pending_approval: 'pending_approval',
    scheduled: 'scheduled',
    sending: 'live',
    sent: 'live',
    partly_failed: 'live',
    recalled: 'ended',
    expired: 'ended',
  },
  enters: { live: 'sending', ended: 'expired' },
  actions: {
    send: { move: 'go_live', from: ['draft'] },
    cancel: { move: 'recall', from: ['pending_approval', 'scheduled'] },
    recall: { move: 'end', from: ['sending', 'sent', 'partly_failed'], to: 'recalled', irreversible: true },
  },
  window: { start: 'send_at', end: 'expire_at' },
});
export const mailActionBody = lifecycleActionBody;

export const mailStats = z.object({
  /** Copies in players' inboxes (whatever they did with them since). */
  delivered: z.number().int(),
  read: z.number().int(),
  claimed: z.number().int(),
  failed: z.number().int(),
  /** Unclaimed copies removed by a recall. */
  recalled: z.number().int(),
});
export type MailStats = z.infer<typeof mailStats>;

export const RECIPIENT_STATES = ['delivered', 'read', 'claimed', 'failed'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];
export const mailRecipientsQuery = z.object({
  page: queryInt(1, 100_000).default(1),
  page_size: queryInt(1, 100).default(10),
  state: z.enum(RECIPIENT_STATES).optional(),
  openid: keyword,
});
export const mailRecipient = z.object({
  player_id: z.number().int(),
  openid: z.string(),
  state: z.enum(RECIPIENT_STATES),
  delivered_at: z.string(),
  read_at: z.string().nullable(),
  claimed_at: z.string().nullable(),
  claimed_role_id: z.string(),
});
export type MailRecipient = z.infer<typeof mailRecipient>;
export const mailRecipientsAnswer = listAnswer(mailRecipient);

// ------------------------------------------------------------------ game API

export const gameMailQuery = z.object({
  openid: safeText().trim().min(1).max(128),
  role_id: safeText().trim().max(128).default(''),
  lang: safeText().trim().max(16).default(''),
});
export const gameMailBody = z.object({
  openid: safeText().trim().min(1).max(128),
  role_id: safeText().trim().max(128).default(''),
  lang: safeText().trim().max(16).default(''),
});

export const gameAttachment = mailAttachment.extend({ name: z.string() });
export type GameAttachment = z.infer<typeof gameAttachment>;
export const gameMail = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  sender: z.string(),
  attachments: z.array(gameAttachment),
  sent_at: z.string().nullable(),
  expire_at: z.string().nullable(),
  state: z.enum(['delivered', 'read', 'claimed']),
});
export type GameMail = z.infer<typeof gameMail>;
export const gameInboxAnswer = z.object({ mails: z.array(gameMail) });

/** Why a claim (or a read) is refused. */
export const MAIL_CLAIM_REASONS = ['not_found', 'recalled', 'expired'] as const;
export type MailClaimReason = (typeof MAIL_CLAIM_REASONS)[number];

export const MAIL_CLAIM_MESSAGES: Record<MailClaimReason, Record<Language, string>> = {
  not_found: {
    zh: '没有这封邮件',
    en: 'There is no such mail',
    ja: 'このメールはありません',
    th: 'ไม่มีจดหมายนี้',
    vi: 'Không có thư này',
    tl: 'Walang ganitong sulat',
    id: 'Surat ini tidak ada',
    ar: 'لا توجد هذه الرسالة',
    tc: '沒有這封郵件',
  },
  recalled: {
    zh: '邮件已被撤回，无法领取',
    en: 'The mail was recalled and can no longer be claimed',
    ja: 'このメールは取り消されたため受け取れません',
    th: 'จดหมายถูกเรียกคืนแล้ว ไม่สามารถรับได้',
    vi: 'Thư đã bị thu hồi, không thể nhận',
    tl: 'Binawi na ang sulat at hindi na makukuha',
    id: 'Surat telah ditarik dan tidak bisa diklaim lagi',
    ar: 'تم سحب الرسالة ولم يعد بالإمكان استلامها',
    tc: '郵件已被撤回，無法領取',
  },
  expired: {
    zh: '邮件已过期，无法领取',
    en: 'The mail has expired and can no longer be claimed',
    ja: 'このメールは期限切れのため受け取れません',
    th: 'จดหมายหมดอายุแล้ว ไม่สามารถรับได้',
    vi: 'Thư đã hết hạn, không thể nhận',
    tl: 'Lipas na ang sulat at hindi na makukuha',
    id: 'Surat telah kedaluwarsa dan tidak bisa diklaim lagi',
    ar: 'انتهت صلاحية الرسالة ولم يعد بالإمكان استلامها',
    tc: '郵件已過期，無法領取',
  },
};

export const gameClaimAnswer = z.discriminatedUnion('claimed', [
  z.object({
    claimed: z.literal(true),
    /** False when it had been claimed before: the same attachments, granted once only. */
    first: z.boolean(),
    claimed_at: z.string(),
    attachments: z.array(gameAttachment),
  }),
  z.object({ claimed: z.literal(false), reason: z.enum(MAIL_CLAIM_REASONS), message: z.string() }),
]);
export type GameClaimAnswer = z.infer<typeof gameClaimAnswer>;
export const gameReadAnswer = z.union([
  z.object({ read: z.literal(true) }),
  z.object({ read: z.literal(false), reason: z.enum(MAIL_CLAIM_REASONS), message: z.string() }),
]);
