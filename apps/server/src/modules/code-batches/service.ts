import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  checkBatchRules,
  CODE_BATCH_LIFECYCLE,
  codeBatchResource,
  type ApprovalSubject,
  type CodeBatch,
  type CodeBatchAction,
  type CodeBatchStatus,
  type codeBatchCreateBody,
  textFor,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import type { EventBus } from '../../lib/events.ts';
import type { JobRunner } from '../../lib/jobs/index.ts';
import { illegalMove, mappingOf, moveRow, planMove } from '../../lib/lifecycle.ts';
import { contains } from '../../lib/list.ts';
import { FieldProblems } from '../../lib/problems.ts';
import { checkReferences } from '../../lib/references.ts';
import type { ResourceImpl } from '../../lib/resource-routes.ts';
import { rowInScope } from '../../lib/scope.ts';
import { findOr404 } from '../../lib/versioned.ts';
import { registerApprovalAction, submitChange } from '../approvals/index.ts';
import { giftPackages } from '../gift-packages/tables.ts';
import { props } from '../props/index.ts';
import { chunksOf, type ChunkInput } from './generate.ts';
import { codeBatches, codes } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof codeBatches.$inferSelect;
export type BatchInput = z.output<typeof codeBatchCreateBody>;

export const GENERATE_JOB = 'code_batches.generate';
export const EXPIRE_TASK = 'code_batches.expire';

export function toBatch(row: Row): CodeBatch {
  return {
    id: row.id,
    product_id: row.productId,
    name: row.name,
    kind: row.kind,
    keyword: row.keyword,
    prefix: row.prefix,
    length: row.length,
    quantity: row.quantity,
    gift_package_id: row.giftPackageId,
    start_at: row.startAt.toISOString(),
    end_at: row.endAt.toISOString(),
    total_limit: row.totalLimit,
    per_code_limit: row.perCodeLimit,
    per_player_limit: row.perPlayerLimit,
    group_key: row.groupKey,
    note: row.note,
    status: row.status,
    generated: row.generated,
    generating: row.status === 'active' && row.kind === 'unique' && row.generated < row.quantity,
    redeemed: row.redeemed,
    job_id: row.jobId,
    created_by: row.createdBy,
    ...stamps(row),
  };
}

/** Batches on the shared lifecycle (contracts' `CODE_BATCH_LIFECYCLE`); `to`: an action's own status. */
const statesTo = (to?: CodeBatchStatus) => mappingOf(CODE_BATCH_LIFECYCLE, to);

/** A complete draft's rules (on merged edits too), and the reward: an active gift usable in codes. */
async function check(db: Db, scope: Scope, input: Partial<BatchInput>, before?: Row): Promise<void> {
  // Only a draft is edited; what went out is moved by the actions (and voided, not changed).
  if (before && before.status !== 'draft')
    throw illegalMove(scope, CODE_BATCH_LIFECYCLE.stateOf(before.status), 'update');
  const merged = { ...(before ? toBatch(before) : {}), ...input } as BatchInput;
  const problems = new FieldProblems(scope.lang);
  checkBatchRules(merged, {
    addIssue: (issue: { path?: PropertyKey[]; params?: { key?: string }; minimum?: unknown }) => {
      const field = String(issue.path?.[0] ?? '_');
      if (issue.params?.key === 'end_before_start') problems.add(field, 'end_before_start');
      else if (issue.minimum !== undefined) problems.add(field, 'too_small', { min: Number(issue.minimum) });
      else problems.add(field, 'required');
    },
  } as unknown as z.RefinementCtx);
  if (input.gift_package_id !== undefined && input.gift_package_id !== before?.giftPackageId) {
    await checkReferences(
      db,
      scope,
      problems,
      giftPackages,
      [{ field: 'gift_package_id', id: input.gift_package_id }],
      {
        usable: (gift: { status: string; usableIn: string[] }) =>
          gift.status === 'active' && gift.usableIn.includes('codes'),
      },
    );
  }
  problems.throwIfAny();
}

const time = (value: string | undefined) => (value === undefined ? undefined : new Date(value));

export const batchImpl: ResourceImpl<typeof codeBatchResource, typeof codeBatches, CodeBatch, null> = {
  table: codeBatches,
  toItem: toBatch,
  nameOf: (row) => row.name,
  where: (f) => [
    f.q ? contains(codeBatches.name, f.q) : undefined,
    f.status ? eq(codeBatches.status, f.status) : undefined,
    f.kind ? eq(codeBatches.kind, f.kind) : undefined,
    f.gift_package_id ? eq(codeBatches.giftPackageId, f.gift_package_id) : undefined,
  ],
  columns: (input) => ({
    name: input.name,
    kind: input.kind,
    keyword: input.keyword,
    prefix: input.prefix,
    length: input.length,
    quantity: input.quantity,
    giftPackageId: input.gift_package_id,
    startAt: time(input.start_at),
    endAt: time(input.end_at),
    totalLimit: input.total_limit,
    perCodeLimit: input.per_code_limit,
    perPlayerLimit: input.per_player_limit,
    groupKey: input.group_key,
    note: input.note,
  }),
  check,
  // Only a draft is deleted; a batch that went out is voided instead (its redemptions stay).
  usage: async (_db, _scope, row) =>
    row.status === 'draft' ? [] : [{ type: 'redemption', count: row.redeemed }],
  disable: {
    isDisabled: (row) => row.status === 'voided' || row.status === 'expired',
    set: { status: 'voided' },
  },
};

