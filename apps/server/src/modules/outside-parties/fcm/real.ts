import { z } from 'zod';
import type { fcmParty } from '@rx/contracts';
import {
  OutsideError,
  isOutsideError,
  jsonOf,
  type PartyContext,
  type SettingsOf,
} from '../../../lib/outside/index.ts';
import { readServiceAccount, serviceAccountToken } from '../google-play/real.ts';
import { bearerSend, type PushMessage, type PushOutcome, type PushProvider } from './adapter.ts';

/** FCM's documented address (tests reach a stand-in instead). */
export const FCM_API = 'https://fcm.googleapis.com';
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

const sendAnswer = z.object({ name: z.string().min(1) });

/** The FCM error codes that mean the token is dead: retire it, never send to it again. */
const DEAD_TOKEN = /"errorCode"\s*:\s*"(UNREGISTERED)"/;

/** FCM's v1 `message` for one device: the notification, string data, Android TTL and the APNs image option. */
export function fcmMessage(message: PushMessage) {
  return {
    message: {
      token: message.token,
      notification: {
        title: message.title,
        body: message.body,
        ...(message.image ? { image: message.image } : {}),
      },
      ...(Object.keys(message.data).length ? { data: message.data } : {}),
      ...(message.ttlSeconds !== undefined ? { android: { ttl: `${message.ttlSeconds}s` } } : {}),
      ...(message.image
        ? { apns: { payload: { aps: { 'mutable-content': 1 } }, fcm_options: { image: message.image } } }
        : {}),
    },
  };
}

/**
 * FCM HTTP v1 (`POST /v1/projects/{project_id}/messages:send`) with an OAuth token of the project's
 * service account: a JWT bearer grant (RS256, scope `firebase.messaging`) to the key's token URI,
 * kept until it expires and renewed under the kit's lock (and once on a 401). A 404 or an
 * `UNREGISTERED` error code means the token is dead (answered, not thrown: the caller retires it);
 * 429 and 5xx are the kit's `rate_limited` and `unavailable`, for the send job to retry.
 */
export function realFcm(ctx: PartyContext<SettingsOf<typeof fcmParty>>): PushProvider {
  const account = readServiceAccount(ctx.credentials.service_account!);
  const obtain = serviceAccountToken(ctx, account, FCM_SCOPE);
  const url = `${ctx.endpoint(FCM_API)}/v1/projects/${encodeURIComponent(ctx.settings.project_id)}/messages:send`;
  return {
    provider: 'fcm',
    send: async (message, idempotencyKey): Promise<PushOutcome> => {
      try {
        return await bearerSend(
          ctx,
          obtain,
          { url, contentType: 'application/json', body: fcmMessage(message), idempotencyKey },
          (answer) => {
            const sent = sendAnswer.safeParse(jsonOf(answer));
            if (!sent.success) throw new OutsideError('refused', 'the send answer has no message name');
            return { outcome: 'sent', messageId: sent.data.name };
          },
        );
      } catch (error) {
        if (isOutsideError(error, 'refused') && (error.status === 404 || DEAD_TOKEN.test(error.message)))
          return { outcome: 'unregistered', reason: DEAD_TOKEN.exec(error.message)?.[1] ?? 'NOT_FOUND' };
        throw error;
      }
    },
  };
}
