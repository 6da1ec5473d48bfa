import { randomBytes } from 'node:crypto';
import {
  FakeSample,
  FakeScript,
  RecentKeys,
  OutsideError,
  actOut,
  type FakeMode,
  type TokenGrant,
} from '../../../lib/outside/index.ts';
import type { PushMessage, PushOutcome } from '../fcm/adapter.ts';
import type { WechatMessage } from '@rx/contracts';
import type { WechatTemplate } from './adapter.ts';

/** The fake's callback token: public, as the demo's fake payment secret is (demo data only). */
export const FAKE_CALLBACK_TOKEN = 'fake-wechat-callback-token';

/** The demo's templates: a one-time event reminder and a one-time reward notice. */
const DEMO_TEMPLATES: WechatTemplate[] = [
  {
    id: 'fake-tmpl-event-reminder',
    title: '活动开始提醒',
    content: '活动名称:{{thing1.DATA}}\n开始时间:{{time2.DATA}}\n温馨提示:{{thing3.DATA}}',
    example: '活动名称:双倍经验\n开始时间:2026-12-01 20:00\n温馨提示:准时参加',
    type: 2,
  },
  {
    id: 'fake-tmpl-reward',
    title: '奖励到账通知',
    content: '奖励内容:{{thing1.DATA}}\n备注:{{thing2.DATA}}',
    example: '奖励内容:钻石 x100\n备注:请在邮箱领取',
    type: 2,
  },
];

/**
 * The fake WeChat subscribe-message API: it keeps what it was sent (per game), answers a msgid
 * for each, calls an openid it was told is not the app's (`unknown`) invalid (40003) and one it
 * was told has no subscription (`unsubscribed`) declined (43101). Its script acts out the common
 * failures. The same idempotency key twice is sent once.
 */
export class FakeWechatSubscribe {
  /** The latest sends and the count of all (a mini-game fan-out holds no message per player). */
  readonly sample = new FakeSample<{ productId: number; message: PushMessage; key: string }>();
  readonly customer: { productId: number; openid: string; message: WechatMessage }[] = [];
  private readonly unknown = new Set<string>();
  private readonly unsubscribed = new Set<string>();
  private readonly valid = new Set<string>();
  private readonly keys = new RecentKeys();
  templates: WechatTemplate[] = [...DEMO_TEMPLATES];
  private readonly script = new FakeScript<FakeMode>('ok');

  /** The latest sends (all of them when fewer than `sample.keep`), oldest first. */
  get sent(): { productId: number; message: PushMessage; key: string }[] {
    return this.sample.list;
  }

  set mode(mode: FakeMode) {
    this.script.mode = mode;
  }
  get mode(): FakeMode {
    return this.script.mode;
  }
  failNext(...outcomes: FakeMode[]): void {
    this.script.plan(...outcomes);
  }
  forget(openid: string): void {
    this.unknown.add(openid);
  }
  unsubscribe(openid: string): void {
    this.unsubscribed.add(openid);
  }
  reset(): void {
    this.sample.reset();
    this.customer.length = 0;
    this.unknown.clear();
    this.unsubscribed.clear();
    this.valid.clear();
    this.keys.clear();
    this.templates = [...DEMO_TEMPLATES];
    this.script.reset();
  }

  issueToken(): TokenGrant {
    const accessToken = `fake-wx-${randomBytes(12).toString('hex')}`;
    this.valid.add(accessToken);
    return { accessToken, expiresAt: new Date(Date.now() + 7200_000) };
  }

  private async check(accessToken: string, signal?: AbortSignal): Promise<void> {
    const outcome = this.script.next();
    if (outcome === 'token_expired') this.valid.delete(accessToken);
    if (!this.valid.has(accessToken))
      throw new OutsideError('token_expired', 'WeChat 42001: access_token expired (fake)');
    await actOut(outcome, 'WeChat', signal, 60);
  }

  async send(
    productId: number,
    message: PushMessage,
    key: string,
    accessToken: string,
    signal?: AbortSignal,
  ): Promise<PushOutcome> {
    await this.check(accessToken, signal);
    if (this.unknown.has(message.token)) return { outcome: 'unregistered', reason: '40003' };
    if (this.unsubscribed.has(message.token)) return { outcome: 'declined', reason: '43101' };
    const known = this.keys.get(key);
    if (known) return { outcome: 'sent', messageId: known };
    const messageId = String(Date.now()) + String(Math.floor(Math.random() * 1e6));
    this.keys.set(key, messageId);
    this.sample.add({ productId, message, key });
    return { outcome: 'sent', messageId };
  }

  async customerMessage(
    productId: number,
    openid: string,
    message: WechatMessage,
    accessToken: string,
    signal?: AbortSignal,
  ): Promise<{ sent: true }> {
    await this.check(accessToken, signal);
    this.customer.push({ productId, openid, message });
    return { sent: true };
  }

  async list(accessToken: string, signal?: AbortSignal): Promise<WechatTemplate[]> {
    await this.check(accessToken, signal);
    return this.templates.map((t) => ({ ...t }));
  }
}
