import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutsideCallItem } from '@rx/contracts';
import { body, useTestApp } from '../../../../test/index.ts';
import { describeFakePush, expectRenewalAndFailures, pushMessage } from '../../../../test/push-checks.ts';
import { setParty, startFcm, type FcmStandIn } from '../../../../test/stand-ins/index.ts';
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
    const first = await push.send(pushMessage('device-a'), 'push:1:a');
    const second = await push.send(pushMessage('device-b'), 'push:1:b');
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
    expect(await (await open()).send(pushMessage('device-gone'), 'push:2:gone')).toEqual({
      outcome: 'unregistered',
      reason: 'UNREGISTERED',
    });
  });

  it('renews a token FCM no longer accepts, and reports rate limits and outages as the kit kinds', async () => {
    await expectRenewalAndFailures(await open(), server, (n) => `device-${n}`, 'push:3');
  });
});

describeFakePush('FCM', 'fcm', t, open, fakeFcm);