const target = (scope: Scope, id: number) => rowInScope(codeBatches, scope, id);
const log = { targetType: codeBatchResource.logTarget, name: (row: Row) => row.name, item: toBatch };

/**
 * What a batch needs when it goes active: its keyword as its one code (in the same transaction),
 * or (unique codes) the generation job and the expiry at its end time, started after the commit.
 */
async function goActive(tx: Db, scope: Scope, id: number, action: 'approve' | 'publish'): Promise<Row> {
  const row = await moveRow(tx, scope, {
    table: codeBatches,
    target: target(scope, id),
    state: codeBatches.status,
    action,
    mapping: statesTo(),
    log,
  });
  if (row.kind === 'keyword') {
    await tx
      .insert(codes)
      .values({ productId: row.productId, code: row.keyword, batchId: row.id, chunk: 0 })
      .onConflictDoNothing();
    const [made] = await tx
      .select()
      .from(codes)
      .where(and(eq(codes.productId, row.productId), eq(codes.code, row.keyword)));
    if (made?.batchId !== row.id) {
      new FieldProblems(scope.lang).add('keyword', 'taken').throwIfAny();
    }
    await tx.update(codeBatches).set({ generated: 1 }).where(eq(codeBatches.id, row.id));
  }
  return row;
}

/** Starts the generation job once (a unique batch without one) and plans the expiry. */
export async function afterActive(
  db: Db,
  jobs: JobRunner,
  batchId: number,
  owner: Scope | null,
): Promise<void> {
  const [row] = await db.select().from(codeBatches).where(eq(codeBatches.id, batchId));
  if (!row) return;
  await planMove(jobs, {
    task: EXPIRE_TASK,
    rowKey: `code_batch:${row.id}`,
    action: 'end',
    at: row.endAt,
    payload: { id: row.id },
  });
  if (row.kind !== 'unique' || row.jobId !== null) return;
  const items: ChunkInput[] = chunksOf(row.quantity).map(({ chunk, count }) => ({
    batch_id: row.id,
    product_id: row.productId,
    chunk,
    count,
    length: row.length,
    prefix: row.prefix,
  }));
  const jobId = await jobs.create(
    GENERATE_JOB,
    {
      cpId: row.cpId,
      productId: row.productId,
      userId: owner?.userId ?? null,
      username: owner?.username ?? '',
    },
    { items, params: { batch_id: row.id, name: row.name }, total: items.length },
  );
  await db
    .update(codeBatches)
    .set({ jobId })
    .where(and(eq(codeBatches.id, row.id), sql`${codeBatches.jobId} is null`));
}

interface ActivatePayload {
  id: number;
}

/** Registers what an approved activation does; `after` runs once it committed (the job, the expiry). */
export function registerBatchApprovals(after: (maker: Scope, id: number) => void): void {
  registerApprovalAction<ActivatePayload>('code_batches.activate', {
    apply: async (tx, maker, p) => toBatch(await goActive(tx, maker, p.id, 'approve')),
    afterApply: (maker, p) => after(maker, p.id),
    describe: (db, reader, p) => describeBatch(db, reader, p.id),
    // Rejected, withdrawn through the approvals page, or failed: the batch is a draft again.
    settle: async (tx, maker, p) => {
      const [row] = await tx.select().from(codeBatches).where(target(maker, p.id)).for('update');
      if (row?.status !== 'pending_approval') return;
      await moveRow(tx, maker, {
        table: codeBatches,
        target: target(maker, p.id),
        state: codeBatches.status,
        action: 'reject',
        mapping: statesTo(),
        log,
      });
    },
  });
}

/** The number the approval policy's threshold is compared with: the codes a batch puts out. */
function amountOf(row: Row): number {
  if (row.kind === 'unique') return row.quantity;
  return row.totalLimit > 0 ? row.totalLimit : 1_000_000;
}

