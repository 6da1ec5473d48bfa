import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutsideCallItem } from '@rx/contracts';
import { body, useTestApp } from '../../../../test/index.ts';
import { setParty, startFcm, type FcmStandIn } from '../../../../test/stand-ins/index.ts';
import { isOutsideError } from '../../../lib/outside/index.ts';
import type { PushMessage } from './adapter.ts';
import { fakeFcm, fcm } from './party.ts';
import { FCM_API } from './real.ts';

// FCM HTTP v1 with a service account, against a local stand-in of Google's token endpoint (the JWT
// bearer grant checked with the key's public half) and of `messages:send`; then the fake.

let server: FcmStandIn;
beforeAll(async () => {
  server = await startFcm();
});
afterAll(() => server.close());
const t = useTestApp({ app: () => ({ outsideEndpoints: { [FCM_API]: server.url } }) });
const admin = t.admin;

const message = (token: string): PushMessage => ({
  token,
  title: '双倍经验',
  body: '今晚 8 点开启',
  image: 'https://cdn.example.com/p.png',
  data: { deep_link: 'game://event/42' },
  ttlSeconds: 3600,
});
const open = () => t.app.outside.open(t.database.db, fcm, t.productId);

describe('FCM HTTP v1 (real, against the stand-in)', () => {
  beforeAll(async () => {
    await setParty(admin, 'fcm', {
      mode: 'real',
      settings: { project_id: server.project },
      credentials: { service_account: server.serviceAccount },
    });
  });

  it('gets a token once with the service account, sends the message in FCM format, and logs the calls', async () => {
    const push = await open();
    const first = await push.send(message('device-a'), 'push:1:a');
    const second = await push.send(message('device-b'), 'push:1:b');
    expect(first).toMatchObject({
      outcome: 'sent',
      messageId: expect.stringMatching(`^projects/${server.project}/messages/`),
    });
    expect(second.outcome).toBe('sent');
    expect(server.tokens).toHaveLength(1);
    expect(server.messages.at(-2)).toEqual({
      token: 'device-a',
      notification: { title: '双倍经验', body: '今晚 8 点开启', image: 'https://cdn.example.com/p.png' },
      data: { deep_link: 'game://event/42' },
      android: { ttl: '3600s' },
      apns: {
        payload: { aps: { 'mutable-content': 1 } },
        fcm_options: { image: 'https://cdn.example.com/p.png' },
      },
    });
    const calls = body<{ list: OutsideCallItem[] }>(await admin.get('/api/v1/outside-calls?party=fcm')).data
      .list;
    expect(calls.map((c) => c.operation).sort()).toEqual(['send', 'send', 'token']);
    // The call log never shows the service account's key or the token.
    expect(JSON.stringify(calls)).not.toMatch(/PRIVATE KEY|ya29\./);
  });

  it('answers unregistered for a token FCM calls UNREGISTERED (not an error)', async () => {
    server.dead.add('device-gone');
    expect(await (await open()).send(message('device-gone'), 'push:2:gone')).toEqual({
      outcome: 'unregistered',
      reason: 'UNREGISTERED',
    });
  });

  it('renews a token FCM no longer accepts, and reports rate limits and outages as the kit kinds', async () => {
    const push = await open();
    for (const token of server.tokens) server.revoke(token);
    expect((await push.send(message('device-c'), 'push:3:c')).outcome).toBe('sent');
    expect(server.tokens.length).toBeGreaterThanOrEqual(2);
    server.plan('rate_limit', 'fail');
    const limited = await push.send(message('device-d'), 'push:3:d').catch((e: unknown) => e);
    expect(isOutsideError(limited, 'rate_limited') && limited.retryAfter).toBe(30);
    const down = await push.send(message('device-d'), 'push:3:d').catch((e: unknown) => e);
    expect(isOutsideError(down, 'unavailable')).toBe(true);
  });
});

describe('FCM (fake)', () => {
  beforeAll(async () => {
    await setParty(admin, 'fcm', { mode: 'fake' });
  });

  it('sends once per idempotency key, and calls an unregistered token so', async () => {
    const push = await open();
    expect((await push.send(message('f1'), 'k1')).outcome).toBe('sent');
    expect((await push.send(message('f1'), 'k1')).outcome).toBe('sent');
    expect(fakeFcm().sent.filter((s) => s.key === 'k1')).toHaveLength(1);
    fakeFcm().unregister('f2');
    expect((await push.send(message('f2'), 'k2')).outcome).toBe('unregistered');
    fakeFcm().failNext('fail');
    expect(isOutsideError(await push.send(message('f3'), 'k3').catch((e: unknown) => e), 'unavailable')).toBe(
      true,
    );
  });
});
