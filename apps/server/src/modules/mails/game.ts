import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import {
  MAIL_CLAIM_MESSAGES,
  gameMailBody,
  gameMailQuery,
  idParam,
  type GameAttachment,
  type GameClaimAnswer,
  type GameMail,
  type I18nText,
  type Language,
  type MailAttachment,
  type MailClaimReason,
  type OptionalI18nText,
  textFor,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ok } from '../../lib/request.ts';
import { GAME } from '../../lib/route-access.ts';
import { isoOrNull, queryRows } from '../../lib/rows.ts';
import { gameLanguage } from '../game-api/index.ts';

/**
 * The game's side of mail (inside the signed game API): a player's inbox, reading and claiming.
 * A copy is live while its mail is sending/sent/partly failed and not past its expiry. A claim is
 * one conditional `UPDATE … WHERE state <> 'claimed' RETURNING`: of any number of parallel claims
 * one row comes back (the grant: claimed_at recorded, the attachments answered for the game to
 * deliver); the others, and later ones, answer the same attachments with `first: false`.
 */

const LIVE_SQL = sql`m.status in ('sending', 'sent', 'partly_failed') and (m.expire_at is null or m.expire_at > now())`;

interface MailRowRaw {
  id: number;
  title: I18nText;
  body: OptionalI18nText;
  sender: string;
  attachments: MailAttachment[];
  sent_at: Date | string | null;
  expire_at: Date | string | null;
  state: 'delivered' | 'read' | 'claimed';
  status: string;
  claimed_at: Date | string | null;
}

/** The attachments with their names in the player's language (props and gift packages of the product). */
async function named(
  db: Db,
  productId: number,
  lists: MailAttachment[][],
  lang: Language,
): Promise<GameAttachment[][]> {
  const propIds = [
    ...new Set(
      lists
        .flat()
        .filter((a) => a.type === 'prop')
        .map((a) => a.id),
    ),
  ];
  const giftIds = [
    ...new Set(
      lists
        .flat()
        .filter((a) => a.type === 'gift')
        .map((a) => a.id),
    ),
  ];
  const names = new Map<string, I18nText>();
  if (propIds.length)
    for (const r of await queryRows<{ id: number; name: I18nText }>(
      db,
      sql`select id, name from props where product_id = ${productId}::int and id in (select jsonb_array_elements_text(${JSON.stringify(propIds)}::jsonb)::int)`,
    ))
      names.set(`prop:${r.id}`, r.name);
  if (giftIds.length)
    for (const r of await queryRows<{ id: number; name: I18nText }>(
      db,
      sql`select id, name from gift_packages where product_id = ${productId}::int and id in (select jsonb_array_elements_text(${JSON.stringify(giftIds)}::jsonb)::int)`,
    ))
      names.set(`gift:${r.id}`, r.name);
  return lists.map((list) =>
    list.map((a) => {
      const name = names.get(`${a.type}:${a.id}`);
      return { ...a, name: name ? textFor(name, lang) : '' };
    }),
  );
}

const playerSql = (productId: number, openid: string) =>
  sql`(select p.id from players p where p.product_id = ${productId}::int and p.openid = ${openid})`;

/** The player's inbox: live copies, newest first, in their language (else zh). */
export async function inbox(
  db: Db,
  productId: number,
  openid: string,
  langParam: string,
): Promise<GameMail[]> {
  const lang: Language = gameLanguage(langParam) ?? 'zh';
  const rows = await queryRows<MailRowRaw>(
    db,
    sql`select m.id, m.title, m.body, m.sender, m.attachments, m.sent_at, m.expire_at, r.state, m.status, r.claimed_at
      from mail_recipients r join mails m on m.id = r.mail_id
      where r.player_id = ${playerSql(productId, openid)} and m.product_id = ${productId}::int and ${LIVE_SQL}
      order by m.id desc limit 200`,
  );
  const attachments = await named(
    db,
    productId,
    rows.map((r) => r.attachments),
    lang,
  );
  return rows.map((r, i) => ({
    id: Number(r.id),
    title: textFor(r.title, lang),
    body: textFor(r.body, lang),
    sender: r.sender,
    attachments: attachments[i]!,
    sent_at: isoOrNull(r.sent_at),
    expire_at: isoOrNull(r.expire_at),
    state: r.state,
  }));
}