/** Moves a batch by a console action; answers the batch, or `{ approval }` when it waits for one. */
export async function act(
  db: Db,
  events: EventBus,
  jobs: JobRunner,
  scope: Scope,
  id: number,
  action: CodeBatchAction,
  body: { version: number; reason?: string },
): Promise<CodeBatch | { approval: unknown }> {
  const move = (tx: Db, lifecycle: 'submit' | 'recall' | 'publish' | 'end') =>
    moveRow(tx, scope, {
      table: codeBatches,
      target: target(scope, id),
      state: codeBatches.status,
      action: lifecycle,
      version: body.version,
      mapping: statesTo(CODE_BATCH_LIFECYCLE.actions[action].to),
      log,
    });
  const current = await findOr404(db, codeBatches, target(scope, id));
  if (!CODE_BATCH_LIFECYCLE.actions[action].from.includes(current.status)) {
    const { stateOf, actionsFrom } = CODE_BATCH_LIFECYCLE;
    throw illegalMove(scope, stateOf(current.status), action, actionsFrom(current.status));
  }
  switch (action) {
    case 'submit': {
      // Pending first, so an approval always finds it pending; a policy that needs none approves at once.
      const pending = await db.transaction((tx) => move(tx, 'submit'));
      let outcome: Awaited<ReturnType<typeof submitChange>>;
      try {
        outcome = await submitChange<ActivatePayload>(db, events, scope, {
          kind: 'code_batches.activate',
          amount: amountOf(pending),
          reason: body.reason ?? '',
          target: { type: codeBatchResource.logTarget, id, name: pending.name },
          before: null,
          after: toBatch(pending),
          payload: { id },
        });
      } catch (error) {
        await db.transaction((tx) =>
          moveRow(tx, scope, {
            table: codeBatches,
            target: target(scope, id),
            state: codeBatches.status,
            action: 'recall',
            mapping: statesTo(),
            log,
          }),
        );
        throw error;
      }
      if (!outcome.applied) return { approval: outcome.request };
      await afterActive(db, jobs, id, scope);
      return toBatch(await findOr404(db, codeBatches, target(scope, id)));
    }
    case 'withdraw':
      return toBatch(await db.transaction((tx) => move(tx, 'recall')));
    case 'activate': {
      const row = await db.transaction((tx) => move(tx, 'publish'));
      await afterActive(db, jobs, id, scope);
      return toBatch(row);
    }
    case 'deactivate':
      return toBatch(await db.transaction((tx) => move(tx, 'recall')));
    case 'void': {
      const row = await db.transaction((tx) => move(tx, 'end'));
      if (row.jobId !== null) await jobs.cancel(row.jobId);
      await planMove(jobs, {
        task: EXPIRE_TASK,
        rowKey: `code_batch:${id}`,
        action: 'end',
        at: null,
        payload: null,
      });
      return toBatch(row);
    }
  }
}

/** The scheduler's expiry at the end time (active or off → expired; nothing else moves). */
export async function expireBatch(tx: Db, id: number): Promise<void> {
  const [row] = await tx.select().from(codeBatches).where(eq(codeBatches.id, id));
  if (!row || !['active', 'off'].includes(row.status)) return;
  const system: Scope = {
    cpId: row.cpId,
    productId: row.productId,
    userId: null as unknown as number,
    username: 'system',
    ip: '',
    lang: 'en',
    isAdmin: true,
  };
  await moveRow(tx, system, {
    table: codeBatches,
    target: and(eq(codeBatches.id, id), inArray(codeBatches.status, ['active', 'off']))!,
    state: codeBatches.status,
    action: 'end',
    mapping: statesTo(),
    log,
  });
}

/**
 * A batch as the approver knows it (issue 27): its name, kind, reward (the gift package and its
 * contents by name), how many codes, its window and limits, and a link to it in the batch list.
 */
export async function describeBatch(db: Db, reader: Scope, id: number): Promise<ApprovalSubject | null> {
  const [row] = await db.select().from(codeBatches).where(target(reader, id));
  if (!row) return null;
  const lang = reader.lang;
  const named = (name: Partial<Record<string, string>>) =>
    textFor(name, lang) || Object.values(name).find(Boolean) || '';
  const [gift] = await db.select().from(giftPackages).where(eq(giftPackages.id, row.giftPackageId));
  const contents = (gift?.contents ?? []) as { prop_id: number; quantity: number }[];
  const propNames = contents.length
    ? new Map(
        (
          await db
            .select({ id: props.id, name: props.name })
            .from(props)
            .where(
              and(
                eq(props.productId, row.productId),
                inArray(
                  props.id,
                  contents.map((c) => c.prop_id),
                ),
              ),
            )
        ).map((p) => [p.id, named(p.name)]),
      )
    : new Map<number, string>();
  return {
    link: `${codeBatchResource.page}?q=${encodeURIComponent(row.name)}`,
    fields: [
      { key: 'name', text: row.name },
      { key: 'batch_kind', text: row.kind === 'unique' ? row.prefix : row.keyword },
      { key: 'gift', text: gift ? named(gift.name) : `#${row.giftPackageId}` },
      {
        key: 'reward',
        list: contents.map(
          (c) => `${propNames.get(c.prop_id) ?? `#${c.prop_id}`} × ${c.quantity.toLocaleString('en')}`,
        ),
      },
      { key: 'codes', number: amountOf(row) },
      { key: 'per_player_limit', number: row.perPlayerLimit },
      { key: 'start_at', time: row.startAt.toISOString() },
      { key: 'end_at', time: row.endAt.toISOString() },
    ],
  };
}
