import { randomBytes } from 'node:crypto';
import type { OutsidePartyContract } from '@rx/contracts';
import {
  FakeSample,
  FakeScript,
  RecentKeys,
  OutsideError,
  actOut,
  defineParty,
  type FakeMode,
  type PartyContext,
  type SettingsOf,
  type TokenGrant,
} from '../../../lib/outside/index.ts';
import type { PushMessage, PushOutcome, PushProvider } from './adapter.ts';

/** How one provider's fake speaks: its name in messages, its message ids, its dead-token reason. */
export interface FakePushStyle {
  /** The provider's name in error messages ('FCM'). */
  label: string;
  /** A new message id in the provider's form. */
  messageId: () => string;
  /** The reason the provider gives for a dead token ('UNREGISTERED'). */
  deadReason: string;
  /** The provider's OAuth tokens, for providers that have them: the prefix of the fake's and the refusal. */
  tokens?: { prefix: string; refusal: string };
}

/** A send the fake holds until the test lets it answer (`hold`). */
interface Hold {
  reached: () => void;
  released: Promise<void>;
}

/**
 * A fake app push provider: it keeps what it was sent (per game; the latest 10,000 and the count of
 * all: `FakeSample`), answers a message id for each, and calls a token it was told is dead
 * (`unregister`) by the provider's reason, as the provider does for an app uninstalled. Its script
 * acts out the common failures (rate limit, 5xx, timeout, and an expired access token for a
 * provider with tokens); `hold` keeps the next send in flight until released. The same idempotency
 * key twice is sent once (the console's job never asks twice; a provider's own id would make it one
 * on the device).
 */
export class FakePushProvider {
  readonly sample = new FakeSample<{ productId: number; message: PushMessage; key: string }>();
  private readonly dead = new Set<string>();
  private readonly valid = new Set<string>();
  private readonly keys = new RecentKeys();
  private holds: Hold[] = [];
  tokensIssued = 0;
  retryAfter = 30;
  private readonly script = new FakeScript<FakeMode>('ok');

  constructor(private readonly style: FakePushStyle) {}

  /** Whether the provider has OAuth tokens (then its party gets them through the kit). */
  get hasTokens(): boolean {
    return this.style.tokens !== undefined;
  }

  /** The latest sends (all of them when fewer than `sample.keep`), oldest first. */
  get sent(): { productId: number; message: PushMessage; key: string }[] {
    return this.sample.list;
  }

  /**
   * The next send stays in flight (its access token checked) until `release`; `reached` resolves
   * when it is there.
   */
  hold(): { reached: Promise<void>; release: () => void } {
    let reached!: () => void;
    let release!: () => void;
    const there = new Promise<void>((resolve) => (reached = resolve));
    this.holds.push({ reached, released: new Promise<void>((resolve) => (release = resolve)) });
    return { reached: there, release };
  }

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
    this.sample.reset();
    this.holds = [];
    this.dead.clear();
    this.valid.clear();
    this.keys.clear();
    this.tokensIssued = 0;
    this.retryAfter = 30;
    this.script.reset();
  }

  issueToken(): TokenGrant {
    this.tokensIssued += 1;
    const accessToken = `${this.style.tokens?.prefix ?? 'fake'}-${randomBytes(12).toString('hex')}`;
    this.valid.add(accessToken);
    return { accessToken, expiresAt: new Date(Date.now() + 3600_000) };
  }

  /** One push; `accessToken` is checked for a provider with tokens. */
  async send(
    productId: number,
    message: PushMessage,
    key: string,
    accessToken: string | null,
    signal?: AbortSignal,
  ): Promise<PushOutcome> {
    const outcome = this.script.next();
    const { tokens, label } = this.style;
    if (tokens && accessToken !== null) {
      if (outcome === 'token_expired') this.valid.delete(accessToken);
      if (!this.valid.has(accessToken))
        throw new OutsideError('token_expired', tokens.refusal, { status: 401 });
    }
    const hold = this.holds.shift();
    if (hold) {
      hold.reached();
      await hold.released;
    }
    await actOut(outcome, label, signal, this.retryAfter);
    if (this.dead.has(message.token)) return { outcome: 'unregistered', reason: this.style.deadReason };
    const known = this.keys.get(key);
    if (known) return { outcome: 'sent', messageId: known };
    const messageId = this.style.messageId();
    this.keys.set(key, messageId);
    this.sample.add({ productId, message, key });
    return { outcome: 'sent', messageId };
  }
}

/**
 * A push provider's party: a send is one attempt (the push job retries it as its item, with the
 * same idempotency key); a provider with OAuth tokens gets them through the kit (retried, renewed
 * once when refused), for the fake as for the real one.
 */
export function definePushParty<C extends OutsidePartyContract>(options: {
  contract: C;
  provider: string;
  fake: FakePushProvider;
  real: (ctx: PartyContext<SettingsOf<C>>) => PushProvider;
}) {
  const { fake, provider } = options;
  const withTokens = fake.hasTokens;
  return defineParty<PushProvider, C>({
    contract: options.contract,
    policies: {
      '*': { timeoutMs: 10_000, attempts: 1 },
      ...(withTokens ? { token: { attempts: 3, backoffMs: 500 } } : {}),
    },
    real: options.real,
    fake: (ctx) => {
      const send = (message: PushMessage, key: string, token: string | null) =>
        ctx.call(
          'send',
          async (a) => ({ value: await fake.send(ctx.productId, message, key, token, a.signal) }),
          {
            idempotencyKey: key,
          },
        );
      return {
        provider,
        send: (message, key) =>
          withTokens
            ? ctx.authorized(
                () => ctx.call('token', async () => ({ value: fake.issueToken() })),
                (token) => send(message, key, token),
              )
            : send(message, key, null),
      };
    },
    resetFake: () => fake.reset(),
  });
}
