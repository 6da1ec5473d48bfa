import { beforeAll, describe, expect, it } from 'vitest';
import { pushTasksResource, type ApprovalRequest, type PushTask, type PushTaskCreate } from '@rx/contracts';
import { body, type Client, useTestApp } from '../../../test/index.ts';
import { fakeFcm } from '../outside-parties/index.ts';

// Issue 28 §1: a push goes through the lifecycle with approval above a recipient threshold. A policy
// on the devices a task targets makes a send wait for a second person; below it, the send starts at
// once. Through HTTP, with tokens registered by the signed game API.

const t = useTestApp({ gameKey: 'push approval' });
const perms = pushTasksResource.permissions;
const tag = Math.random().toString(36).slice(2, 8);
let maker: Client;
let checker: Client;

beforeAll(async () => {
  // Sending is the page's approve permission; the policy then asks for a second person.
  maker = await t.staff([perms.see, perms.edit, perms.approve]);
  checker = await t.staff([perms.see, perms.approve]);
});

async function devicesOf(openids: string[]): Promise<void> {
  for (const openid of openids) {
    const res = await t.signedCall(t.key, 'POST', '/api/game/v1/push/tokens', {
      openid,
      platform: 'android',
      provider: 'fcm',
      token: `tok_${openid}_${Math.random().toString(36).slice(2, 10)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function draft(openids: string[], fields: Partial<PushTaskCreate> = {}): Promise<PushTask> {
  const res = await maker.post('/api/v1/push-tasks', {
    name: `approval ${Math.random().toString(36).slice(2, 8)}`,
    title: { zh: '双倍经验', en: 'Double XP' },
    body: { zh: '今晚 8 点开启', en: 'Tonight at 8' },
    target: 'players',
    openids,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<PushTask>(res).data;
}

const send = (api: Client, task: PushTask) =>
  api.post(`/api/v1/push-tasks/${task.id}/send`, { version: task.version, reason: 'approval test' });
const get = async (id: number) => body<PushTask>(await t.admin.get(`/api/v1/push-tasks/${id}`)).data;
const sentTo = (taskId: number) => fakeFcm().sent.filter((s) => s.key.startsWith(`push:${taskId}:`));

describe('push approval above a recipient threshold', () => {
  it('sends below the threshold at once; at it, waits for a second person, then sends', async () => {
    const policy = await t.admin.put('/api/v1/approval-policies', {
      policies: [{ action: perms.approve, threshold: 3 }],
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const few = [`${tag}_a`, `${tag}_b`];
    const many = [`${tag}_c`, `${tag}_d`, `${tag}_e`];
    await devicesOf([...few, ...many]);

    // Two devices: under the threshold, sending at once.
    const small = await draft(few);
    const direct = await send(maker, small);
    expect(direct.statusCode, direct.body).toBe(200);
    // Under way, or already done when its job ran before the answer was read (two devices).
    expect(['sending', 'sent']).toContain(body<PushTask>(direct).data.status);

    // Three devices (by another staff member, so no tally of the maker's adds up): it waits.
    const other = await t.staff([perms.see, perms.edit, perms.approve]);
    const big = body<PushTask>(
      await other.post('/api/v1/push-tasks', {
        name: `approval big ${tag}`,
        title: { zh: '双倍经验', en: 'Double XP' },
        body: { zh: '今晚 8 点开启', en: 'Tonight at 8' },
        target: 'players',
        openids: many,
      }),
    ).data;
    const asked = await send(other, big);
    expect(asked.statusCode, asked.body).toBe(202);
    const request = body<{ approval: ApprovalRequest }>(asked).data.approval;
    expect(request).toMatchObject({ kind: 'push_tasks.send', status: 'pending', amount: 3 });
    const waiting = await get(big.id);
    expect(waiting.status).toBe('pending_approval');
    expect(waiting.job_id).toBeNull();
    expect(sentTo(big.id)).toHaveLength(0);

    // Its maker cannot approve it; a second person with the approve permission does.
    expect(
      (await other.post(`/api/v1/approvals/${request.id}/approve`, { comment: 'mine' })).statusCode,
    ).toBe(403);
    expect((await get(big.id)).status).toBe('pending_approval');
    const approved = await checker.post(`/api/v1/approvals/${request.id}/approve`, { comment: 'ok' });
    expect(body(approved).code, approved.body).toBe(0);
    const live = await get(big.id);
    expect(live.status).toBe('sending');
    expect(live.job_id).not.toBeNull();
    await t.app.jobs.runJob(live.job_id!);
    expect((await get(big.id)).status).toBe('sent');
    expect(new Set(sentTo(big.id).map((s) => s.key)).size).toBe(3);
    await t.admin.put('/api/v1/approval-policies', { policies: [] });
  });

  it('a refused send is a draft again and sends nothing', async () => {
    await t.admin.put('/api/v1/approval-policies', { policies: [{ action: perms.approve, threshold: 1 }] });
    const openids = [`${tag}_r`];
    await devicesOf(openids);
    const task = await draft(openids);
    const asked = await send(maker, task);
    expect(asked.statusCode, asked.body).toBe(202);
    const request = body<{ approval: ApprovalRequest }>(asked).data.approval;
    const refused = await checker.post(`/api/v1/approvals/${request.id}/reject`, { comment: 'not tonight' });
    expect(body(refused).code, refused.body).toBe(0);
    const back = await get(task.id);
    expect(back.status).toBe('draft');
    expect(back.job_id).toBeNull();
    expect(sentTo(task.id)).toHaveLength(0);
    await t.admin.put('/api/v1/approval-policies', { policies: [] });
  });
});
