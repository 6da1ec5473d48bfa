import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  ErrorCode,
  FALLBACK_LANGUAGE,
  refundBulkBody,
  refundNoticesBody,
  refundOrderParam,
  refundParam,
  refundPenaliseBody,
  refundReasonBody,
  refundTotalsQuery,
  refundsResource,
  REFUND_EXPORT_COLUMNS,
  type Language,
  type Translated,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { approvalPolicies } from '../approvals/tables.ts';
import type { ProductScope, Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { EventBus } from '../../lib/events.ts';
import type { JobRunner } from '../../lib/jobs/index.ts';
import { ok } from '../../lib/request.ts';
import { queryRoutes } from '../../lib/resource-routes.ts';
import { can, GAME, scopeOf } from '../../lib/route-access.ts';
import { registerApprovalAction, submitChange } from '../approvals/index.ts';
import { deliverSanction, insertSanction, scheduleSanctionEnd } from '../sanctions/index.ts';
import { pollStore } from './poll.ts';
import { CLAWBACK_JOB } from './work.ts';
import {
  CLAWABLE,
  addEvent,
  attemptClawback,
  ingestNotices,
  listRefunds,
  refundBatch,
  lockRefund,
  logRefund,
  refundById,
  refundByOrder,
  refundDetail,
  refundTotals,
  toItem,
  type RefundRow,
} from './service.ts';
import { refunds } from './tables.ts';

const WAIVABLE: readonly string[] = ['matched', 'debt'];
const PENALISABLE: readonly string[] = ['clawed_back', 'debt'];

/** Refusals of this module, in the caller's language (422001). */
const RULES = {
  state: {
    zh: '该退款当前状态不允许此操作',
    en: 'This refund is not in a state that allows this action',
    ja: 'この返金の現在の状態ではこの操作はできません',
    th: 'สถานะปัจจุบันของการคืนเงินนี้ไม่อนุญาตให้ทำรายการนี้',
    vi: 'Trạng thái hiện tại của khoản hoàn tiền này không cho phép thao tác này',
    tl: 'Hindi pinapayagan ng kasalukuyang estado ng refund na ito ang aksyong ito',
    id: 'Status refund ini tidak mengizinkan tindakan ini',
    ar: 'حالة هذا الاسترداد لا تسمح بهذا الإجراء',
    tc: '該退款目前狀態不允許此操作',
  },
  policy: {
    zh: '豁免需要第二人审批：请先为“退款”启用审批策略',
    en: 'A waiver needs a second person: enable an approval policy for refunds first',
    ja: '免除には第二の承認者が必要です。先に返金の承認ポリシーを有効にしてください',
    th: 'การยกเว้นต้องมีผู้อนุมัติคนที่สอง: เปิดใช้นโยบายการอนุมัติสำหรับการคืนเงินก่อน',
    vi: 'Miễn trừ cần người thứ hai duyệt: hãy bật chính sách phê duyệt cho hoàn tiền trước',
    tl: 'Kailangan ng pangalawang tao para sa pagpapaumanhin: buksan muna ang patakaran ng pag-apruba para sa mga refund',
    id: 'Pembebasan memerlukan orang kedua: aktifkan dulu kebijakan persetujuan untuk refund',
    ar: 'يتطلب الإعفاء موافقة شخص ثانٍ: فعّل أولاً سياسة موافقة للمبالغ المستردة',
    tc: '豁免需要第二人審批：請先為「退款」啟用審批策略',
  },
  admin: {
    zh: '仅管理员可立即拉取',
    en: 'Only an admin may poll the store now',
    ja: '今すぐ取得できるのは管理者のみです',
    th: 'เฉพาะผู้ดูแลระบบเท่านั้นที่ดึงข้อมูลได้ทันที',
    vi: 'Chỉ quản trị viên mới có thể lấy dữ liệu ngay',
    tl: 'Ang admin lamang ang maaaring kumuha mula sa tindahan ngayon',
    id: 'Hanya admin yang dapat menarik data sekarang',
    ar: 'يمكن للمسؤول فقط السحب من المتجر الآن',
    tc: '僅管理員可立即拉取',
  },
} satisfies Record<string, Translated>;

function refuse(
  lang: Language,
  key: keyof typeof RULES,
  code: ApiError['code'] = ErrorCode.BUSINESS_RULE,
): ApiError {
  return new ApiError(code, null, RULES[key][lang] || RULES[key][FALLBACK_LANGUAGE]);
}

interface WaivePayload {
  id: number;
  version: number;
  reason: string;
}

const actor = (scope: Scope) => ({ userId: scope.userId, username: scope.username });

/**
 * Refunds: the console's list, totals, detail and actions (`/api/v1/refunds`), the claw-back retry
 * and bulk job, the store poll (every 15 minutes, and "poll now" for admins) and the waiver's approval.
 */
export async function refundRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const runner: JobRunner = fastify.jobs;
  const events: EventBus = fastify.events;
  const tags = ['refunds'];
  const resource = refundsResource;
  const path = `/${resource.name}`;

  registerApprovalAction<WaivePayload>('refunds.waive', {
    apply: async (tx, maker, payload) => {
      const row = await lockRefund(tx, maker as ProductScope, payload.id);
      if (!WAIVABLE.includes(row.state)) throw refuse(maker.lang, 'state');
      const [next] = await tx
        .update(refunds)
        .set({
          state: 'waived',
          approvalId: null,
          version: sql`${refunds.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(refunds.id, row.id))
        .returning();
      await addEvent(tx, row.id, 'waived', actor(maker), payload.reason, { approval_id: row.approvalId });
      await logRefund(tx, maker as ProductScope, row, next!);
      return next;
    },
    settle: async (tx, maker, payload) => {
      const [row] = await tx.select().from(refunds).where(eq(refunds.id, payload.id)).for('update');
      if (!row || row.approvalId === null) return;
      await tx
        .update(refunds)
        .set({ approvalId: null, version: sql`${refunds.version} + 1`, updatedAt: new Date() })
        .where(eq(refunds.id, row.id));
      await addEvent(tx, row.id, 'waive_rejected', actor(maker), '', { approval_id: row.approvalId });
    },
  });

  queryRoutes(
    fastify,
    db,
    resource,
    {
      list: listRefunds,
      batch: refundBatch,
    },
    {
      summary: 'Refunds, filtered and paged',
      exporter: { headers: REFUND_EXPORT_COLUMNS },
    },
  );
  app.get(
    `${path}/totals`,
    {
      schema: {
        tags,
        summary: 'Refunds per day (UTC) and store: count and amount per currency',
        querystring: refundTotalsQuery,
      },
      config: can(resource, 'read'),
    },
    async (request) => ok(await refundTotals(db, scopeOf(request) as ProductScope, request.query)),
  );
  app.get(
    `${path}/by-order/:order_no`,
    {
      schema: {
        tags,
        summary: "An order's latest refund with its timeline, delivered items and ledger",
        params: refundOrderParam,
      },
      config: can(resource, 'read'),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      return ok(await refundDetail(db, scope, await refundByOrder(db, scope, request.params.order_no)));
    },
  );
  app.get(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: 'A refund with its timeline, delivered items and ledger',
        params: refundParam,
      },
      config: can(resource, 'read'),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      return ok(await refundDetail(db, scope, await refundById(db, scope, request.params.id)));
    },
  );

  /** Starts a retry job for a claw-back that did not reach the game; the refund waits in clawback_pending. */
  async function retryLater(scope: ProductScope, row: RefundRow, error: string): Promise<RefundRow> {
    const pending = await db.transaction(async (tx) => {
      const current = await lockRefund(tx, scope, row.id);
      const [next] = await tx
        .update(refunds)
        .set({ state: 'clawback_pending', version: sql`${refunds.version} + 1`, updatedAt: new Date() })
        .where(eq(refunds.id, row.id))
        .returning();
      await addEvent(tx, row.id, 'clawback_failed', actor(scope), '', { error });
      await logRefund(tx, scope, current, next!);
      return next!;
    });
    const jobId = await runner.create(
      CLAWBACK_JOB,
      { cpId: scope.cpId, productId: scope.productId, userId: scope.userId, username: scope.username },
      { items: [{ id: row.id }], params: { retry: true } },
    );
    const [withJob] = await db
      .update(refunds)
      .set({ retryJobId: jobId })
      .where(eq(refunds.id, row.id))
      .returning();
    return withJob ?? pending;
  }

  app.post(
    `${path}/:id/claw-back`,
    {
      schema: {
        tags,
        summary:
          'Take back what was delivered for the order (a debt when the balance is short); a timeout is retried by a job',
        params: refundParam,
        body: refundReasonBody.pick({ version: true }),
      },
      config: can(resource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      const before = await refundById(db, scope, request.params.id);
      if (before.version !== request.body.version) throw new ApiError(ErrorCode.CONFLICT);
      if (!CLAWABLE.includes(before.state)) throw refuse(scope.lang, 'state');
      try {
        const row = await db.transaction(async (tx) => {
          const current = await lockRefund(tx, scope, before.id);
          if (current.version !== request.body.version) throw new ApiError(ErrorCode.CONFLICT);
          if (!CLAWABLE.includes(current.state)) throw refuse(scope.lang, 'state');
          const next = await attemptClawback(fastify.outside, tx, current, actor(scope));
          await logRefund(tx, scope, current, next);
          return next;
        });
        return ok(toItem(row));
      } catch (error) {
        if (error instanceof ApiError) throw error;
        return ok(
          toItem(await retryLater(scope, before, error instanceof Error ? error.message : String(error))),
        );
      }
    },
  );

  app.post(
    `${path}/claw-back`,
    {
      schema: {
        tags,
        summary: 'Claw back the selected refunds as a job with per-item results',
        body: refundBulkBody,
      },
      config: can(resource, 'update'),
    },
    async (request, reply) => {
      const scope = scopeOf(request) as ProductScope;
      const ids = [...new Set(request.body.ids)];
      const found = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.productId, scope.productId), inArray(refunds.id, ids)));
      if (found.length !== ids.length) throw new ApiError(ErrorCode.NOT_FOUND);
      const jobId = await runner.create(
        CLAWBACK_JOB,
        { cpId: scope.cpId, productId: scope.productId, userId: scope.userId, username: scope.username },
        { items: ids.map((id) => ({ id })), params: { bulk: true } },
      );
      reply.code(202);
      return ok({ job_id: jobId, count: ids.length });
    },
  );

  app.post(
    `${path}/:id/penalise`,
    {
      schema: {
        tags,
        summary:
          "Restrict the player's account after a claw-back: a payment ban or an account ban, with a reason",
        params: refundParam,
        body: refundPenaliseBody,
      },
      config: can(resource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      const body = request.body;
      const { row, sanction } = await db.transaction(async (tx) => {
        const current = await lockRefund(tx, scope, request.params.id);
        if (current.version !== body.version) throw new ApiError(ErrorCode.CONFLICT);
        if (!PENALISABLE.includes(current.state) || current.playerId === null)
          throw refuse(scope.lang, 'state');
        const sanction = await insertSanction(
          tx,
          scope,
          { id: Number(current.playerId), openid: current.openid },
          {
            kind: body.kind === 'payment' ? 'feature' : 'account',
            feature: body.kind === 'payment' ? 'payment' : undefined,
            endsAt: body.days ? new Date(Date.now() + body.days * 86_400_000) : null,
            reason: body.reason,
          },
        );
        const [next] = await tx
          .update(refunds)
          .set({
            state: 'penalised',
            sanctionId: sanction.id,
            version: sql`${refunds.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(refunds.id, current.id))
          .returning();
        await addEvent(tx, current.id, 'penalised', actor(scope), body.reason, {
          sanction_id: sanction.id,
          kind: body.kind,
          days: body.days ?? null,
        });
        await logRefund(tx, scope, current, next!);
        return { row: next!, sanction };
      });
      await scheduleSanctionEnd(runner, sanction);
      await deliverSanction(fastify, db, sanction, scope);
      return ok(toItem(row));
    },
  );

  app.post(
    `${path}/:id/waive`,
    {
      schema: {
        tags,
        summary: 'Ask to waive the claw-back (what is still owed): always waits for a second person',
        params: refundParam,
        body: refundReasonBody,
      },
      config: can(resource, 'update'),
    },
    async (request, reply) => {
      const scope = scopeOf(request) as ProductScope;
      const body = request.body;
      const current = await refundById(db, scope, request.params.id);
      if (current.version !== body.version) throw new ApiError(ErrorCode.CONFLICT);
      if (!WAIVABLE.includes(current.state) || current.approvalId !== null) throw refuse(scope.lang, 'state');
      // The waiver needs a second person: without an approval policy for refunds it is refused.
      const [policy] = await db
        .select({ id: approvalPolicies.id })
        .from(approvalPolicies)
        .where(
          and(
            eq(approvalPolicies.cpId, scope.cpId),
            eq(approvalPolicies.action, resource.permissions.approve),
            eq(approvalPolicies.enabled, true),
            or(isNull(approvalPolicies.productId), eq(approvalPolicies.productId, scope.productId)),
          ),
        );
      if (!policy) throw refuse(scope.lang, 'policy');
      const outcome = await submitChange<WaivePayload>(db, events, scope, {
        kind: 'refunds.waive',
        amount: Number(current.amount),
        reason: body.reason,
        target: { type: 'refund', id: current.id, name: `${current.orderNo} · ${current.openid}` },
        before: { state: current.state, owed: toItem(current).owed },
        after: { state: 'waived' },
        payload: { id: current.id, version: current.version, reason: body.reason },
      });
      if (outcome.applied) return ok(toItem(outcome.result as RefundRow));
      const row = await db.transaction(async (tx) => {
        const locked = await lockRefund(tx, scope, current.id);
        const [next] = await tx
          .update(refunds)
          .set({
            approvalId: outcome.request.id,
            version: sql`${refunds.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(refunds.id, locked.id))
          .returning();
        await addEvent(tx, locked.id, 'waive_asked', actor(scope), body.reason, {
          approval_id: outcome.request.id,
        });
        return next!;
      });
      reply.code(202);
      return ok({ approval: outcome.request, refund: toItem(row) });
    },
  );

  app.post(
    `${path}/poll`,
    {
      schema: { tags, summary: "Poll the store's voided purchases now (admins)" },
      config: can(resource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      if (!scope.isAdmin) throw refuse(scope.lang, 'admin', ErrorCode.FORBIDDEN);
      return ok(await pollStore(fastify.outside, db, scope.cpId, scope.productId));
    },
  );
}

/** `POST /api/game/v1/refund-notices` on the game API's signed plugin: store refund notices (≤ 100). */
export function refundGameRoutes(fastify: FastifyInstance, { db }: { db: Db }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/refund-notices',
    {
      schema: {
        tags: ['game-api'],
        summary:
          'Report store refund notices (up to 100; idempotent by notice id); each is matched to its order',
        body: refundNoticesBody,
      },
      config: GAME,
    },
    async (request) => {
      const caller = request.gameCaller!;
      return ok({ results: await ingestNotices(db, caller, request.body.notices) });
    },
  );
}
