import { randomBytes } from 'node:crypto';
import {
  FakeScript,
  OutsideError,
  actOut,
  type FakeMode,
  type TokenGrant,
} from '../../../lib/outside/index.ts';
import type { PushMessage, PushOutcome } from '../fcm/adapter.ts';

/**
 * The fake Push Kit: it keeps what it was sent (per game), answers a request id for each, and calls
 * a token it was told is dead (`unregister`) invalid (`80300007`). Its script acts out the common
 * failures (rate limit, 5xx, timeout, an expired access token). The same idempotency key twice is
 * sent once.
 */
export class FakeHuaweiPush {
  readonly sent: { productId: number; message: PushMessage; key: string }[] = [];
  private readonly dead = new Set<string>();
  private readonly valid = new Set<string>();
  private readonly keys = new Map<string, string>();
  retryAfter = 30;
  private readonly script = new FakeScript<FakeMode>('ok');

  set mode(mode: FakeMode) {
    this.script.mode = mode;
  }
  get mode(): FakeMode {
    return this.script.mode;
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
    this.retryAfter = 30;
    this.script.reset();
  }

  issueToken(): TokenGrant {
    const accessToken = `fake-hms-${randomBytes(12).toString('hex')}`;
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
      throw new OutsideError('token_expired', 'Push Kit refused the access token (80200003, fake)', {
        status: 401,
      });
    await actOut(outcome, 'Push Kit', signal, this.retryAfter);
    if (this.dead.has(message.token)) return { outcome: 'unregistered', reason: '80300007' };
    const known = this.keys.get(key);
    if (known) return { outcome: 'sent', messageId: known };
    const messageId = `${Date.now()}${randomBytes(4).toString('hex')}`;
    this.keys.set(key, messageId);
    this.sent.push({ productId, message, key });
    return { outcome: 'sent', messageId };
  }
}
