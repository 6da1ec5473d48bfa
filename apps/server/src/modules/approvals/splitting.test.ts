import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  codeBatchResource,
  playersResource,
  sanctionsResource,
  type ApprovalPolicies,
  type ApprovalRequest,
  type CodeBatch,
} from '@rx/contracts';
import { body, type Client, giftPackageNamed, signInAs, useTestApp } from '../../../test/index.ts';
import { fileBody, postFile } from '../../../test/multipart.ts';
import { players } from '../players/tables.ts';
import { sanctions } from '../sanctions/tables.ts';

/**
 * A threshold cannot be split (issue 26 §3), and the two-person rule rests on two people (§4):
 * what one staff member got through a policy in its window adds up; single sanctions count toward
 * the bulk-sanction policy; a policy change waits for a second admin, never releases its author's
 * own pending request, and an account made after a request cannot approve it.
 */
const t = useTestApp();
const DAY = 86_400_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
let compensation: number;
let openids: string[];

beforeAll(async () => {
  compensation = (await giftPackageNamed(t, '维护补偿')).id;
  const tag = Math.random().toString(36).slice(2, 8);
  openids = ['a', 'b', 'c'].map((n) => `split_${tag}_${n}`);
  await t.database.db.insert(players).values(openids.map((openid) => ({ productId: t.productId, openid })));
});

const setPolicies = (policies: object[], as: Client = t.admin) =>
  as.put('/api/v1/approval-policies', { policies });

/** Creates a batch of `quantity` codes and asks to make it active: 200 (active) or 202 (waits). */
async function activate(api: Client, quantity: number) {
  const created = body<CodeBatch>(
    await api.post('/api/v1/code-batches', {
      name: `split ${Math.random().toString(36).slice(2, 8)}`,
      quantity,
      length: 12,
      gift_package_id: compensation,
      start_at: iso(-DAY),
      end_at: iso(30 * DAY),
    }),
  ).data;
  return api.post(`/api/v1/code-batches/${created.id}/submit`, { version: created.version });
}

const ban = (api: Client, openid: string) =>
  api.post(`/api/v1/players/${encodeURIComponent(openid)}/sanctions`, {
    kind: 'mute',
    duration_minutes: 60,
    reason: 'splitting test',
  });

describe('approval thresholds in a rolling window', () => {
  it('adds up the batches one staff member activates: the second of two 999s waits', async () => {
    const perms = codeBatchResource.permissions;
    expect((await setPolicies([{ action: perms.approve, threshold: 1000 }])).statusCode).toBe(200);
    const maker = await t.staff([perms.see, perms.edit]);
    const first = await activate(maker, 999);
    expect(first.statusCode, first.body).toBe(200);
    const second = await activate(maker, 999);
    expect(second.statusCode, second.body).toBe(202);
    expect(body<{ approval: ApprovalRequest }>(second).data.approval).toMatchObject({
      kind: 'code_batches.activate',
      status: 'pending',
    });
    // Another staff member has a window of their own.
    expect((await activate(await t.staff([perms.see, perms.edit]), 999)).statusCode).toBe(200);
    await setPolicies([]);
  });

  it('counts single sanctions toward the bulk-sanction policy', async () => {
    const policy = await setPolicies([{ action: sanctionsResource.permissions.approve, threshold: 3 }]);
    expect(policy.statusCode, policy.body).toBe(200);
    const maker = await t.staff([playersResource.permissions.see, playersResource.permissions.edit]);
    const checker = await t.staff([sanctionsResource.permissions.see, sanctionsResource.permissions.approve]);
    expect((await ban(maker, openids[0]!)).statusCode).toBe(200);
    expect((await ban(maker, openids[1]!)).statusCode).toBe(200);
    const third = await ban(maker, openids[2]!);
    expect(third.statusCode, third.body).toBe(202);
    expect(body<{ approval: ApprovalRequest }>(third).data.approval).toMatchObject({
      kind: 'sanctions.single',
    });
    // Approved by a second person (whose account is older than the request), the sanction is made.
    const id = body<{ approval: ApprovalRequest }>(third).data.approval.id;
    expect(body(await checker.post(`/api/v1/approvals/${id}/approve`, { comment: 'ok' })).code).toBe(0);
    const made = await t.database.db.select().from(sanctions).where(eq(sanctions.openid, openids[2]!));
    expect(made.map((s) => s.kind)).toEqual(['mute']);
    await setPolicies([]);
  });
});