/** Why a copy cannot be read or claimed now. */
async function refusal(db: Db, productId: number, id: number): Promise<MailClaimReason> {
  const [m] = await queryRows<{ status: string; expire_at: Date | string | null }>(
    db,
    sql`select status, expire_at from mails where id = ${id}::int and product_id = ${productId}::int`,
  );
  if (!m) return 'not_found';
  if (m.status === 'recalled') return 'recalled';
  if (m.status === 'expired' || (m.expire_at !== null && new Date(m.expire_at).getTime() <= Date.now()))
    return 'expired';
  return 'not_found';
}

const refuse = (reason: MailClaimReason, lang: Language) => ({
  reason,
  message: MAIL_CLAIM_MESSAGES[reason][lang],
});

export async function readMail(db: Db, productId: number, id: number, openid: string, langParam: string) {
  const lang: Language = gameLanguage(langParam) ?? 'zh';
  const rows = await queryRows(
    db,
    sql`update mail_recipients r set read_at = coalesce(r.read_at, now()),
        state = case when r.state = 'delivered' then 'read' else r.state end
      from mails m
      where r.mail_id = ${id}::int and m.id = r.mail_id and m.product_id = ${productId}::int
        and r.player_id = ${playerSql(productId, openid)} and ${LIVE_SQL}
      returning r.mail_id`,
  );
  if (rows.length) return { read: true as const };
  return { read: false as const, ...refuse(await refusal(db, productId, id), lang) };
}

export async function claimMail(
  db: Db,
  productId: number,
  id: number,
  input: { openid: string; role_id: string; lang: string },
): Promise<GameClaimAnswer> {
  const lang: Language = gameLanguage(input.lang) ?? 'zh';
  // The grant: one row back for exactly one claim.
  const [won] = await queryRows<{ claimed_at: Date | string; attachments: MailAttachment[] }>(
    db,
    sql`update mail_recipients r set state = 'claimed', claimed_at = now(), read_at = coalesce(r.read_at, now()),
        claimed_role_id = ${input.role_id}
      from mails m
      where r.mail_id = ${id}::int and m.id = r.mail_id and m.product_id = ${productId}::int
        and r.player_id = ${playerSql(productId, input.openid)} and r.state <> 'claimed' and ${LIVE_SQL}
      returning r.claimed_at, m.attachments`,
  );
  if (won) {
    const [attachments] = await named(db, productId, [won.attachments], lang);
    return { claimed: true, first: true, claimed_at: isoOrNull(won.claimed_at)!, attachments: attachments! };
  }
  // Claimed before (whatever happened to the mail since): the same attachments, nothing granted again.
  const [before] = await queryRows<{ claimed_at: Date | string; attachments: MailAttachment[] }>(
    db,
    sql`select r.claimed_at, m.attachments from mail_recipients r join mails m on m.id = r.mail_id
      where r.mail_id = ${id}::int and m.product_id = ${productId}::int
        and r.player_id = ${playerSql(productId, input.openid)} and r.state = 'claimed'`,
  );
  if (before) {
    const [attachments] = await named(db, productId, [before.attachments], lang);
    return {
      claimed: true,
      first: false,
      claimed_at: isoOrNull(before.claimed_at)!,
      attachments: attachments!,
    };
  }
  return { claimed: false, ...refuse(await refusal(db, productId, id), lang) };
}

/** `GET /mail`, `POST /mail/:id/read`, `POST /mail/:id/claim`: registered inside the signed game API. */
export function mailGameRoutes(fastify: FastifyInstance, { db }: { db: Db }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['game-api'];
  app.get(
    '/mail',
    {
      schema: { tags, summary: "A player's inbox: live, unexpired mail", querystring: gameMailQuery },
      config: GAME,
    },
    async (request, reply) => {
      const caller = request.gameCaller!;
      reply.header('cache-control', 'private, no-store');
      return ok({ mails: await inbox(db, caller.productId, request.query.openid, request.query.lang) });
    },
  );
  app.post(
    '/mail/:id/read',
    { schema: { tags, summary: 'Mark a mail read', params: idParam, body: gameMailBody }, config: GAME },
    async (request) =>
      ok(
        await readMail(
          db,
          request.gameCaller!.productId,
          request.params.id,
          request.body.openid,
          request.body.lang,
        ),
      ),
  );
  app.post(
    '/mail/:id/claim',
    {
      schema: {
        tags,
        summary: "Claim a mail's attachments (once; the same answer again)",
        params: idParam,
        body: gameMailBody,
      },
      config: GAME,
    },
    async (request) =>
      ok(await claimMail(db, request.gameCaller!.productId, request.params.id, request.body)),
  );
}
