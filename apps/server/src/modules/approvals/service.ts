import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  APPROVAL_ACTIONS,
  APPROVAL_WINDOW_HOURS,
  VALUED_APPROVAL_ACTIONS,
  ErrorCode,
  errorMessage,
  type ApprovalKind,
  type ApprovalPolicies,
  type ApprovalPolicy,
  type ApprovalRequest,
  type ApprovalRequestDetail,
  type ApprovalStatus,
  type Language,
  type LogTargetType,
  type approvalListQuery,
  type approvalPoliciesBody,
  ADMIN_ROLE,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { cps, products, users } from '../../db/schema.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { EventBus } from '../../lib/events.ts';
import { userGrants, type UserGrants } from '../../lib/grants.ts';
import { listRows, sortOrder, type ListPage } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, ruleError } from '../../lib/problems.ts';
import { notify, type NewNotification } from '../notifications/index.ts';
import { noticeTitle, type NoticeKey } from './notices.ts';
import { actionOf, describeRequest, handlerOf } from './registry.ts';
import { approvalPolicies, approvalRequests, approvalTallies } from './tables.ts';

type RequestRow = typeof approvalRequests.$inferSelect;
type PolicyRow = typeof approvalPolicies.$inferSelect;

/** The console path of a request: the approvals page opens its detail. */
export const requestLink = (id: number) => `/approvals?id=${id}`;

/** A change that may need a second person, as the owning module describes it. */
export interface Change<P> {
  kind: ApprovalKind;
  /** The number the policy's threshold is compared with (null: the change carries none). */
  amount: number | null;
  /** The value the policy's value threshold is compared with (kinds that carry one; else absent). */
  value?: number | null;
  /**
   * Who the change reaches, as a fingerprint (the same players give the same one): what reached
   * that audience in the policy window counts too, whoever did it. Absent: no audience to count.
   */
  audience?: string;
  reason: string;
  target: { type: LogTargetType; id: string | number; name: string };
  before: unknown;
  after: unknown;
  /** What the kind's registered `apply` needs. */
  payload: P;
}

export type Outcome = { applied: true; result: unknown } | { applied: false; request: ApprovalRequest };

/** The caller, as the approvals need them: scope and grants. */
export interface Caller extends Scope {
  grants: UserGrants;
  /** When the caller's account was made: an account newer than a request is no second person for it. */
  createdAt: Date;
}

/** The enabled policy that governs `action` for the product: the product's own before the CP-wide one. */
async function policyFor(
  db: Db,
  cpId: number,
  action: string,
  productId: number | null,
): Promise<PolicyRow | undefined> {
  const rows = await db
    .select()
    .from(approvalPolicies)
    .where(
      and(
        eq(approvalPolicies.cpId, cpId),
        eq(approvalPolicies.action, action),
        eq(approvalPolicies.enabled, true),
        productId === null
          ? isNull(approvalPolicies.productId)
          : or(isNull(approvalPolicies.productId), eq(approvalPolicies.productId, productId)),
      ),
    );
  return rows.find((p) => p.productId !== null) ?? rows[0];
}

/**
 * The rule for changing the policies themselves: a second admin decides, whenever the CP has
 * another active admin (with none, nobody could, and the change applies).
 */
