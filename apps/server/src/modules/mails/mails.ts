import { eq, sql } from 'drizzle-orm';
import { mailsResource, type Mail, type MailAttachment, textFor } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { contains } from '../../lib/list.ts';
import type { FieldProblems } from '../../lib/problems.ts';
import { draftCheck, onlyDraftsDeleted } from '../../lib/define-lifecycle.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { sanitizeEachLanguage } from '../../lib/rich-text.ts';
import { isoOrNull, queryRows, stamps } from '../../lib/rows.ts';
import { checkWindow, timeInput } from '../../lib/time-window.ts';
import { checkReferences } from '../../lib/references.ts';
import { giftPackages } from '../gift-packages/tables.ts';
import { props } from '../props/index.ts';
import { checkGroups } from '../user-groups/index.ts';
import { mails } from './tables.ts';
import { rowInGame } from '../../lib/scope.ts';

export type MailRow = typeof mails.$inferSelect;

export function toItem(row: MailRow): Mail {
  return {
    id: row.id,
    product_id: row.productId,
    title: row.title,
    body: row.body,
    sender: row.sender,
    attachments: row.attachments,
    target: row.target,
    servers: row.servers,
    user_group_ids: row.userGroupIds,
    file_id: row.fileId,
    send_at: isoOrNull(row.sendAt),
    expire_at: isoOrNull(row.expireAt),
    status: row.status,
    recipients: row.recipients,
    unknown_openids: row.unknownOpenids,
    recalled_copies: row.recalledCopies,
    job_id: row.jobId,
    sent_at: isoOrNull(row.sentAt),
    finished_at: isoOrNull(row.finishedAt),
    recalled_at: isoOrNull(row.recalledAt),
    created_by: row.createdBy,
    approval_id: row.approvalId,
    ...stamps(row),
  };
}

/**
 * What one player's copy of a mail is worth: each attachment's quantity × its props' unit value (a
 * gift package: the sum over its contents). Read in the caller's transaction.
 */
export async function valuePerCopy(
  db: Db,
  productId: number,
  attachments: MailAttachment[],
): Promise<number> {
  if (!attachments.length) return 0;
  const [row] = await queryRows<{ v: string | number | null }>(
    db,
    sql`with a as (
          select x->>'type' as type, (x->>'id')::int as id, (x->>'quantity')::bigint as quantity
          from jsonb_array_elements(${JSON.stringify(attachments)}::jsonb) x
        ),
        prop_lines as (
          select a.quantity * p.unit_value as v from a join props p on p.id = a.id and p.product_id = ${productId}::int
          where a.type = 'prop'
        ),
        gift_lines as (
          select a.quantity * (c->>'quantity')::bigint * p.unit_value as v
          from a join gift_packages g on g.id = a.id and g.product_id = ${productId}::int
          cross join lateral jsonb_array_elements(g.contents) c
          join props p on p.id = (c->>'prop_id')::int
          where a.type = 'gift'
        )
        select coalesce((select sum(v) from prop_lines), 0) + coalesce((select sum(v) from gift_lines), 0) as v`,
  );
  return Number(row?.v ?? 0);
}

/** Attachments must name active props and gift packages of the mail's product (each one its field). */
async function checkAttachments(
  db: Db,
  scope: Scope,
  attachments: MailAttachment[],
  problems: FieldProblems,
): Promise<void> {
  const refs = (type: MailAttachment['type']) =>
    attachments.flatMap((a, i) => (a.type === type ? [{ field: `attachments.${i}.id`, id: a.id }] : []));
  const active = { usable: (row: { status: string }) => row.status === 'active' };
  await checkReferences(db, scope, problems, props, refs('prop'), active);
  await checkReferences(db, scope, problems, giftPackages, refs('gift'), active);
}

async function checkFile(db: Db, scope: Scope, fileId: string, problems: FieldProblems): Promise<void> {
  const rows = await queryRows(
    db,
    sql`select 1 from files where id = ${fileId} and cp_id = ${scope.cpId}::int and use = 'openid_list'`,
  );
  if (!rows.length) problems.add('file_id', 'unknown_ref');
}

export const mailImpl: ResourceImpl<typeof mailsResource, typeof mails, Mail, null> = {
  table: mails,
  toItem,
  nameOf: (row) => textFor(row.title),
  where: (f) => [
    f.q ? contains(sql`lower(${mails.title}::text)`, f.q.toLowerCase()) : undefined,
    f.status ? eq(mails.status, f.status) : undefined,
    f.target ? eq(mails.target, f.target) : undefined,
  ],
  columns: (input) => ({
    title: input.title,
    body: input.body === undefined ? undefined : sanitizeEachLanguage(input.body),
    sender: input.sender,
    attachments: input.attachments,
    target: input.target,
    servers: input.servers,
    userGroupIds: input.user_group_ids,
    fileId: input.file_id,
    sendAt: timeInput(input.send_at),
    expireAt: timeInput(input.expire_at),
  }),
  // Only a draft is deleted: what players received stays on record (recall it instead).
  usage: onlyDraftsDeleted,
  check: draftCheck(async (db, scope, input, before, problems) => {
    if (input.attachments?.length) await checkAttachments(db, scope, input.attachments, problems);
    await checkGroups(db, scope, problems, input.user_group_ids ?? []);
    if (input.file_id) await checkFile(db, scope, input.file_id, problems);
    // The cross-field rules against what the row keeps (an update may send one side).
    const target = input.target ?? before?.target;
    const servers = input.servers ?? before?.servers ?? [];
    const groups = input.user_group_ids ?? before?.userGroupIds ?? [];
    const file = input.file_id !== undefined ? input.file_id : (before?.fileId ?? null);
    if (target === 'servers' && !servers.length) problems.add('servers', 'required');
    if (target === 'groups' && !groups.length) problems.add('user_group_ids', 'required');
    if (target === 'file' && !file) problems.add('file_id', 'required');
    checkWindow(problems, 'expire_at', [input.send_at, before?.sendAt], [input.expire_at, before?.expireAt]);
  }),
};

export const mailService = resourceService(mailsResource, mailImpl);

/** The row of `id` in the caller's product. */
export function rowTarget(scope: { cpId: number; productId: number | null }, id: number) {
  return rowInGame(mails, scope, id);
}
