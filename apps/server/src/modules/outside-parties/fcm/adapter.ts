import type { HttpAnswer, ObtainToken, PartyContext } from '../../../lib/outside/index.ts';

/** One push to one device, in the provider's terms (FCM's `message`). */
export interface PushMessage {
  /** The device's registration token. */
  token: string;
  title: string;
  body: string;
  /** An image address shown with the notification ('' none). */
  image: string;
  /** Key-value data the app reads (FCM carries strings only). */
  data: Record<string, string>;
  /** Seconds the provider keeps trying to deliver it (FCM's Android TTL). */
  ttlSeconds?: number;
  /**
   * A WeChat subscribe message (`token` the player's openid of the app): the template, the page a tap
   * opens ('' none) and the player's locale (the message's `lang`); `data` are the template's fields.
   */
  template?: { id: string; page: string; locale: string };
}

/** What a send came to: sent (with the provider's message id) or the token is no longer valid. */
export type PushOutcome =
  | { outcome: 'sent'; messageId: string }
  | { outcome: 'unregistered'; reason: string }
  /** The provider would not deliver it to this recipient now (WeChat 43101: no subscription left). */
  | { outcome: 'declined'; reason: string };

/** An app push provider: FCM today (APNs next). Failures other than a dead token throw an OutsideError. */
export interface PushProvider {
  readonly provider: string;
  send(message: PushMessage, idempotencyKey: string): Promise<PushOutcome>;
}

/**
 * One push posted as JSON with the party's bearer token (renewed when refused as expired) under the
 * send's idempotency key; `read` makes the answer an outcome inside the token's use, so a token the
 * answer names expired is renewed too.
 */
export function bearerSend(
  ctx: PartyContext<unknown>,
  obtain: ObtainToken,
  post: { url: string; contentType: string; body: object; idempotencyKey: string },
  read: (answer: HttpAnswer) => PushOutcome,
): Promise<PushOutcome> {
  return ctx.authorized(obtain, async (token) =>
    read(
      await ctx.http(
        'send',
        {
          method: 'POST',
          url: post.url,
          headers: { authorization: `Bearer ${token}`, 'content-type': post.contentType },
          body: JSON.stringify(post.body),
        },
        { idempotencyKey: post.idempotencyKey },
      ),
    ),
  );
}
