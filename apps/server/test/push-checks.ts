import { beforeAll, describe, expect, it } from 'vitest';
import type { OutsidePartyName } from '@rx/contracts';
import { isOutsideError } from '../src/lib/outside/index.ts';
import type { PushMessage, PushProvider } from '../src/modules/outside-parties/index.ts';
import type { FakePushProvider } from '../src/modules/outside-parties/fcm/push-fake.ts';
import { setParty } from './stand-ins/index.ts';
import type { TestApp } from './use-test-app.ts';

// The checks every app push provider shares, written once for FCM, APNs and Huawei Push Kit.

/** The push the provider tests send: a title, a body, an image, a deep link, an hour to live. */
export const pushMessage = (token: string, data: Record<string, string> = {}): PushMessage => ({
  token,
  title: '双倍经验',
  body: '今晚 8 点开启',
  image: 'https://cdn.example.com/p.png',
  data: { deep_link: 'game://event/42', ...data },
  ttlSeconds: 3600,
});

/** A stand-in of a provider with OAuth tokens: the tokens it issued, revoking one, planned failures. */
interface TokenStandIn {
  tokens: string[];
  revoke(token: string): void;
  plan(...outcomes: ('rate_limit' | 'fail')[]): void;
}

/**
 * Against a stand-in: a token the provider no longer accepts is renewed and the push sent; a 429
 * is the kit's `rate_limited` with its Retry-After, a 5xx its `unavailable`.
 */
export async function expectRenewalAndFailures(
  push: PushProvider,
  server: TokenStandIn,
  token: (name: string) => string,
  key: string,
): Promise<void> {
  for (const issued of server.tokens) server.revoke(issued);
  expect((await push.send(pushMessage(token('c')), `${key}:c`)).outcome).toBe('sent');
  expect(server.tokens.length).toBeGreaterThanOrEqual(2);
  server.plan('rate_limit', 'fail');
  const limited = await push.send(pushMessage(token('d')), `${key}:d`).catch((e: unknown) => e);
  expect(isOutsideError(limited, 'rate_limited') && limited.retryAfter).toBe(30);
  const down = await push.send(pushMessage(token('d')), `${key}:d`).catch((e: unknown) => e);
  expect(isOutsideError(down, 'unavailable')).toBe(true);
}

/** The provider's fake, chosen for the game: one push per idempotency key, a dead token, an outage. */
export function describeFakePush(
  label: string,
  party: OutsidePartyName,
  t: TestApp,
  open: () => Promise<PushProvider>,
  fake: () => FakePushProvider,
): void {
  describe(`${label} (fake)`, () => {
    beforeAll(async () => {
      await setParty(t.admin, party, { mode: 'fake' });
    });

    it('sends once per idempotency key, and calls an unregistered token so', async () => {
      const push = await open();
      expect((await push.send(pushMessage('f1'), 'k1')).outcome).toBe('sent');
      expect((await push.send(pushMessage('f1'), 'k1')).outcome).toBe('sent');
      expect(fake().sent.filter((s) => s.key === 'k1')).toHaveLength(1);
      fake().unregister('f2');
      expect((await push.send(pushMessage('f2'), 'k2')).outcome).toBe('unregistered');
      fake().failNext('fail');
      expect(
        isOutsideError(await push.send(pushMessage('f3'), 'k3').catch((e: unknown) => e), 'unavailable'),
      ).toBe(true);
    });
  });
}
