import { createHash, timingSafeEqual } from 'node:crypto';
import type { WechatMessage } from '@rx/contracts';
import type { PushProvider } from '../fcm/adapter.ts';

/** A subscribe message template of the app (WeChat's "my templates"). */
export interface WechatTemplate {
  /** `priTmplId`: what a send names. */
  id: string;
  title: string;
  /** The template's fields as WeChat shows them: `商品名称:{{thing1.DATA}}\n…`. */
  content: string;
  example: string;
  /** 2: one-time subscription; 3: long-term. */
  type: number;
}

/**
 * WeChat subscribe messages of a mini-program or mini-game: a push (`send`, the message's
 * `template` set, `token` the player's openid) and the app's templates.
 */
export interface WechatSubscribe extends PushProvider {
  templates(): Promise<WechatTemplate[]>;
  /**
   * A customer-service message (`message/custom/send`) to a player within WeChat's window; WeChat's
   * own refusal of the window (45015 too late, 45047 too many) is answered, not thrown.
   */
  customerMessage(
    openid: string,
    message: WechatMessage,
  ): Promise<{ sent: true } | { sent: false; reason: string }>;
  /** Whether a callback's `signature` is sha1 of the sorted callback token, `timestamp` and `nonce`. */
  verifyCallback(signature: string, timestamp: string, nonce: string): boolean;
}

/** WeChat's callback signature: sha1 of the token, timestamp and nonce sorted and joined. */
export function callbackSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `message/custom/send`'s body for one message. */
export function customBody(openid: string, m: WechatMessage) {
  switch (m.type) {
    case 'text':
      return { touser: openid, msgtype: 'text', text: { content: m.text } };
    case 'image':
      return { touser: openid, msgtype: 'image', image: { media_id: m.media_id } };
    case 'link':
      return {
        touser: openid,
        msgtype: 'link',
        link: { title: m.title, description: m.description, url: m.url, thumb_url: m.thumb_url },
      };
    case 'miniprogram':
      return {
        touser: openid,
        msgtype: 'miniprogrampage',
        miniprogrampage: { title: m.title, pagepath: m.page, thumb_media_id: m.media_id },
      };
  }
}

/** The fields a template's content names (`{{thing1.DATA}}` → `thing1`), in order. */
export function templateFields(content: string): string[] {
  return [...content.matchAll(/\{\{([A-Za-z][A-Za-z0-9_]*)\.DATA\}\}/g)].map((m) => m[1]!);
}