async function policyChangeRule(tx: Db, scope: Scope): Promise<PolicyRow | undefined> {
  const admins = await decidersOf(tx, {
    cpId: scope.cpId,
    makerId: scope.userId,
    action: ADMIN_ROLE,
    approver: ADMIN_ROLE,
  });
  if (!admins.length) return undefined;
  const now = new Date();
  return {
    id: 0,
    cpId: scope.cpId,
    action: ADMIN_ROLE,
    productId: null,
    threshold: null,
    valueThreshold: null,
    reasonRequired: false,
    approver: ADMIN_ROLE,
    enabled: true,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Whether a policy asks for approval of a change carrying `amount` (and `value`): with no threshold
 * at all, always; else when the amount reaches the threshold or the value the value threshold.
 */
export function needsApproval(
  policy: Pick<PolicyRow, 'threshold' | 'valueThreshold'> | undefined,
  amount: number | null,
  value: number | null = null,
): boolean {
  if (!policy) return false;
  if (policy.threshold === null && policy.valueThreshold === null) return true;
  const byAmount = policy.threshold !== null && amount !== null && amount >= policy.threshold;
  const byValue = policy.valueThreshold !== null && value !== null && value >= policy.valueThreshold;
  return byAmount || byValue;
}

/** Whether someone holding `grants` may decide requests of `action` with `approver`. */
export function mayDecide(grants: UserGrants, action: string, approver: string): boolean {
  if (grants.isAdmin) return true;
  if (!approver) return grants.permissions.has(action);
  return grants.permissions.has(approver) || grants.roles.some((r) => r.identifier === approver);
}

/** Requests a caller may decide, as SQL: their actions (approver empty) or their approver strings. */
function decidableBy(caller: Pick<Caller, 'grants'>): SQL | undefined {
  if (caller.grants.isAdmin) return undefined;
  const holds = [...caller.grants.permissions, ...caller.grants.roles.map((r) => r.identifier)];
  const actions = APPROVAL_ACTIONS.filter((a) => caller.grants.permissions.has(a));
  return or(
    actions.length
      ? and(eq(approvalRequests.approver, ''), inArray(approvalRequests.action, actions))
      : sql`false`,
    holds.length ? inArray(approvalRequests.approver, holds) : sql`false`,
  );
}

function toItem(row: RequestRow, caller: Caller | null): ApprovalRequest {
  return {
    id: row.id,
    kind: row.kind,
    action: row.action,
    product_id: row.productId,
    target_type: row.targetType,
    target_id: row.targetId,
    target_name: row.targetName,
    amount: row.amount,
    value: row.value,
    reason: row.reason,
    status: row.status,
    maker: { id: row.makerId, username: row.makerName },
    checker: row.checkerId === null ? null : { id: row.checkerId, username: row.checkerName ?? '' },
    comment: row.comment,
    error: row.error,
    can_decide:
      caller !== null &&
      row.status === 'pending' &&
      row.makerId !== caller.userId &&
      caller.createdAt <= row.createdAt &&
      mayDecide(caller.grants, row.action, row.approver),
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

function toDetail(row: RequestRow, caller: Caller | null): ApprovalRequestDetail {
  return { ...toItem(row, caller), before: row.before, after: row.after };
}

/** The active staff of the CP who may decide a request (never its maker). */
async function decidersOf(db: Db, row: Pick<RequestRow, 'cpId' | 'makerId' | 'action' | 'approver'>) {
  const staff = await db
    .select({ id: users.id, lang: users.defaultLang, permChangedAt: users.permChangedAt })
    .from(users)
    .where(and(eq(users.cpId, row.cpId), eq(users.disabled, false), ne(users.id, row.makerId)));
  const deciders: { id: number; lang: string }[] = [];
  for (const user of staff) {
    if (mayDecide(await userGrants(db, user.id, user.permChangedAt), row.action, row.approver))
      deciders.push(user);
  }
  return deciders;
}

function notice(row: RequestRow, userId: number, lang: string, key: NoticeKey): NewNotification {
  return {
    cpId: row.cpId,
    userId,
    kind: 'approval',
    title: noticeTitle(key, lang, { kind: row.kind, maker: row.makerName, checker: row.checkerName ?? '' }),
    body: row.targetName,
    link: requestLink(row.id),
  };
}

function announce(events: EventBus, row: RequestRow): void {
  events.publish({
    topic: 'approval',
    cpId: row.cpId,
    userId: row.makerId,
    data: { id: row.id, action: row.action, status: row.status },
  });
}

/**
 * What changes of `action` applied without approval added up to in the policy window, within the
 * policy's reach: by this maker, and to this audience (the larger of the two counts).
 */
async function tallied(
  tx: Db,
  scope: Scope,
  action: string,
  policy: PolicyRow,
  audience: string | undefined,
): Promise<{ amount: number; value: number }> {
  const sum = async (who: SQL) => {
    const [row] = await tx
      .select({
        amount: sql<number>`coalesce(sum(${approvalTallies.amount}), 0)::float8`,
        value: sql<number>`coalesce(sum(${approvalTallies.value}), 0)::float8`,
      })
      .from(approvalTallies)
      .where(
        and(
          eq(approvalTallies.cpId, scope.cpId),
          eq(approvalTallies.action, action),
          policy.productId === null ? undefined : eq(approvalTallies.productId, policy.productId),
          sql`${approvalTallies.createdAt} > now() - make_interval(hours => ${APPROVAL_WINDOW_HOURS})`,
          who,
        ),
      );
    return { amount: Number(row?.amount ?? 0), value: Number(row?.value ?? 0) };
  };
  const byMaker = await sum(eq(approvalTallies.makerId, scope.userId));
  const byAudience = audience ? await sum(eq(approvalTallies.audience, audience)) : { amount: 0, value: 0 };
  return {
    amount: Math.max(byMaker.amount, byAudience.amount),
    value: Math.max(byMaker.value, byAudience.value),
  };
}

/**
 * Makes a change, or asks for it: when the CP's policy for the kind's action asks for approval
 * (at or above its threshold, counting with what the same maker or audience got through in the
 * policy window), stores a pending request, logs it and notifies who may decide; otherwise
 * applies it at once with the kind's registered `apply`, in one transaction, and tallies it.
 */
export async function submitChange<P>(
  db: Db,
  events: EventBus,
  scope: Scope,
  change: Change<P>,
): Promise<Outcome> {
  const action = actionOf(change.kind);
  const announced: (() => void)[] = [];
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const policy =
      change.kind === POLICY_CHANGE
        ? await policyChangeRule(tx, scope)
        : await policyFor(tx, scope.cpId, action, scope.productId);
    const earlier = policy
      ? await tallied(tx, scope, action, policy, change.audience)
      : { amount: 0, value: 0 };
    const amount = change.amount === null ? null : change.amount + earlier.amount;
    const value = change.value === undefined || change.value === null ? null : change.value + earlier.value;
    if (!policy || !needsApproval(policy, amount, value)) {
      const result = await handlerOf(change.kind).apply(tx, scope, change.payload);
      // Counted while a policy governs the action: pieces under its threshold add up.
      if (policy) {
        await tx.insert(approvalTallies).values({
          cpId: scope.cpId,
          productId: scope.productId,
          action,
          makerId: scope.userId,
          audience: change.audience ?? '',
          amount: change.amount,
          value: change.value ?? null,
        });
      }
      return { applied: true, result };
    }
    if (policy.reasonRequired && !change.reason.trim())
      new FieldProblems(scope.lang).add('reason', 'required').throwIfAny();
    const [row] = await tx
      .insert(approvalRequests)
      .values({
        cpId: scope.cpId,
        productId: scope.productId,
        kind: change.kind,
        action,
        approver: policy.approver,
        targetType: change.target.type,
        targetId: String(change.target.id),
        targetName: change.target.name,
        amount: change.amount,
        value: change.value ?? null,
        reason: change.reason,
        before: change.before ?? null,
        after: change.after ?? null,
        payload: change.payload ?? {},
        makerId: scope.userId,
        makerName: scope.username,
        makerIp: scope.ip,
        makerLang: scope.lang,
      })
      .returning();
    await logChange(tx, scope, {
      action: 'submit',
      targetType: 'approval_request',
      targetId: row!.id,
      targetName: `${change.kind} ${change.target.name}`,
      after: {
        kind: change.kind,
        target: change.target,
        amount: change.amount,
        value: change.value ?? null,
        reason: change.reason,
      },
    });
    const deciders = await decidersOf(tx, row!);
    announced.push(
      await notify(
        tx,
        events,
        deciders.map((d) => notice(row!, d.id, d.lang, 'asked')),
      ),
      () => announce(events, row!),
    );
    return { applied: false, request: toItem(row!, null) };
  });
  for (const send of announced) send();
  return outcome;
}

async function lockRequest(tx: Db, caller: Scope, id: number): Promise<RequestRow> {
  const [row] = await tx
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.cpId, caller.cpId)))
    .for('update');
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

