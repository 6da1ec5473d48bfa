import { describe, expect, it } from 'vitest';
import { and, eq, type SQL } from 'drizzle-orm';
import {
  billingResource,
  codeBatchResource,
  errorCodesResource,
  mailsResource,
  type ApprovalPolicies,
  type ApprovalRequest,
  type ApprovalRequestDetail,
  type BillingPoint,
  type ErrorCodeRelease,
  type ErrorCodeText,
} from '@rx/contracts';
import { notifications, users } from '../../db/schema.ts';
import { moveRow } from '../../lib/lifecycle.ts';
import { body, type Client, useTestApp } from '../../../test/index.ts';
import { BILLING_STATES } from '../billing-points/index.ts';
import { billingPoints } from '../billing-points/tables.ts';
import { errorCodeReleases } from '../error-codes/tables.ts';
import { approvalRequests } from './tables.ts';

const t = useTestApp();
const admin = t.admin;
const codes = errorCodesResource.permissions;
const billing = billingResource.permissions;

type List = { list: ApprovalRequest[]; total: number };
type Releases = { list: ErrorCodeRelease[]; total: number };

/** A staff member of the demo CP with these permissions, signed in on t.productId, and their id. */
async function staff(permissions: string[]): Promise<{ api: Client; id: number; name: string }> {
  const name = await t.staffWith(permissions);
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, name));
  return { api: await t.signIn(name, 'xianxia'), id: row!.id, name };
}

async function setPolicies(policies: object[]) {
  const res = await admin.put('/api/v1/approval-policies', { policies });
  expect(res.statusCode, res.body).toBe(200);
  return body<ApprovalPolicies>(res).data;
}

async function notificationsOf(userId: number) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'approval')));
}

const liveNumber = async (api: Client) =>
  body<Releases>(await api.get('/api/v1/error-codes/releases')).data.list[0]!.number;

/** The demo game's billing points that meet `conditions`. */
const billingPointsWhere = (...conditions: SQL[]) =>
  t.database.db
    .select()
    .from(billingPoints)
    .where(and(eq(billingPoints.productId, t.productId), ...conditions));

describe('lifecycle', () => {
  it('refuses a move the lifecycle does not allow with 422001, changing nothing', async () => {
    const [live] = await billingPointsWhere(
      eq(billingPoints.status, 'live'),
      eq(billingPoints.current, true),
      eq(billingPoints.storeSku, 'com.ruixue.xianxia.tier5'),
    );
    // Ending a live SKU is allowed…
    const ended = await admin.put(`/api/v1/billing-points/${live!.id}`, {
      status: 'disabled',
      version: live!.version,
    });
    expect(body<BillingPoint>(ended).data).toMatchObject({ status: 'disabled' });
    const version = body<BillingPoint>(ended).data.version;
    // …an ended one never goes live again.
    const again = await admin.put(`/api/v1/billing-points/${live!.id}`, { status: 'live', version });
    expect(again.statusCode).toBe(422);
    expect(body(again)).toMatchObject({
      code: 422001,
      data: { state: 'ended', action: 'publish', allowed: [] },
    });
    expect(body<BillingPoint>(await admin.get(`/api/v1/billing-points/${live!.id}`)).data).toMatchObject({
      status: 'disabled',
      version,
    });
    // The helper that moves rows refuses the same, inside a transaction that then writes nothing.
    const scope = {
      cpId: live!.cpId,
      userId: 1,
      username: 'admin',
      ip: '',
      lang: 'en' as const,
      isAdmin: true,
      productId: t.productId,
    };
    await expect(
      t.database.db.transaction((tx) =>
        moveRow(tx, scope, {
          table: billingPoints,
          target: eq(billingPoints.id, live!.id),
          state: billingPoints.status,
          action: 'publish',
          mapping: BILLING_STATES,
          log: { targetType: 'billing_point', name: (r) => r.name },
        }),
      ),
    ).rejects.toMatchObject({ code: 422001 });
    const [draft] = await billingPointsWhere(eq(billingPoints.status, 'draft'));
    const published = await t.database.db.transaction((tx) =>
      moveRow(tx, scope, {
        table: billingPoints,
        target: eq(billingPoints.id, draft!.id),
        state: billingPoints.status,
        action: 'publish',
        version: draft!.version,
        mapping: BILLING_STATES,
        log: { targetType: 'billing_point', name: (r) => r.name },
      }),
    );
    expect(published).toMatchObject({ status: 'live', version: draft!.version + 1 });
    expect((await t.logsOf('billing_point', draft!.id))[0]).toMatchObject({
      action: 'publish',
      before: { status: 'draft' },
      after: { status: 'live' },
    });
  });
});

