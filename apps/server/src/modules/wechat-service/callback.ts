import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ErrorCode,
  WECHAT_WINDOWS,
  openidField,
  queryInt,
  safeText,
  type WechatMessage,
  type WechatTrigger,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isOutsideError, type Outside } from '../../lib/outside/index.ts';
import { PUBLIC } from '../../lib/route-access.ts';
import { queryRows } from '../../lib/rows.ts';
import { wechatSubscribe, type WechatSubscribe } from '../outside-parties/index.ts';

/**
 * WeChat's message push to `POST /api/wechat/v1/:product/callback` (JSON format): its signature
 * (sha1 of the callback token, timestamp and nonce) is checked and a timestamp more than 5 minutes
 * off refused; a message seen before (its MsgId, or an event's sender, time and kind) is ignored.
 * A player's message opens WeChat's 48-hour window (5 replies); entering the session or following
 * opens a 1-minute one (3 replies). The highest-priority enabled rule answering the trigger sends
 * its messages, each taking a slot of the window first (`sent < max` under the row's lock); a
 * message the window has no room for is refused and logged, never sent.
 */

const params = z.object({ product: queryInt(1, 2_147_483_647) });
const signed = z.object({
  signature: safeText().regex(/^[0-9a-f]{40}$/),
  timestamp: safeText().regex(/^\d{1,12}$/),
  nonce: safeText().regex(/^[A-Za-z0-9]{1,64}$/),
  echostr: safeText().max(128).optional(),
});
/** The fields of WeChat's JSON push the auto push reads (others are allowed and ignored). */
const pushed = z.object({
  ToUserName: safeText().max(64),
  FromUserName: openidField,
  CreateTime: z.number().int().min(0).max(1e11),
  MsgType: safeText().max(32),
  Content: safeText().max(2048).optional(),
  MsgId: z.union([z.number().int(), safeText().max(64)]).optional(),
  Event: safeText().max(64).optional(),
});
type Pushed = z.infer<typeof pushed>;

const SKEW_SECONDS = 300;

async function adapterOf(db: Db, outside: Outside, productId: number): Promise<WechatSubscribe> {
  try {
    return await outside.open(db, wechatSubscribe, productId);
  } catch (error) {
    if (isOutsideError(error)) throw new ApiError(ErrorCode.NOT_FOUND);
    throw error;
  }
}

function checkSignature(wechat: WechatSubscribe, query: z.infer<typeof signed>): void {
  if (!wechat.verifyCallback(query.signature, query.timestamp, query.nonce))
    throw new ApiError(ErrorCode.GAME_SIGNATURE_INVALID);
  if (Math.abs(Date.now() / 1000 - Number(query.timestamp)) > SKEW_SECONDS)
    throw new ApiError(ErrorCode.GAME_TIMESTAMP_INVALID);
}

/** The trigger a push is, and whether it opens a message window (else an event one). */
function triggerOf(message: Pushed): { event: WechatTrigger | null; isMessage: boolean } {
  if (message.MsgType === 'event') {
    if (message.Event === 'user_enter_tempsession') return { event: 'enter_session', isMessage: false };
    if (message.Event === 'subscribe') return { event: 'follow', isMessage: false };
    return { event: null, isMessage: false };
  }
  return { event: null, isMessage: true };
}

interface RuleRow {
  id: number;
  name: string;
  trigger: WechatTrigger;
  keywords: string[];
  messages: WechatMessage[];
}

/** Handles one push: answers whether it was new (a replay is ignored). */
export async function handlePush(
  db: Db,
  wechat: WechatSubscribe,
  productId: number,
  message: Pushed,
): Promise<boolean> {
  const key =
    message.MsgId !== undefined
      ? `msg:${message.MsgId}`
      : `evt:${message.FromUserName}:${message.CreateTime}:${message.Event ?? message.MsgType}`;
  const fresh = await queryRows(
    db,
    sql`insert into wechat_service_seen (product_id, key) values (${productId}::int, ${key})
      on conflict do nothing returning 1`,
  );
  if (!fresh.length) return false;
  const openid = message.FromUserName;
  const { event, isMessage } = triggerOf(message);
  if (!isMessage && !event) return true;
  // The window: a message opens a 48-hour one from the moment the player sent it (its CreateTime,
  // never later than now), and says whether it is the player's first; a message older than the
  // player's last one moves nothing. An event opens a 1-minute one, unless a message window is still open.
  const said = sql`least(to_timestamp(${message.CreateTime}::bigint), now())`;
  const [before] = await queryRows<{ first: boolean }>(
    db,
    isMessage
      ? sql`insert into wechat_service_windows as w (product_id, openid, kind, opened_at, sent, messaged_at)
          values (${productId}::int, ${openid}, 'message', ${said}, 0, ${said})
          on conflict (product_id, openid) do update set kind = 'message', opened_at = excluded.opened_at,
            sent = 0, messaged_at = excluded.messaged_at
            where w.messaged_at is null or w.messaged_at <= excluded.messaged_at
          returning (xmax = 0) or false as first`
      : sql`insert into wechat_service_windows as w (product_id, openid, kind, opened_at, sent)
          values (${productId}::int, ${openid}, 'event', now(), 0)
          on conflict (product_id, openid) do update set kind = 'event', opened_at = now(), sent = 0
            where not (w.kind = 'message' and w.opened_at > now() - make_interval(secs => ${WECHAT_WINDOWS.message.seconds}))
          returning false as first`,
  );
  const firstMessage = isMessage && (await isFirstMessage(db, productId, openid, Boolean(before?.first)));
  const rules = await queryRows<RuleRow>(
    db,
    sql`select id, name, trigger, keywords, messages from wechat_service_rules
      where product_id = ${productId}::int and enabled
      order by priority desc, id`,
  );
  const text = (message.Content ?? '').toLowerCase();
  const rule = isMessage
    ? (rules.find(
        (r) => r.trigger === 'keyword' && text && r.keywords.some((k) => text.includes(k.toLowerCase())),
      ) ?? (firstMessage ? rules.find((r) => r.trigger === 'first_message') : undefined))
    : rules.find((r) => r.trigger === event);
  if (!rule) return true;
  for (const item of rule.messages) await sendOne(db, wechat, productId, openid, rule, item);
  return true;
}

