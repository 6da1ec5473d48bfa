import { z } from 'zod';
import type { wechatSubscribeParty } from '@rx/contracts';
import {
  OutsideError,
  jsonOf,
  type ObtainToken,
  type PartyContext,
  type SettingsOf,
} from '../../../lib/outside/index.ts';
import type { PushMessage, PushOutcome } from '../fcm/adapter.ts';
import {
  callbackSignature,
  customBody,
  sameSignature,
  type WechatSubscribe,
  type WechatTemplate,
} from './adapter.ts';

/** WeChat's documented address (tests reach a stand-in instead). */
export const WECHAT_API = 'https://api.weixin.qq.com';

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().int().positive() });
const errAnswer = z.object({
  errcode: z.number().int().default(0),
  errmsg: z.string().default(''),
  msgid: z.union([z.number(), z.string()]).optional(),
});
const templatesAnswer = errAnswer.extend({
  data: z
    .array(
      z.object({
        priTmplId: z.string(),
        title: z.string().default(''),
        content: z.string().default(''),
        example: z.string().default(''),
        type: z.number().int().default(2),
      }),
    )
    .default([]),
});

/** Access token refused: invalid (40001, 40014) or expired (42001). */
const TOKEN_CODES = new Set([40001, 40014, 42001]);
/** Frequency limits: 45009 (daily API quota), 45047 (too many to one user), 45011 (too often). */
const LIMIT_CODES = new Set([45009, 45011, 45047]);
/** The openid is not a user of this app. */
const INVALID_OPENID = 40003;
/** The user has no subscription left for the template (or refused it). */
const NO_SUBSCRIPTION = 43101;

/** WeChat's `lang` of a message: zh_CN, zh_TW, en_US, zh_HK. */
function wechatLang(locale: string): string {
  const l = locale.toLowerCase();
  if (l.startsWith('zh-tw') || l === 'tc' || l.startsWith('zh-hant')) return 'zh_TW';
  if (l.startsWith('zh-hk')) return 'zh_HK';
  if (l.startsWith('en')) return 'en_US';
  return 'zh_CN';
}

/** `subscribeMessage.send`'s body for one player. A mini-game's carries no `miniprogram_state`. */
export function wechatMessage(message: PushMessage, appType: string) {
  const template = message.template ?? { id: '', page: '', locale: '' };
  return {
    touser: message.token,
    template_id: template.id,
    ...(template.page ? { page: template.page } : {}),
    data: Object.fromEntries(Object.entries(message.data).map(([key, value]) => [key, { value }])),
    ...(appType === 'mini_program' ? { miniprogram_state: 'formal' } : {}),
    lang: wechatLang(template.locale),
  };
}

function failureOf(errcode: number, errmsg: string): OutsideError {
  if (TOKEN_CODES.has(errcode)) return new OutsideError('token_expired', `WeChat ${errcode}: ${errmsg}`);
  if (LIMIT_CODES.has(errcode))
    return new OutsideError('rate_limited', `WeChat ${errcode}: ${errmsg}`, { retryAfter: 60 });
  if (errcode === -1) return new OutsideError('unavailable', `WeChat -1: system busy`);
  return new OutsideError('refused', `WeChat ${errcode}: ${errmsg}`);
}

/**
 * WeChat subscribe messages through the official server API: a stable access token of the app
 * (`POST /cgi-bin/stable_token` with its AppID and AppSecret, kept until it expires and renewed once
 * when WeChat calls it invalid), `POST /cgi-bin/message/subscribe/send` (mini-programs and
 * mini-games alike) and the app's templates (`GET /wxaapi/newtmpl/gettemplate`). WeChat answers
 * HTTP 200 with an `errcode`: 0 sent (`msgid`); 40003 an openid not of this app (answered
 * unregistered: it is retired); 43101 no subscription left (declined); token, limit and busy codes
 * become the kit's `token_expired`, `rate_limited` and `unavailable`.
 */
export function realWechatSubscribe(
  ctx: PartyContext<SettingsOf<typeof wechatSubscribeParty>>,
): WechatSubscribe {
  const { app_id: appId, app_type: appType } = ctx.settings;
  const base = ctx.endpoint(WECHAT_API);
  const obtain: ObtainToken = async () => {
    const answer = await ctx.http('token', {
      method: 'POST',
      url: `${base}/cgi-bin/stable_token`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credential',
        appid: appId,
        secret: ctx.credentials.app_secret!,
        force_refresh: false,
      }),
    });
    const json = jsonOf<unknown>(answer);
    const grant = tokenAnswer.safeParse(json);
    if (!grant.success) {
      const err = errAnswer.safeParse(json);
      throw new OutsideError('refused', `WeChat refused the token: ${err.success ? err.data.errcode : '?'}`, {
        status: answer.status,
      });
    }
    ctx.secret(grant.data.access_token);
    return {
      accessToken: grant.data.access_token,
      expiresAt: new Date(Date.now() + grant.data.expires_in * 1000),
    };
  };
  const withToken = (token: string) => {
    ctx.secret(token);
    return `access_token=${encodeURIComponent(token)}`;
  };
  return {
    provider: 'wechat',
    send: (message, idempotencyKey): Promise<PushOutcome> =>
      ctx.authorized(obtain, async (token) => {
        const answer = await ctx.http(
          'send',
          {
            method: 'POST',
            url: `${base}/cgi-bin/message/subscribe/send?${withToken(token)}`,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(wechatMessage(message, appType)),
          },
          { idempotencyKey },
        );
        const sent = errAnswer.safeParse(jsonOf(answer));
        if (!sent.success) throw new OutsideError('refused', 'the send answer has no errcode');
        const { errcode, errmsg, msgid } = sent.data;
        if (errcode === 0) return { outcome: 'sent', messageId: String(msgid ?? '') };
        if (errcode === INVALID_OPENID) return { outcome: 'unregistered', reason: String(errcode) };
        if (errcode === NO_SUBSCRIPTION) return { outcome: 'declined', reason: String(errcode) };
        throw failureOf(errcode, errmsg);
      }),
    customerMessage: (openid, message) =>
      ctx.authorized(obtain, async (token) => {
        const answer = await ctx.http('cs_send', {
          method: 'POST',
          url: `${base}/cgi-bin/message/custom/send?${withToken(token)}`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(customBody(openid, message)),
        });
        const sent = errAnswer.safeParse(jsonOf(answer));
        if (!sent.success) throw new OutsideError('refused', 'the send answer has no errcode');
        const { errcode, errmsg } = sent.data;
        if (errcode === 0) return { sent: true as const };
        // The window as WeChat counts it: too late (45015) or too many (45047).
        if (errcode === 45015 || errcode === 45047) return { sent: false as const, reason: String(errcode) };
        throw failureOf(errcode, errmsg);
      }),
    verifyCallback: (signature, timestamp, nonce) =>
      sameSignature(callbackSignature(ctx.credentials.callback_token!, timestamp, nonce), signature),
    templates: (): Promise<WechatTemplate[]> =>
      ctx.authorized(obtain, async (token) => {
        const answer = await ctx.http('templates', {
          method: 'GET',
          url: `${base}/wxaapi/newtmpl/gettemplate?${withToken(token)}`,
        });
        const list = templatesAnswer.safeParse(jsonOf(answer));
        if (!list.success) throw new OutsideError('refused', 'the template answer is not a list');
        if (list.data.errcode !== 0) throw failureOf(list.data.errcode, list.data.errmsg);
        return list.data.data.map((t) => ({
          id: t.priTmplId,
          title: t.title,
          content: t.content,
          example: t.example,
          type: t.type,
        }));
      }),
  };
}