describe('two-person approval', () => {
  it('the demo asks for approval on one game only', async () => {
    const demo = body<ApprovalPolicies>(await admin.get('/api/v1/approval-policies')).data;
    const tankwar = await t.productIdOf('tankwar');
    expect(demo.list.map((p) => [p.action, p.product_id, p.threshold, p.value_threshold]).sort()).toEqual(
      [
        [codes.approve, tankwar, null, null],
        [billing.approve, tankwar, 100, null],
        [codeBatchResource.permissions.approve, tankwar, 50_000, null],
        [mailsResource.permissions.approve, tankwar, 10_000, 1_000_000],
      ].sort(),
    );
    expect(demo.actions).toEqual(expect.arrayContaining([codes.approve, billing.approve]));
  });

  it('documents its routes in the OpenAPI description', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys((docs.json() as { paths: object }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/approvals',
        '/api/v1/approvals/{id}',
        '/api/v1/approvals/{id}/approve',
        '/api/v1/approvals/{id}/reject',
        '/api/v1/approvals/{id}/cancel',
        '/api/v1/approval-policies',
      ]),
    );
  });

  it('asks above the threshold, applies below it; the maker never decides; the checker approves', async () => {
    const maker = await staff([codes.see, codes.edit, codes.approve]);
    const checker = await staff([codes.see, codes.approve]);
    const bystander = await staff([codes.see, codes.edit]);
    await setPolicies([{ action: codes.approve, threshold: 2, reason_required: true }]);

    // One code differs from the live release (the demo's newest): below the threshold, live at once.
    const before = await liveNumber(admin);
    const direct = await maker.api.post('/api/v1/error-codes/publish', { note: 'small' });
    expect(direct.statusCode, direct.body).toBe(200);
    expect(body<ErrorCodeRelease>(direct).data).toMatchObject({ number: before + 1, live: true });

    // Two codes changed: a pending request (202), nothing published yet.
    const list = body<{ list: ErrorCodeText[] }>(await admin.get('/api/v1/error-codes?page_size=2')).data
      .list;
    for (const code of list) {
      await admin.put(`/api/v1/error-codes/${code.id}`, {
        texts: { en: `Changed ${code.code}` },
        version: code.version,
      });
    }
    const noReason = await maker.api.post('/api/v1/error-codes/publish', { note: '' });
    expect(body(noReason)).toMatchObject({ code: 400001, data: { fields: { reason: expect.any(String) } } });
    const heard: string[] = [];
    const stop = t.app.events.subscribe((e) => heard.push(`${e.topic}:${'userId' in e ? e.userId : ''}`));
    const asked = await maker.api.post('/api/v1/error-codes/publish', { note: 'two texts' });
    stop();
    expect(heard).toContain(`notification:${checker.id}`);
    expect(heard).toContain(`approval:${maker.id}`);
    expect(asked.statusCode, asked.body).toBe(202);
    const request = body<{ approval: ApprovalRequest }>(asked).data.approval;
    expect(request).toMatchObject({
      status: 'pending',
      kind: 'error_codes.publish',
      action: codes.approve,
      amount: 2,
      reason: 'two texts',
      maker: { id: maker.id },
    });
    expect(await liveNumber(admin)).toBe(before + 1);

    // Who may decide is told; the maker and staff without the approve permission are not.
    const told = await notificationsOf(checker.id);
    expect(told.map((n) => n.link)).toContain(`/approvals?id=${request.id}`);
    expect(await notificationsOf(maker.id)).toHaveLength(0);
    expect(await notificationsOf(bystander.id)).toHaveLength(0);

    // The lists: to decide for the checker, mine for the maker, nothing for the bystander.
    const pending = body<List>(await checker.api.get('/api/v1/approvals?status=pending')).data;
    expect(pending.list.map((r) => [r.id, r.can_decide])).toContainEqual([request.id, true]);
    const mine = body<List>(await maker.api.get('/api/v1/approvals?mine=1')).data;
    expect(mine.list.map((r) => [r.id, r.can_decide])).toEqual([[request.id, false]]);
    expect(body<List>(await maker.api.get('/api/v1/approvals?status=pending')).data.total).toBe(0);
    expect(body<List>(await bystander.api.get('/api/v1/approvals?status=pending')).data.total).toBe(0);
    expect(body(await bystander.api.get(`/api/v1/approvals/${request.id}`)).code).toBe(404001);
    const detail = body<ApprovalRequestDetail>(await checker.api.get(`/api/v1/approvals/${request.id}`)).data;
    expect(Object.keys(detail.after as object).sort()).toEqual(list.map((c) => c.code).sort());
    expect(Object.keys(detail.before as object).sort()).toEqual(list.map((c) => c.code).sort());

    // The maker can never decide their own.
    const own = await maker.api.post(`/api/v1/approvals/${request.id}/approve`, { comment: 'me' });
    expect(own.statusCode).toBe(403);
    expect(body(own).code).toBe(403001);
    expect(body(await checker.api.post(`/api/v1/approvals/${request.id}/approve`, {})).code).toBe(400001);

    const approved = await checker.api.post(`/api/v1/approvals/${request.id}/approve`, { comment: 'ok' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(body<ApprovalRequestDetail>(approved).data).toMatchObject({
      status: 'approved',
      checker: { id: checker.id },
      comment: 'ok',
      can_decide: false,
    });
    const live = body<Releases>(await admin.get('/api/v1/error-codes/releases')).data.list[0]!;
    expect(live).toMatchObject({ number: before + 2, note: 'two texts', created_by: maker.name, live: true });
    expect((await t.logsOf('error_code_release', before + 2))[0]).toMatchObject({
      action: 'publish',
      username: maker.name,
    });
    expect((await t.logsOf('approval_request', request.id)).map((l) => [l.action, l.username])).toEqual([
      ['approve', checker.name],
      ['submit', maker.name],
    ]);
    expect((await notificationsOf(maker.id)).map((n) => n.link)).toEqual([`/approvals?id=${request.id}`]);
    const twice = await checker.api.post(`/api/v1/approvals/${request.id}/reject`, { comment: 'late' });
    expect(body(twice).code).toBe(422001);
  });

  it('rejecting leaves the change unmade; the maker may cancel, nobody else', async () => {
    const maker = await staff([billing.see, billing.edit]);
    const checker = await staff([billing.see, billing.approve]);
    await setPolicies([{ action: billing.approve, threshold: 100 }]);
    const [sku] = await billingPointsWhere(
      eq(billingPoints.current, true),
      eq(billingPoints.storeSku, 'com.ruixue.xianxia.tier3'),
      eq(billingPoints.store, 'wechat_pay'),
    );
    expect(sku!.status).toBe('live');
    // Below the threshold: changed at once.
    const cheap = await maker.api.put(`/api/v1/billing-points/${sku!.id}`, {
      prices: [{ currency: 'CNY', amount: 50 }],
      version: sku!.version,
    });
    expect(cheap.statusCode, cheap.body).toBe(200);
    const version = body<BillingPoint>(cheap).data.version;
    // At or above it: a request.
    const dear = await maker.api.put(`/api/v1/billing-points/${sku!.id}`, {
      prices: [{ currency: 'CNY', amount: 648 }],
      version,
    });
    expect(dear.statusCode, dear.body).toBe(202);
    const request = body<{ approval: ApprovalRequest }>(dear).data.approval;
    expect(request).toMatchObject({ amount: 648, target_type: 'billing_point', target_id: String(sku!.id) });
    const detail = body<ApprovalRequestDetail>(await checker.api.get(`/api/v1/approvals/${request.id}`)).data;
    expect(detail).toMatchObject({
      before: { prices: [{ currency: 'CNY', amount: 50 }] },
      after: { prices: [{ currency: 'CNY', amount: 648 }] },
    });
    const rejected = await checker.api.post(`/api/v1/approvals/${request.id}/reject`, {
      comment: 'too dear',
    });
    expect(body<ApprovalRequestDetail>(rejected).data).toMatchObject({
      status: 'rejected',
      comment: 'too dear',
    });
    expect(body<BillingPoint>(await maker.api.get(`/api/v1/billing-points/${sku!.id}`)).data).toMatchObject({
      prices: [{ currency: 'CNY', amount: 50 }],
      version,
    });
    expect((await notificationsOf(maker.id))[0]).toMatchObject({ link: `/approvals?id=${request.id}` });

    const second = body<{ approval: ApprovalRequest }>(
      await maker.api.put(`/api/v1/billing-points/${sku!.id}`, {
        prices: [{ currency: 'CNY', amount: 328 }],
        version,
      }),
    ).data.approval;
    expect(body(await checker.api.post(`/api/v1/approvals/${second.id}/cancel`)).code).toBe(403001);
    const cancelled = await maker.api.post(`/api/v1/approvals/${second.id}/cancel`);
    expect(body<ApprovalRequestDetail>(cancelled).data.status).toBe('cancelled');
    expect(
      body(await checker.api.post(`/api/v1/approvals/${second.id}/approve`, { comment: 'x' })).code,
    ).toBe(422001);
  });

  it('an approved change that no longer applies fails, changing nothing', async () => {
    const maker = await staff([billing.see, billing.edit]);
    const checker = await staff([billing.see, billing.approve]);
    await setPolicies([{ action: billing.approve }]);
    const [sku] = await billingPointsWhere(
      eq(billingPoints.current, true),
      eq(billingPoints.storeSku, 'com.ruixue.xianxia.tier4'),
    );
    const request = body<{ approval: ApprovalRequest }>(
      await maker.api.put(`/api/v1/billing-points/${sku!.id}`, { limit_daily: 3, version: sku!.version }),
    ).data.approval;
    // Someone changes the SKU meanwhile (an admin; the policy applies to them too, so through the table).
    await t.database.db
      .update(billingPoints)
      .set({ version: sku!.version + 1 })
      .where(eq(billingPoints.id, sku!.id));
    const failed = await checker.api.post(`/api/v1/approvals/${request.id}/approve`, { comment: 'ok' });
    expect(body<ApprovalRequestDetail>(failed).data).toMatchObject({
      status: 'failed',
      error: expect.any(String),
    });
    const [after] = await t.database.db.select().from(billingPoints).where(eq(billingPoints.id, sku!.id));
    expect(after!.limitDaily).toBe(sku!.limitDaily);
  });

  it('never crosses CPs; policies are for admins, with products of their own CP', async () => {
    const maker = await staff([codes.see, codes.edit, codes.approve]);
    await setPolicies([{ action: codes.approve }]);
    const asked = await maker.api.post('/api/v1/error-codes/publish', { note: 'cross' });
    const request = body<{ approval: ApprovalRequest }>(asked).data.approval;
    const foreign = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    expect(body(await foreign.get(`/api/v1/approvals/${request.id}`)).code).toBe(404001);
    expect(body(await foreign.post(`/api/v1/approvals/${request.id}/approve`, { comment: 'x' })).code).toBe(
      404001,
    );
    expect(
      body<List>(await foreign.get('/api/v1/approvals?status=pending')).data.list.map((r) => r.id),
    ).not.toContain(request.id);
    expect(body<ApprovalPolicies>(await foreign.get('/api/v1/approval-policies')).data.list).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.id, request.id));
    expect(row!.status).toBe('pending');

    expect(body(await maker.api.get('/api/v1/approval-policies')).code).toBe(403001);
    const dawn = await t.productIdOf('dawn');
    const wrong = await admin.put('/api/v1/approval-policies', {
      policies: [{ action: codes.approve, product_id: dawn }],
    });
    expect(body(wrong)).toMatchObject({
      code: 400001,
      data: { fields: { 'policies.0.product_id': expect.any(String) } },
    });
    // A product's own policy governs it; other products follow the CP-wide one (none here).
    await setPolicies([{ action: codes.approve, product_id: await t.productIdOf('tankwar') }]);
    const released = await t.database.db.select().from(errorCodeReleases);
    const direct = await maker.api.post('/api/v1/error-codes/publish', { note: 'not tankwar' });
    expect(direct.statusCode, direct.body).toBe(200);
    expect(await t.database.db.select().from(errorCodeReleases)).toHaveLength(released.length + 1);
    expect((await t.logsOf('approval_policy', ''))[0]).toMatchObject({ action: 'update' });
  });

  it('refuses a save of policies someone changed since they were read (409001), keeping theirs', async () => {
    const read = async () => body<ApprovalPolicies>(await admin.get('/api/v1/approval-policies')).data;
    const first = await read();
    // Two admins open the policies; one saves a policy for mails.
    const saved = await admin.put('/api/v1/approval-policies', {
      policies: [{ action: mailsResource.permissions.approve, threshold: 10 }],
      version: first.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = body<ApprovalPolicies>(saved).data;
    expect(second.version).not.toBe(first.version);
    expect((await read()).version).toBe(second.version);
    // The other saves what they read, which no longer holds the mails policy: refused.
    const logs = (await t.logsOf('approval_policy', '')).length;
    const stale = await admin.put('/api/v1/approval-policies', {
      policies: [{ action: codes.approve }],
      version: first.version,
    });
    expect(body(stale).code).toBe(409001);
    expect(body(stale).msg).toBeTruthy();
    const now = await read();
    expect(now.list.map((p) => [p.action, p.threshold])).toEqual([[mailsResource.permissions.approve, 10]]);
    expect(now.version).toBe(second.version);
    expect(await t.logsOf('approval_policy', '')).toHaveLength(logs);
    // With the version now read, the save goes through.
    const again = await admin.put('/api/v1/approval-policies', { policies: [], version: now.version });
    expect(again.statusCode, again.body).toBe(200);
    expect(body<ApprovalPolicies>(again).data.list).toEqual([]);
  });
});
