import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { MAIL_LIFECYCLE, mailsResource, textFor } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { defineLifecycle, type LifecycleContext } from '../../lib/define-lifecycle.ts';
import { queryRows } from '../../lib/rows.ts';
import { registerApprovalAction, submitChange } from '../approvals/index.ts';
import type { FileStorage } from '../files/index.ts';
import { describeMail } from './describe.ts';
import { countRecipients, queueFanout, readOpenidFile, storeOpenids } from './fanout.ts';
import { runJobOnceCommitted } from '../../lib/jobs/after-commit.ts';
import { toItem, valuePerCopy, type MailRow } from './mails.ts';
import { mails } from './tables.ts';

/** What mail's lifecycle works with: the uploaded openid lists too. */
export interface MailContext extends LifecycleContext {
  storage: FileStorage;
}

/** Removes the copies players have not claimed (a recall); answers how many went. */
async function removeUnclaimed(tx: Db, mailId: number): Promise<number> {
  const [removed] = await queryRows<{ n: number }>(
    tx,
    sql`with gone as (delete from mail_recipients where mail_id = ${mailId}::int and state <> 'claimed' returning 1)
      select count(*)::int as n from gone`,
  );
  return Number(removed!.n);
}

/**
 * Who a mail reaches, as a fingerprint: its target and servers, groups or openids, sorted. Five
 * mails to the same 99 players share it, so their recipients add up against the policy.
 */
function audienceOf(row: MailRow, openids: string[] | null): string {
  const who = {
    target: row.target,
    servers: [...row.servers].sort(),
    groups: [...row.userGroupIds].sort((a, b) => a - b),
    openids: openids ? [...openids].sort() : row.fileId,
  };
  return `mail:${row.productId}:${createHash('sha256').update(JSON.stringify(who)).digest('hex')}`;
}

/**
 * A mail on the shared lifecycle (`MAIL_LIFECYCLE`: sending, sent and partly failed read as live;
 * recalled and expired as ended). Sending a draft counts its recipients first (an uploaded openid
 * list is read and kept with it) and waits for a second person when a policy's threshold on
 * recipients or on the attachments' value asks; otherwise it is `sending` at once, its fan-out job
 * queued in the same transaction and started after, or `scheduled` for its send time. A recall
 * removes the unclaimed copies (claimed ones stay) and stops the fan-out; the scheduler expires it
 * at its expiry (claims are refused after it in any case).
 */
export const mailLifecycle = defineLifecycle({
  resource: mailsResource,
  lifecycle: MAIL_LIFECYCLE,
  table: mails,
  status: mails.status,
  toItem,
  nameOf: (row) => textFor(row.title),
  window: { start: (row) => row.sendAt, end: (row) => row.expireAt },
  tasks: { start: 'mails.send', end: 'mails.expire' },
  approval: {
    kind: 'mails.send',
    amount: (_tx, row) => row.recipients,
    value: async (tx, row) => row.recipients * (await valuePerCopy(tx, row.productId, row.attachments)),
    audience: (row, openids) => audienceOf(row, openids as string[] | null),
    after: (row, asked) => ({
      status: 'sending',
      recipients: asked.amount,
      attachment_value: asked.value,
      send_at: row.sendAt,
      expire_at: row.expireAt,
    }),
    describe: describeMail,
    submit: submitChange,
    register: registerApprovalAction,
  },
  hooks: {
    prepare: {
      // The openid list is read before the transaction (a stream), kept inside it.
      read: async (ctx: MailContext, scope, row: MailRow) =>
        row.target === 'file' && row.fileId ? readOpenidFile(ctx.db, ctx.storage, scope, row.fileId) : null,
      apply: async (tx, _scope, row, openids) => {
        const unknownOpenids = openids
          ? await storeOpenids(tx, row, openids as string[])
          : row.unknownOpenids;
        const counted = { ...row, unknownOpenids };
        const [prepared] = await tx
          .update(mails)
          .set({ unknownOpenids, recipients: await countRecipients(tx, counted) })
          .where(eq(mails.id, row.id))
          .returning();
        return prepared!;
      },
    },
    onGoLive: async (tx, scope, row) => {
      await queueFanout(tx, scope, row);
      return { sentAt: new Date() };
    },
    onEnd: async (tx, _scope, row, action) =>
      action === 'recall'
        ? { recalledAt: new Date(), recalledCopies: await removeUnclaimed(tx, row.id) }
        : {},
    afterMove: async (ctx, row, from) => {
      if (row.jobId === null) return;
      // The fan-out job was queued with the move: started once that committed.
      if (row.status === 'sending' && from !== 'sending') runJobOnceCommitted(ctx.db, ctx.jobs, row.jobId);
      if (row.status === 'recalled') await ctx.jobs?.cancel(row.jobId).catch(() => false);
    },
  },
});
