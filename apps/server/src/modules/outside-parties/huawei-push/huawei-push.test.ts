import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutsideCallItem } from '@rx/contracts';
import { body, useTestApp } from '../../../../test/index.ts';
import { setParty, startHuaweiPush, type HuaweiPushStandIn } from '../../../../test/stand-ins/index.ts';
import { isOutsideError } from '../../../lib/outside/index.ts';
import type { PushMessage } from '../fcm/adapter.ts';
import { fakeHuaweiPush, huaweiPush } from './party.ts';
import { HUAWEI_OAUTH, HUAWEI_PUSH_API } from './real.ts';

// Huawei Push Kit with the app's client credentials, against a local stand-in of Huawei's OAuth
// server and of `messages:send`; then the fake.

let server: HuaweiPushStandIn;
beforeAll(async () => {
  server = await startHuaweiPush();
});
afterAll(() => server.close());
const t = useTestApp({
  app: () => ({ outsideEndpoints: { [HUAWEI_OAUTH]: server.url, [HUAWEI_PUSH_API]: server.url } }),
});
const admin = t.admin;

const message = (token: string): PushMessage => ({
  token,
  title: '双倍经验',
  body: '今晚 8 点开启',
  image: 'https://cdn.example.com/p.png',
  data: { deep_link: 'game://event/42', push_task_id: '7' },
  ttlSeconds: 3600,
});
const open = () => t.app.outside.open(t.database.db, huaweiPush, t.productId);

describe('Huawei Push Kit (real, against the stand-in)', () => {
  beforeAll(async () => {
    await setParty(admin, 'huawei_push', {
      mode: 'real',
      settings: { hms_app_id: server.appId },
      credentials: { client_secret: server.clientSecret },
    });
  });

  it('gets a token once with the client credentials, sends in Push Kit format, and logs the calls', async () => {
    const push = await open();
    expect((await push.send(message('hms-a'), 'push:1:a')).outcome).toBe('sent');
    expect((await push.send(message('hms-b'), 'push:1:b')).outcome).toBe('sent');
    expect(server.tokens).toHaveLength(1);
    expect(server.messages.at(-2)).toEqual({
      data: JSON.stringify({ deep_link: 'game://event/42', push_task_id: '7' }),
      android: {
        ttl: '3600s',
        notification: {
          title: '双倍经验',
          body: '今晚 8 点开启',
          image: 'https://cdn.example.com/p.png',
          click_action: { type: 1, intent: 'game://event/42' },
        },
      },
      token: ['hms-a'],
    });
    const calls = body<{ list: OutsideCallItem[] }>(
      await admin.get('/api/v1/outside-calls?party=huawei_push'),
    ).data.list;
    expect(calls.map((c) => c.operation).sort()).toEqual(['send', 'send', 'token']);
    expect(JSON.stringify(calls)).not.toContain(server.clientSecret);
  });

  it('answers unregistered for a token Push Kit calls invalid; renews a token it no longer accepts', async () => {
    server.dead.add('hms-gone');
    const push = await open();
    expect(await push.send(message('hms-gone'), 'push:2:gone')).toEqual({
      outcome: 'unregistered',
      reason: '80300007',
    });
    for (const token of server.tokens) server.revoke(token);
    expect((await push.send(message('hms-c'), 'push:2:c')).outcome).toBe('sent');
    expect(server.tokens.length).toBeGreaterThanOrEqual(2);
    server.plan('rate_limit', 'fail');
    const limited = await push.send(message('hms-d'), 'push:2:d').catch((e: unknown) => e);
    expect(isOutsideError(limited, 'rate_limited') && limited.retryAfter).toBe(30);
    const down = await push.send(message('hms-d'), 'push:2:d').catch((e: unknown) => e);
    expect(isOutsideError(down, 'unavailable')).toBe(true);
  });
});

describe('Huawei Push Kit (fake)', () => {
  beforeAll(async () => {
    await setParty(admin, 'huawei_push', { mode: 'fake' });
  });

  it('sends once per idempotency key, and calls an invalid token so', async () => {
    const push = await open();
    expect((await push.send(message('f1'), 'k1')).outcome).toBe('sent');
    expect((await push.send(message('f1'), 'k1')).outcome).toBe('sent');
    expect(fakeHuaweiPush().sent.filter((s) => s.key === 'k1')).toHaveLength(1);
    fakeHuaweiPush().unregister('f2');
    expect((await push.send(message('f2'), 'k2')).outcome).toBe('unregistered');
  });
});