/** The maker's scope, as it was when they asked (the change is applied as theirs). */
async function makerScope(tx: Db, row: RequestRow): Promise<Scope> {
  const [maker] = await tx
    .select({ permChangedAt: users.permChangedAt })
    .from(users)
    .where(eq(users.id, row.makerId));
  const grants = await userGrants(tx, row.makerId, maker?.permChangedAt ?? 0);
  return {
    cpId: row.cpId,
    userId: row.makerId,
    username: row.makerName,
    ip: row.makerIp,
    lang: row.makerLang as Language,
    isAdmin: grants.isAdmin,
    productId: row.productId,
  };
}

/**
 * Approves or rejects a pending request. Never the maker's own (403001); only who the policy
 * names (403001). Approving applies the change in the same transaction; when applying fails (the
 * data moved on since), the request is `failed` with the reason and nothing else changes.
 */
export async function decide(
  db: Db,
  events: EventBus,
  caller: Caller,
  id: number,
  verdict: 'approve' | 'reject',
  comment: string,
): Promise<ApprovalRequestDetail> {
  const after: (() => void)[] = [];
  const detail = await db.transaction(async (tx) => {
    const row = await lockRequest(tx, caller, id);
    if (!mayDecide(caller.grants, row.action, row.approver) && row.makerId !== caller.userId)
      throw new ApiError(ErrorCode.NOT_FOUND);
    if (row.status !== 'pending') throw ruleError(caller.lang, 'already_decided', { status: row.status });
    if (row.makerId === caller.userId) throw new ApiError(ErrorCode.FORBIDDEN, null, ownRequest(caller.lang));
    if (!mayDecide(caller.grants, row.action, row.approver)) throw new ApiError(ErrorCode.FORBIDDEN);
    // An account made after the request (by its maker, say) is no second person for it.
    if (caller.createdAt > row.createdAt)
      throw new ApiError(ErrorCode.FORBIDDEN, null, ruleError(caller.lang, 'approver_too_new').detail);
    let status: ApprovalStatus = verdict === 'approve' ? 'approved' : 'rejected';
    let error = '';
    let result: unknown = null;
    let maker: Scope | null = null;
    if (verdict === 'approve') {
      maker = await makerScope(tx, row);
      try {
        result = await tx.transaction((sp) => handlerOf(row.kind).apply(sp, maker!, row.payload));
      } catch (cause) {
        if (!(cause instanceof ApiError)) throw cause;
        status = 'failed';
        error = cause.detail ?? errorMessage(cause.code, caller.lang);
      }
    }
    if (status !== 'approved') await settle(tx, row);
    const [decided] = await tx
      .update(approvalRequests)
      .set({
        status,
        error,
        result: (result ?? null) as object | null,
        checkerId: caller.userId,
        checkerName: caller.username,
        comment,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(approvalRequests.id, row.id))
      .returning();
    await logChange(
      tx,
      { ...caller, productId: row.productId },
      {
        action: verdict,
        targetType: 'approval_request',
        targetId: row.id,
        targetName: `${row.kind} ${row.targetName}`,
        before: { status: row.status },
        after: { status, comment, error: error || undefined },
      },
    );
    const [makerRow] = await tx
      .select({ lang: users.defaultLang })
      .from(users)
      .where(eq(users.id, row.makerId));
    const key: NoticeKey = status === 'approved' ? 'approved' : status === 'rejected' ? 'rejected' : 'failed';
    after.push(await notify(tx, events, [notice(decided!, row.makerId, makerRow?.lang ?? 'zh', key)]), () =>
      announce(events, decided!),
    );
    if (status === 'approved' && maker) {
      const hook = handlerOf(row.kind).afterApply;
      const scope = maker;
      if (hook) after.push(() => hook(scope, row.payload, result));
    }
    return toDetail(decided!, caller);
  });
  for (const run of after) run();
  return detail;
}

/** Lets the owning module undo what waiting meant (a request that ends without being applied). */
async function settle(tx: Db, row: RequestRow): Promise<void> {
  const hook = handlerOf(row.kind).settle;
  if (hook) await hook(tx, await makerScope(tx, row), row.payload);
}

function ownRequest(lang: Language): string {
  return ruleError(lang, 'own_request').detail!;
}

/** The maker withdraws their pending request. */
export async function cancelRequest(db: Db, events: EventBus, caller: Caller, id: number) {
  const row = await db.transaction(async (tx) => {
    const row = await lockRequest(tx, caller, id);
    if (row.makerId !== caller.userId) {
      if (!mayDecide(caller.grants, row.action, row.approver)) throw new ApiError(ErrorCode.NOT_FOUND);
      throw new ApiError(ErrorCode.FORBIDDEN, null, ruleError(caller.lang, 'only_maker_cancels').detail);
    }
    if (row.status !== 'pending') throw ruleError(caller.lang, 'already_decided', { status: row.status });
    const [cancelled] = await tx
      .update(approvalRequests)
      .set({ status: 'cancelled', decidedAt: new Date(), updatedAt: new Date() })
      .where(eq(approvalRequests.id, row.id))
      .returning();
    await settle(tx, row);
    await logChange(
      tx,
      { ...caller, productId: row.productId },
      {
        action: 'cancel',
        targetType: 'approval_request',
        targetId: row.id,
        targetName: `${row.kind} ${row.targetName}`,
        before: { status: row.status },
        after: { status: 'cancelled' },
      },
    );
    return cancelled!;
  });
  announce(events, row);
  return toDetail(row, caller);
}

/** `?mine=1`: what the caller asked for; otherwise what they may decide (`status=pending`: to decide now). */
export async function listRequests(
  db: Db,
  caller: Caller,
  query: z.output<typeof approvalListQuery>,
): Promise<ListPage<ApprovalRequest>> {
  const where = and(
    eq(approvalRequests.cpId, caller.cpId),
    query.mine
      ? eq(approvalRequests.makerId, caller.userId)
      : and(ne(approvalRequests.makerId, caller.userId), decidableBy(caller)),
    query.status ? eq(approvalRequests.status, query.status) : undefined,
    query.kind ? eq(approvalRequests.kind, query.kind) : undefined,
  );
  const order = sortOrder(
    query.sort,
    {
      created_at: approvalRequests.createdAt,
      id: approvalRequests.id,
      status: approvalRequests.status,
      decided_at: approvalRequests.decidedAt,
    },
    '-created_at',
    approvalRequests.id,
    caller.lang,
  );
  return listRows(db, approvalRequests, where, order, query, (rows) =>
    rows.map((row) => toItem(row, caller)),
  );
}

/** One request with its before/after: for its maker, who may decide it, and admins. */
export async function getRequest(db: Db, caller: Caller, id: number): Promise<ApprovalRequestDetail> {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.cpId, caller.cpId)));
  if (!row || (row.makerId !== caller.userId && !mayDecide(caller.grants, row.action, row.approver)))
    throw new ApiError(ErrorCode.NOT_FOUND);
  const reader = { ...(await makerScope(db, row)), lang: caller.lang };
  return { ...toDetail(row, caller), subject: await describeRequest(db, row.kind, reader, row.payload) };
}

