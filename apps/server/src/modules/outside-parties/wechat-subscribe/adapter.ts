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
}

/** The fields a template's content names (`{{thing1.DATA}}` → `thing1`), in order. */
export function templateFields(content: string): string[] {
  return [...content.matchAll(/\{\{([A-Za-z][A-Za-z0-9_]*)\.DATA\}\}/g)].map((m) => m[1]!);
}
