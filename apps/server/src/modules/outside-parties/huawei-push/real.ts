import { z } from 'zod';
import type { huaweiPushParty } from '@rx/contracts';
import {
  OutsideError,
  isOutsideError,
  jsonOf,
  oauthGrantOf,
  type ObtainToken,
  type PartyContext,
  type SettingsOf,
} from '../../../lib/outside/index.ts';
import { bearerSend, type PushMessage, type PushOutcome, type PushProvider } from '../fcm/adapter.ts';

/** Huawei's documented addresses (tests reach a stand-in instead). */
export const HUAWEI_OAUTH = 'https://oauth-login.cloud.huawei.com';
export const HUAWEI_PUSH_API = 'https://push-api.cloud.huawei.com';

const sendAnswer = z.object({
  code: z.string(),
  msg: z.string().default(''),
  requestId: z.string().default(''),
});

/** Push Kit's result codes (its "Result codes" table). */
const SUCCESS = '80000000';
/** Some tokens invalid (answered per token in `msg`); with one token: that one. */
const PARTLY = '80100000';
/** Every token invalid. */
const ALL_INVALID = '80300007';
/** The OAuth token expired or is invalid (HTTP 401). */
const TOKEN_CODES = new Set(['80200001', '80200003']);

/** Push Kit's `message` for one device: the notification, data as a JSON string, the Android TTL and a tap action. */
export function huaweiMessage(message: PushMessage) {
  const deepLink = message.data.deep_link;
  return {
    validate_only: false,
    message: {
      ...(Object.keys(message.data).length ? { data: JSON.stringify(message.data) } : {}),
      android: {
        ...(message.ttlSeconds !== undefined ? { ttl: `${message.ttlSeconds}s` } : {}),
        notification: {
          title: message.title,
          body: message.body,
          ...(message.image ? { image: message.image } : {}),
          // 1: open a custom page (the deep link); 3: open the app.
          click_action: deepLink ? { type: 1, intent: deepLink } : { type: 3 },
        },
      },
      token: [message.token],
    },
  };
}

/**
 * Huawei Push Kit (`POST /v1/{app_id}/messages:send`) with an OAuth 2.0 token of the app (client
 * credentials grant to `oauth2/v3/token`), kept until it expires and renewed once when Push Kit
 * answers 401 (`80200003`). Push Kit answers 200 with a result code: `80000000` sent;
 * `80300007` (all tokens invalid) or `80100000` (the one token invalid) a dead token — answered,
 * not thrown; 429 and 5xx are the kit's `rate_limited` and `unavailable`.
 */
export function realHuaweiPush(ctx: PartyContext<SettingsOf<typeof huaweiPushParty>>): PushProvider {
  const appId = ctx.settings.hms_app_id;
  const obtain: ObtainToken = async () => {
    const answer = await ctx.http('token', {
      method: 'POST',
      url: `${ctx.endpoint(HUAWEI_OAUTH)}/oauth2/v3/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: appId,
        client_secret: ctx.credentials.client_secret!,
      }),
    });
    return oauthGrantOf(answer);
  };
  const url = `${ctx.endpoint(HUAWEI_PUSH_API)}/v1/${encodeURIComponent(appId)}/messages:send`;
  return {
    provider: 'huawei',
    send: async (message, idempotencyKey): Promise<PushOutcome> => {
      try {
        return await bearerSend(
          ctx,
          obtain,
          {
            url,
            contentType: 'application/json;charset=utf-8',
            body: huaweiMessage(message),
            idempotencyKey,
          },
          (answer) => {
            const sent = sendAnswer.safeParse(jsonOf(answer));
            if (!sent.success) throw new OutsideError('refused', 'the send answer has no result code');
            const { code, msg, requestId } = sent.data;
            if (code === SUCCESS) return { outcome: 'sent', messageId: requestId };
            if (code === ALL_INVALID || code === PARTLY) return { outcome: 'unregistered', reason: code };
            if (TOKEN_CODES.has(code)) throw new OutsideError('token_expired', `Push Kit: ${code} ${msg}`);
            throw new OutsideError('refused', `Push Kit refused the push: ${code} ${msg}`, {
              status: answer.status,
            });
          },
        );
      } catch (error) {
        // A 400 naming the token invalid (a malformed token) is a dead token too.
        if (isOutsideError(error, 'refused') && /8030000[67]/.test(error.message))
          return { outcome: 'unregistered', reason: /8030000[67]/.exec(error.message)![0] };
        throw error;
      }
    },
  };
}