function toPolicy(row: PolicyRow): ApprovalPolicy {
  return {
    id: row.id,
    action: row.action,
    product_id: row.productId,
    threshold: row.threshold,
    value_threshold: row.valueThreshold,
    reason_required: row.reasonRequired,
    approver: row.approver,
    enabled: row.enabled,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getPolicies(db: Db, scope: Scope): Promise<ApprovalPolicies> {
  const rows = await db
    .select()
    .from(approvalPolicies)
    .where(eq(approvalPolicies.cpId, scope.cpId))
    .orderBy(approvalPolicies.action, approvalPolicies.id);
  return {
    list: rows.map(toPolicy),
    actions: [...APPROVAL_ACTIONS],
    valued_actions: [...VALUED_APPROVAL_ACTIONS],
    version: policiesVersion(rows),
  };
}

/**
 * The list's version: a save replaces every row, so new ids (and their times) mean a new version;
 * an empty list has one version of its own.
 */
function policiesVersion(rows: PolicyRow[]): string {
  const ids = rows.map((row) => `${row.id}@${row.updatedAt.toISOString()}`).sort();
  return createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 16);
}

/** The kind of a change of the policies (decided by a second admin: `policyChangeRule`). */
export const POLICY_CHANGE = 'approval_policies.update';

type PoliciesBody = z.output<typeof approvalPoliciesBody>;

/**
 * Asks to replace the CP's policies (one per action and product; products must be the CP's). A
 * second admin decides where the CP has one. Refused while the caller has pending requests under a
 * policy the change would loosen or drop: a policy change never releases its author's own request.
 */
export async function putPolicies(
  db: Db,
  events: EventBus,
  scope: Scope,
  body: PoliciesBody,
): Promise<ApprovalPolicies | { approval: ApprovalRequest }> {
  const problems = new FieldProblems(scope.lang);
  const seen = new Set<string>();
  body.policies.forEach((p, i) => {
    const key = `${p.action}:${p.product_id ?? ''}`;
    if (seen.has(key)) problems.add(`policies.${i}.action`, 'duplicate_item');
    seen.add(key);
    // A value threshold only means something where the changes carry a value.
    if (p.value_threshold !== null && !VALUED_APPROVAL_ACTIONS.includes(p.action))
      problems.add(`policies.${i}.value_threshold`, 'invalid');
  });
  const wanted = [
    ...new Set(body.policies.map((p) => p.product_id).filter((id): id is number => id !== null)),
  ];
  if (wanted.length) {
    const ours = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.cpId, scope.cpId), inArray(products.id, wanted)));
    const known = new Set(ours.map((p) => p.id));
    body.policies.forEach((p, i) => {
      if (p.product_id !== null && !known.has(p.product_id))
        problems.add(`policies.${i}.product_id`, 'unknown_ref');
    });
  }
  problems.throwIfAny();
  const current = await getPolicies(db, scope);
  // A list saved by someone else meanwhile is a conflict first, whatever else the change would do.
  if (body.version !== undefined && body.version !== current.version) throw new ApiError(ErrorCode.CONFLICT);
  await refuseReleasingOwn(db, scope, current.list, body);
  const outcome = await submitChange<PoliciesBody>(db, events, scope, {
    kind: POLICY_CHANGE,
    amount: null,
    reason: '',
    target: { type: 'approval_policy', id: '', name: `${body.policies.length}` },
    before: current.list,
    after: body.policies,
    payload: body,
  });
  return outcome.applied ? (outcome.result as ApprovalPolicies) : { approval: outcome.request };
}

