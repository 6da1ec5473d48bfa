import { sql } from 'drizzle-orm';
import sanitize from 'sanitize-html';
import { mailsResource, type ApprovalSubject, type Language, textFor } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { queryRows } from '../../lib/rows.ts';
import { valuePerCopy, type MailRow } from './mails.ts';

type Named = Partial<Record<Language, string>>;
const inLang = (text: Named, lang: Language) =>
  textFor(text, lang) || Object.values(text).find(Boolean) || '';

/**
 * A rich-text body as plain text for the approver: read by sanitize-html with no tag allowed (its
 * output escapes `&`, `<`, `>` and `"`, read back here: the console shows it as text).
 */
export function plainText(html: string, limit = 500): string {
  const text = sanitize(html.replace(/<\/(p|li|h\d)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

/**
 * A mail as the approver knows it (issue 27): its title and body in the reader's language, sender,
 * attachments by name and quantity, audience, recipients, what the attachments are worth in all,
 * its send and expiry times, and a link to it in the mail list.
 */
export async function describeMail(db: Db, row: MailRow, reader: Scope): Promise<ApprovalSubject> {
  const lang = reader.lang;
  const ids = (type: string) => row.attachments.filter((a) => a.type === type).map((a) => a.id);
  const names = async (table: 'props' | 'gift_packages', list: number[]) =>
    list.length
      ? new Map(
          (
            await queryRows<{ id: number; name: Named }>(
              db,
              sql`select id, name from ${sql.identifier(table)}
                  where product_id = ${row.productId}::int and id in (${sql.join(
                    list.map((id) => sql`${id}::int`),
                    sql`, `,
                  )})`,
            )
          ).map((r) => [Number(r.id), inLang(r.name, lang)]),
        )
      : new Map<number, string>();
  const props = await names('props', ids('prop'));
  const gifts = await names('gift_packages', ids('gift'));
  const groups = row.userGroupIds.length
    ? await queryRows<{ label: string }>(
        db,
        sql`select label from user_groups where product_id = ${row.productId}::int and id in (${sql.join(
          row.userGroupIds.map((id) => sql`${id}::int`),
          sql`, `,
        )}) order by id`,
      )
    : [];
  const title = inLang(row.title, lang);
  // Props' unit value is in the game's reference unit: the minor unit of its area's store currency.
  const [product] = await queryRows<{ region: string }>(
    db,
    sql`select region from products where id = ${row.productId}::int`,
  );
  const audience =
    row.target === 'servers'
      ? row.servers
      : row.target === 'groups'
        ? groups.map((g) => g.label)
        : row.target === 'file'
          ? [`${row.recipients + row.unknownOpenids}`]
          : [];
  return {
    link: `${mailsResource.page}?q=${encodeURIComponent(title)}`,
    fields: [
      { key: 'title', text: title },
      { key: 'body', text: plainText(inLang(row.body, lang)) },
      { key: 'sender', text: row.sender },
      {
        key: 'attachments',
        list: row.attachments.map(
          (a) =>
            `${(a.type === 'prop' ? props : gifts).get(a.id) ?? `#${a.id}`} × ${a.quantity.toLocaleString('en')}`,
        ),
      },
      { key: `audience_${row.target}`, list: audience },
      { key: 'recipients', number: row.recipients },
      {
        key: 'attachment_value',
        money: {
          amount: row.recipients * (await valuePerCopy(db, row.productId, row.attachments)),
          currency: product?.region === 'hw' ? 'USD' : 'CNY',
        },
      },
      { key: 'send_at', time: row.sendAt?.toISOString() ?? null },
      { key: 'expire_at', time: row.expireAt?.toISOString() ?? null },
    ],
  };
}