describe('bulk sanctions in a rolling window', () => {
  it('adds up the bulk mutes one staff member makes: the second of two under the threshold waits', async () => {
    const risk = sanctionsResource.permissions;
    await setPolicies([{ action: risk.approve, threshold: 5 }]);
    const token = (await signInAs(t.app, await t.staffWith([risk.see, risk.edit, risk.approve]))).user
      .access_token;
    const maker = t.client(token, t.productId);
    const tag = Math.random().toString(36).slice(2, 8);
    const bulk = async (openids: string[]) => {
      const uploaded = await postFile(
        t.app,
        token,
        'openid_list',
        fileBody('ids.txt', `${openids.join('\n')}\n`, 'text/plain'),
      );
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      return maker.post('/api/v1/sanctions/bulk', {
        file_id: body<{ id: string }>(uploaded).data.id,
        kind: 'mute',
        duration_minutes: 60,
        reason: 'splitting test',
      });
    };
    // Four players: under the threshold of five, the job starts at once.
    const first = await bulk(['a', 'b', 'c', 'd'].map((n) => `bulk_${tag}_${n}`));
    expect(first.statusCode, first.body).toBe(202);
    expect(body<{ job_id: number; approval?: unknown }>(first).data).toMatchObject({
      job_id: expect.any(Number),
    });
    expect(body<{ approval?: unknown }>(first).data.approval).toBeUndefined();
    // Four more: eight in the window, so this one waits for a second person.
    const second = await bulk(['e', 'f', 'g', 'h'].map((n) => `bulk_${tag}_${n}`));
    expect(second.statusCode, second.body).toBe(202);
    expect(body<{ approval: ApprovalRequest }>(second).data.approval).toMatchObject({
      kind: 'sanctions.bulk',
      status: 'pending',
    });
    await setPolicies([]);
  });
});

describe('the two-person rule', () => {
  it("refuses a policy change that would release its author's own pending request", async () => {
    const perms = codeBatchResource.permissions;
    await setPolicies([{ action: perms.approve, threshold: 10 }]);
    const pending = await activate(t.admin, 500);
    expect(pending.statusCode).toBe(202);
    const off = await setPolicies([{ action: perms.approve, threshold: 10, enabled: false }]);
    expect(off.statusCode, off.body).toBe(422);
    expect(body(await setPolicies([]))).toMatchObject({ code: 422001 });
    // Still in force: the admin's next batch waits too.
    expect((await activate(t.admin, 500)).statusCode).toBe(202);
  });

  it('does not let an account made after a request approve it', async () => {
    const perms = codeBatchResource.permissions;
    const maker = await t.staff([perms.see, perms.edit]);
    const asked = await activate(maker, 500);
    expect(asked.statusCode).toBe(202);
    const id = body<{ approval: ApprovalRequest }>(asked).data.approval.id;
    const late = await t.staff([perms.see, perms.approve]);
    // Not offered to them, and refused when they try.
    expect(body<ApprovalRequest>(await late.get(`/api/v1/approvals/${id}`)).data.can_decide).toBe(false);
    const res = await late.post(`/api/v1/approvals/${id}/approve`, { comment: 'mine now' });
    expect(res.statusCode).toBe(403);
    expect(body<ApprovalRequest>(await t.admin.get(`/api/v1/approvals/${id}`)).data.status).toBe('pending');
  });

  it('has a second admin decide a policy change', async () => {
    const second = await t.signIn(await t.adminOf('admin'));
    const before = body<ApprovalPolicies>(await t.admin.get('/api/v1/approval-policies')).data;
    const asked = await setPolicies([{ action: 'basic/approve/error_code', threshold: 5 }], second);
    expect(asked.statusCode, asked.body).toBe(202);
    const request = body<{ approval: ApprovalRequest }>(asked).data.approval;
    expect(request).toMatchObject({ kind: 'approval_policies.update', status: 'pending' });
    // Nothing changed yet; its author cannot approve it; the other admin can.
    expect(body<ApprovalPolicies>(await t.admin.get('/api/v1/approval-policies')).data.version).toBe(
      before.version,
    );
    expect((await second.post(`/api/v1/approvals/${request.id}/approve`, { comment: 'me' })).statusCode).toBe(
      403,
    );
    expect(body(await t.admin.post(`/api/v1/approvals/${request.id}/approve`, { comment: 'ok' })).code).toBe(
      0,
    );
    const after = body<ApprovalPolicies>(await t.admin.get('/api/v1/approval-policies')).data;
    expect(after.list.map((p) => [p.action, p.threshold])).toEqual([['basic/approve/error_code', 5]]);
  });
});
