import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutsideCallItem } from '@rx/contracts';
import { body, useTestApp } from '../../../../test/index.ts';
import { describeFakePush, expectRenewalAndFailures, pushMessage } from '../../../../test/push-checks.ts';
import { setParty, startHuaweiPush, type HuaweiPushStandIn } from '../../../../test/stand-ins/index.ts';
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
    expect((await push.send(pushMessage('hms-a', { push_task_id: '7' }), 'push:1:a')).outcome).toBe('sent');
    expect((await push.send(pushMessage('hms-b'), 'push:1:b')).outcome).toBe('sent');
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
    expect(await push.send(pushMessage('hms-gone'), 'push:2:gone')).toEqual({
      outcome: 'unregistered',
      reason: '80300007',
    });
    await expectRenewalAndFailures(push, server, (n) => `hms-${n}`, 'push:2');
  });
});

describeFakePush('Huawei Push Kit', 'huawei_push', t, open, fakeHuaweiPush);
