import { randomUUID } from 'node:crypto';
import { FakeScript, actOut, type FakeMode } from '../../../lib/outside/index.ts';
import type { PushMessage, PushOutcome } from '../fcm/adapter.ts';

/**
 * The fake APNs: it keeps what it was sent (per game), answers an `apns-id` for each, and calls a
 * device token it was told is dead (`unregister`) `Unregistered`, as APNs answers 410 for an app
 * uninstalled. Its script acts out the common failures (rate limit, 5xx, timeout). The same
 * idempotency key twice is sent once (as the same `apns-id` would be one notification on the device).
 */
export class FakeApns {
  readonly sent: { productId: number; message: PushMessage; key: string }[] = [];
  private readonly dead = new Set<string>();
  private readonly keys = new Map<string, string>();
  retryAfter = 30;
  private readonly script = new FakeScript<FakeMode>('ok');

  get mode(): FakeMode {
    return this.script.mode;
  }
  set mode(mode: FakeMode) {
    this.script.mode = mode;
  }
  failNext(...outcomes: FakeMode[]): void {
    this.script.plan(...outcomes);
  }
  unregister(token: string): void {
    this.dead.add(token);
  }
  reset(): void {
    this.sent.length = 0;
    this.dead.clear();
    this.keys.clear();
    this.retryAfter = 30;
    this.script.reset();
  }

  async send(
    productId: number,
    message: PushMessage,
    key: string,
    signal?: AbortSignal,
  ): Promise<PushOutcome> {
    await actOut(this.script.next(), 'APNs', signal, this.retryAfter);
    if (this.dead.has(message.token)) return { outcome: 'unregistered', reason: 'Unregistered' };
    const known = this.keys.get(key);
    if (known) return { outcome: 'sent', messageId: known };
    const messageId = randomUUID().toUpperCase();
    this.keys.set(key, messageId);
    this.sent.push({ productId, message, key });
    return { outcome: 'sent', messageId };
  }
}