/** Whether this is the player's first message: no window before, or no message of theirs answered yet. */
async function isFirstMessage(
  db: Db,
  productId: number,
  openid: string,
  inserted: boolean,
): Promise<boolean> {
  if (inserted) return true;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from wechat_service_log where product_id = ${productId}::int
      and openid = ${openid} and trigger in ('keyword', 'first_message')`,
  );
  return Number(row!.n) === 0;
}

/** Sends one message of a rule if the player's window has room (else refused and logged, never sent). */
export async function sendOne(
  db: Db,
  wechat: WechatSubscribe,
  productId: number,
  openid: string,
  rule: RuleRow,
  message: WechatMessage,
): Promise<void> {
  const log = (outcome: 'sent' | 'refused' | 'failed', reason: string) =>
    db.execute(sql`insert into wechat_service_log (product_id, openid, rule_id, rule_name, trigger, message_type, outcome, reason)
      values (${productId}::int, ${openid}, ${rule.id}::int, ${rule.name}, ${rule.trigger}, ${message.type}, ${outcome}, ${reason})`);
  const [slot] = await queryRows<{ kind: string }>(
    db,
    sql`update wechat_service_windows set sent = sent + 1
      where product_id = ${productId}::int and openid = ${openid}
        and sent < case kind when 'message' then ${WECHAT_WINDOWS.message.max}::int else ${WECHAT_WINDOWS.event.max}::int end
        and opened_at > now() - make_interval(secs => case kind when 'message'
          then ${WECHAT_WINDOWS.message.seconds}::int else ${WECHAT_WINDOWS.event.seconds}::int end)
      returning kind`,
  );
  if (!slot) {
    const [w] = await queryRows<{ open: boolean }>(
      db,
      sql`select opened_at > now() - make_interval(secs => case kind when 'message'
          then ${WECHAT_WINDOWS.message.seconds}::int else ${WECHAT_WINDOWS.event.seconds}::int end) as open
        from wechat_service_windows where product_id = ${productId}::int and openid = ${openid}`,
    );
    await log('refused', w?.open ? 'window_full' : 'window_closed');
    return;
  }
  try {
    const answer = await wechat.customerMessage(openid, message);
    await log(answer.sent ? 'sent' : 'refused', answer.sent ? '' : answer.reason);
  } catch (error) {
    await log('failed', isOutsideError(error) ? error.kind : 'error');
  }
}

/** `GET` (WeChat's address check: `echostr` back) and `POST` (a message or event) of the callback. */
export function callbackRoutes(
  fastify: FastifyInstance,
  { db, outside }: { db: Db; outside: Outside },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/:product/callback',
    {
      schema: {
        tags: ['wechat-service'],
        summary: "WeChat's check of the callback address: the echostr back when the signature holds",
        params,
        querystring: signed,
      },
      config: PUBLIC,
    },
    async (request, reply) => {
      const wechat = await adapterOf(db, outside, request.params.product);
      checkSignature(wechat, request.query);
      return reply.type('text/plain').send(request.query.echostr ?? '');
    },
  );
  app.post(
    '/:product/callback',
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['wechat-service'],
        summary: "WeChat's message push (JSON): a player's message or event, answered by the auto push rules",
        params,
        querystring: signed,
        body: pushed,
      },
      config: PUBLIC,
    },
    async (request, reply) => {
      const wechat = await adapterOf(db, outside, request.params.product);
      checkSignature(wechat, request.query);
      await handlePush(db, wechat, request.params.product, request.body);
      return reply.type('text/plain').send('success');
    },
  );
}