/** 422001 (own_pending) when the caller has a pending request of an action whose policy this loosens or drops. */
async function refuseReleasingOwn(db: Db, scope: Scope, before: ApprovalPolicy[], body: PoliciesBody) {
  const same = (a: ApprovalPolicy, b: PoliciesBody['policies'][number]) =>
    a.enabled === b.enabled &&
    a.threshold === b.threshold &&
    a.value_threshold === b.value_threshold &&
    a.approver === b.approver;
  const loosened = before
    .filter((old) => {
      const next = body.policies.find((p) => p.action === old.action && p.product_id === old.product_id);
      return old.enabled && (!next || !same(old, next));
    })
    .map((old) => old.action);
  if (!loosened.length) return;
  const [pending] = await db
    .select({ id: approvalRequests.id })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.cpId, scope.cpId),
        eq(approvalRequests.makerId, scope.userId),
        eq(approvalRequests.status, 'pending'),
        inArray(approvalRequests.action, loosened),
      ),
    )
    .limit(1);
  if (pending) throw ruleError(scope.lang, 'own_pending', { request_id: pending.id });
}

/** Replaces the CP's policies (the apply of an approved or direct policy change). */
export async function replacePolicies(tx: Db, scope: Scope, body: PoliciesBody): Promise<ApprovalPolicies> {
  // Saves of one CP's policies take turns, so two cannot both pass the version check.
  await tx.select({ id: cps.id }).from(cps).where(eq(cps.id, scope.cpId)).for('update');
  const before = await getPolicies(tx, scope);
  if (body.version !== undefined && body.version !== before.version) throw new ApiError(ErrorCode.CONFLICT);
  await tx.delete(approvalPolicies).where(eq(approvalPolicies.cpId, scope.cpId));
  if (body.policies.length) {
    await tx.insert(approvalPolicies).values(
      body.policies.map((p) => ({
        cpId: scope.cpId,
        action: p.action,
        productId: p.product_id,
        threshold: p.threshold,
        valueThreshold: p.value_threshold,
        reasonRequired: p.reason_required,
        approver: p.approver,
        enabled: p.enabled,
      })),
    );
  }
  const after = await getPolicies(tx, scope);
  await logChange(
    tx,
    { ...scope, productId: null },
    {
      action: 'update',
      targetType: 'approval_policy',
      targetName: `${after.list.length}`,
      before: before.list,
      after: after.list,
    },
  );
  return after;
}

/**
 * Answers a change that became a pending request (`{ approval }` with status pending) with HTTP
 * 202 instead of 200; register it in the plugin of the routes that may ask.
 */
export function answerPendingWith202(app: FastifyInstance): void {
  app.addHook('preSerialization', async (_request, reply, payload) => {
    const data = (payload as { data?: { approval?: { status?: string } } } | null)?.data;
    if (reply.statusCode === 200 && data?.approval?.status === 'pending') reply.code(202);
    return payload;
  });
}

/** How many requests of the CP wait for the caller's decision (the approvals page's pending list). */
export async function pendingToDecide(
  db: Db,
  caller: { cpId: number; userId: number; grants: UserGrants },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.cpId, caller.cpId),
        eq(approvalRequests.status, 'pending'),
        ne(approvalRequests.makerId, caller.userId),
        decidableBy(caller),
      ),
    );
  return row?.n ?? 0;
}
