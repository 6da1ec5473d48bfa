import { randomBytes } from 'node:crypto';
import {
  FakeScript,
  OutsideError,
  actOut,
  type FakeMode,
  type TokenGrant,
} from '../../../lib/outside/index.ts';
import type { PushMessage, PushOutcome } from './adapter.ts';

/**
 * The fake FCM: it keeps what it was sent (per game), answers a message name for each, and calls a
 * token it was told is dead (`unregister`) `UNREGISTERED`, as FCM does for an app uninstalled. Its
 * script acts out the common failures (rate limit, 5xx, timeout, an expired access token). The same
 * idempotency key twice is sent once (FCM itself has no such key: the console's job never asks twice).
 */
export class FakeFcm {
  readonly sent: { productId: number; message: PushMessage; key: string }[] = [];
  private readonly dead = new Set<string>();
  private readonly valid = new Set<string>();
  private readonly keys = new Map<string, string>();
  tokensIssued = 0;
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
    this.valid.clear();
    this.keys.clear();
    this.tokensIssued = 0;
    this.retryAfter = 30;
    this.script.reset();
  }

  issueToken(): TokenGrant {
    this.tokensIssued += 1;
    const accessToken = `fake-fcm-${randomBytes(12).toString('hex')}`;
    this.valid.add(accessToken);
    return { accessToken, expiresAt: new Date(Date.now() + 3600_000) };
  }

  async send(
    productId: number,
    message: PushMessage,
    key: string,
    accessToken: string,
    signal?: AbortSignal,
  ): Promise<PushOutcome> {
    const outcome = this.script.next();
    if (outcome === 'token_expired') this.valid.delete(accessToken);
    if (!this.valid.has(accessToken))
      throw new OutsideError('token_expired', 'FCM refused the access token (401, fake)', { status: 401 });
    await actOut(outcome, 'FCM', signal, this.retryAfter);
    if (this.dead.has(message.token)) return { outcome: 'unregistered', reason: 'UNREGISTERED' };
    const known = this.keys.get(key);
    if (known) return { outcome: 'sent', messageId: known };
    const messageId = `projects/fake/messages/${randomBytes(8).toString('hex')}`;
    this.keys.set(key, messageId);
    this.sent.push({ productId, message, key });
    return { outcome: 'sent', messageId };
  }
}
