import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutsideCallItem, PushTask } from '@rx/contracts';
import { body, useTestApp } from '../../../../test/index.ts';
import { describeFakePush, pushMessage } from '../../../../test/push-checks.ts';
import { setParty, startApns, type ApnsStandIn } from '../../../../test/stand-ins/index.ts';
import { isOutsideError } from '../../../lib/outside/index.ts';
import { apns, fakeApns } from './party.ts';
import { APNS_SANDBOX } from './real.ts';

// APNs over HTTP/2 with an ES256 provider token, against a local h2c stand-in of Apple's API (the
// JWT checked with the .p8 key's public half); then a push task sent to iOS devices through it;
// then the fake.

let server: ApnsStandIn;
beforeAll(async () => {
  server = await startApns();
});
afterAll(() => server.close());
const t = useTestApp({ app: () => ({ outsideEndpoints: { [APNS_SANDBOX]: server.url } }) });
const admin = t.admin;

const device = (n: number) => n.toString(16).padStart(64, 'a');
const open = () => t.app.outside.open(t.database.db, apns, t.productId);

/** iOS devices of APNs registered through the signed game API: openid `${prefix}${n}`, token device(n). */
async function iosDevices(prefix: string, ns: number[]): Promise<void> {
  const key = await t.gameKey(admin, 'apns');
  for (const n of ns)
    expect(
      (
        await t.signedCall(key, 'POST', '/api/game/v1/push/tokens', {
          openid: `${prefix}${n}`,
          platform: 'ios',
          provider: 'apns',
          token: device(n),
          locale: 'zh-Hans',
        })
      ).statusCode,
    ).toBe(200);
}

describe('APNs (real, against the stand-in)', () => {
  beforeAll(async () => {
    await setParty(admin, 'apns', {
      mode: 'real',
      settings: {
        team_id: server.teamId,
        key_id: server.keyId,
        bundle_id: server.bundleId,
        environment: 'sandbox',
      },
      credentials: { auth_key: server.authKey },
    });
  });

  it('signs a provider token once and sends the push in APNs format over HTTP/2, logging the calls', async () => {
    const push = await open();
    const first = await push.send(pushMessage(device(1)), 'push:1:1');
    const again = await push.send(pushMessage(device(2)), 'push:1:2');
    expect(first.outcome).toBe('sent');
    expect(again.outcome).toBe('sent');
    expect(server.providerTokens.size).toBe(1);
    const sent = server.pushes.at(-2)!;
    expect(sent.token).toBe(device(1));
    expect(sent.payload).toEqual({
      deep_link: 'game://event/42',
      image: 'https://cdn.example.com/p.png',
      aps: { alert: { title: '双倍经验', body: '今晚 8 点开启' }, sound: 'default', 'mutable-content': 1 },
    });
    expect(sent.headers).toMatchObject({
      'apns-topic': server.bundleId,
      'apns-push-type': 'alert',
      'apns-priority': '10',
    });
    // The answer's apns-id is the one asked with: the same idempotency key, the same id.
    expect(first.outcome === 'sent' && first.messageId).toBe(sent.headers['apns-id']);
    expect(String(sent.headers['apns-id'])).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const calls = body<{ list: OutsideCallItem[] }>(await admin.get('/api/v1/outside-calls?party=apns')).data
      .list;
    expect(calls.filter((c) => c.operation === 'send').length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(calls)).not.toMatch(/PRIVATE KEY|eyJ/);
  });

  it('answers unregistered for a token APNs calls Unregistered or bad (not an error)', async () => {
    server.dead.add(device(3));
    const push = await open();
    expect(await push.send(pushMessage(device(3)), 'push:2:3')).toEqual({
      outcome: 'unregistered',
      reason: 'Unregistered',
    });
    expect(await push.send(pushMessage('not-a-device-token'), 'push:2:4')).toEqual({
      outcome: 'unregistered',
      reason: 'BadDeviceToken',
    });
  });

  it('signs a new provider token when APNs calls it expired; reports rate limits and outages as the kit kinds', async () => {
    const push = await open();
    const before = server.providerTokens.size;
    server.plan('expire');
    expect((await push.send(pushMessage(device(5)), 'push:3:5')).outcome).toBe('sent');
    expect(server.providerTokens.size).toBe(before + 1);
    server.plan('rate_limit', 'fail');
    const limited = await push.send(pushMessage(device(6)), 'push:3:6').catch((e: unknown) => e);
    expect(isOutsideError(limited, 'rate_limited') && limited.retryAfter).toBe(30);
    const down = await push.send(pushMessage(device(6)), 'push:3:6').catch((e: unknown) => e);
    expect(isOutsideError(down, 'unavailable')).toBe(true);
  });

  it('sends a push task to iOS devices through it, and retires the one APNs calls unregistered', async () => {
    await iosDevices('ios_', [10, 11]);
    server.dead.add(device(11));
    const created = await admin.post('/api/v1/push-tasks', {
      name: 'iOS',
      title: { zh: '标题' },
      body: { zh: '正文' },
      target: 'players',
      openids: ['ios_10', 'ios_11'],
      providers: ['apns'],
    });
    const task = body<PushTask>(created).data;
    const moved = body<PushTask>(
      await admin.post(`/api/v1/push-tasks/${task.id}/send`, { version: task.version }),
    ).data;
    await t.app.jobs.runJob(moved.job_id!);
    const done = body<PushTask>(await admin.get(`/api/v1/push-tasks/${task.id}`)).data;
    expect(done).toMatchObject({ status: 'sent', targeted: 2, sent: 1, invalid_tokens: 1 });
    expect(server.pushes.filter((p) => p.token === device(10))).toHaveLength(1);
  });

  it("sends apns-expiration from the task's expiry: its ttl from the moment of sending, 0 as deliver-once", async () => {
    await iosDevices('ios_ttl_', [20, 21]);
    const sendTask = async (openid: string, ttl: number) => {
      const created = await admin.post('/api/v1/push-tasks', {
        name: `iOS ttl ${ttl}`,
        title: { zh: '标题' },
        body: { zh: '正文' },
        target: 'players',
        openids: [openid],
        providers: ['apns'],
        ttl_seconds: ttl,
      });
      expect(created.statusCode, created.body).toBe(200);
      const task = body<PushTask>(created).data;
      expect(task.ttl_seconds).toBe(ttl);
      const moved = body<PushTask>(
        await admin.post(`/api/v1/push-tasks/${task.id}/send`, { version: task.version }),
      ).data;
      await t.app.jobs.runJob(moved.job_id!);
      expect(body<PushTask>(await admin.get(`/api/v1/push-tasks/${task.id}`)).data).toMatchObject({
        sent: 1,
      });
    };
    const before = Math.floor(Date.now() / 1000);
    await sendTask('ios_ttl_20', 7_200);
    const after = Math.floor(Date.now() / 1000);
    const pushed = server.pushes.filter((p) => p.token === device(20));
    expect(pushed).toHaveLength(1);
    const expiration = Number(pushed[0]!.headers['apns-expiration']);
    expect(expiration).toBeGreaterThanOrEqual(before + 7_200);
    expect(expiration).toBeLessThanOrEqual(after + 7_200);
    await sendTask('ios_ttl_21', 0);
    expect(
      server.pushes.filter((p) => p.token === device(21)).map((p) => p.headers['apns-expiration']),
    ).toEqual(['0']);
  });
});

describeFakePush('APNs', 'apns', t, open, fakeApns);
