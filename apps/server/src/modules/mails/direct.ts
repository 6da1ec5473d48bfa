import { sql } from 'drizzle-orm';
import { LANGUAGES, type I18nText, type MailAttachment, type OptionalI18nText } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { mailOpenids, mailRecipients, mails } from './tables.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A mail to one player, delivered at once (a reward another module grants: an invite reward): a
 * sent mail of one recipient, listed with the others on the mail page. Answers its id, or null when
 * the game has no such player (nothing is written then).
 */
export async function mailOnePlayer(
  tx: Tx | Db,
  mail: {
    cpId: number;
    productId: number;
    openid: string;
    title: I18nText;
    sender: string;
    attachments: MailAttachment[];
  },
): Promise<number | null> {
  const [player] = await queryRows<{ id: number }>(
    tx as Db,
    sql`select id from players where product_id = ${mail.productId}::int and openid = ${mail.openid}`,
  );
  if (!player) return null;
  const now = new Date();
  const body = Object.fromEntries(LANGUAGES.map((lang) => [lang, ''])) as OptionalI18nText;
  const [row] = await tx
    .insert(mails)
    .values({
      cpId: mail.cpId,
      productId: mail.productId,
      title: mail.title,
      body,
      sender: mail.sender,
      attachments: mail.attachments,
      target: 'file',
      status: 'sent',
      sendAt: now,
      sentAt: now,
      finishedAt: now,
      recipients: 1,
      createdBy: mail.sender,
    })
    .returning({ id: mails.id });
  await tx.insert(mailOpenids).values({ mailId: row!.id, openid: mail.openid });
  await tx.insert(mailRecipients).values({ mailId: row!.id, playerId: Number(player.id) });
  return row!.id;
}
