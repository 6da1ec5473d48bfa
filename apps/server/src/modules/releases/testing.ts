import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import {
  MAX_CASES_PER_PLAN,
  idParam,
  testAccountsResource,
  testCaseCreateBody,
  testCaseParams,
  testCaseUpdateBody,
  testPlansResource,
  testRunBody,
  testRunListQuery,
  type TestAccount,
  type TestCase,
  type TestPlan,
  type TestProgress,
  type TestRun,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import type { EventBus } from '../../lib/events.ts';
import { containsAny } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, inTransaction, ruleError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import {
  listRoute,
  resourceRoutes,
  resourceService,
  rowReadRoute,
  type ResourceImpl,
} from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { rowInScope } from '../../lib/scope.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { openBug, tellAssignee } from './bugs.ts';
import { appReleases, testAccounts, testCases, testPlans, testRuns } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type PlanRow = typeof testPlans.$inferSelect;
type CaseRow = typeof testCases.$inferSelect;

const EMPTY: TestProgress = { cases: 0, pass: 0, fail: 0, blocked: 0, untested: 0 };

/** Each plan's cases by their latest run. */
async function progressOf(db: Db, planIds: number[]): Promise<Map<number, TestProgress>> {
  const out = new Map<number, TestProgress>(planIds.map((id) => [id, { ...EMPTY }]));
  if (planIds.length === 0) return out;
  const cases = await db
    .select({ planId: testCases.planId, n: count() })
    .from(testCases)
    .where(inArray(testCases.planId, planIds))
    .groupBy(testCases.planId);
  for (const row of cases) {
    const p = out.get(row.planId)!;
    p.cases = row.n;
    p.untested = row.n;
  }
  const latest = await db
    .selectDistinctOn([testRuns.caseId], { planId: testRuns.planId, result: testRuns.result })
    .from(testRuns)
    .where(inArray(testRuns.planId, planIds))
    .orderBy(testRuns.caseId, desc(testRuns.id));
  for (const row of latest) {
    const p = out.get(row.planId)!;
    p[row.result] += 1;
    p.untested -= 1;
  }
  return out;
}

function toPlan(row: PlanRow): TestPlan {
  return {
    id: row.id,
    name: row.name,
    release_id: row.releaseId,
    description: row.description,
    // Filled in by `complete`.
    platform: 'android',
    channel: '',
    version_name: '',
    version_code: 0,
    progress: { ...EMPTY },
    ...stamps(row),
  };
}

async function completePlans(db: Db, items: TestPlan[]): Promise<TestPlan[]> {
  if (items.length === 0) return items;
  const releases = new Map(
    (
      await db
        .select()
        .from(appReleases)
        .where(inArray(appReleases.id, [...new Set(items.map((p) => p.release_id))]))
    ).map((r) => [r.id, r]),
  );
  const progress = await progressOf(
    db,
    items.map((p) => p.id),
  );
  return items.map((p) => {
    const r = releases.get(p.release_id);
    return {
      ...p,
      platform: r?.platform ?? p.platform,
      channel: r?.channel ?? '',
      version_name: r?.versionName ?? '',
      version_code: r?.versionCode ?? 0,
      progress: progress.get(p.id) ?? { ...EMPTY },
    };
  });
}

export const testPlanImpl: ResourceImpl<typeof testPlansResource, typeof testPlans, TestPlan, null> = {
  table: testPlans,
  toItem: toPlan,
  complete: completePlans,
  nameOf: (row) => row.name,
  where: (f) => [
    containsAny(f.q, testPlans.name, testPlans.description),
    f.release_id ? eq(testPlans.releaseId, f.release_id) : undefined,
  ],
  columns: (input) => ({ name: input.name, releaseId: input.release_id, description: input.description }),
  immutable: ['release_id'],
  async check(db, scope, input) {
    if (input.release_id === undefined) return;
    const [found] = await db
      .select({ id: appReleases.id })
      .from(appReleases)
      .where(rowInScope(appReleases, scope, input.release_id));
    if (!found) {
      const problems = new FieldProblems(scope.lang);
      problems.add('release_id', 'unknown_ref');
      problems.throwIfAny();
    }
  },
  sheet: autoSheet<TestPlan>(testPlansResource),
};

const toAccount = (row: typeof testAccounts.$inferSelect): TestAccount => ({
  id: row.id,
  kind: row.kind,
  value: row.value,
  note: row.note,
  ...stamps(row),
});

export const testAccountImpl: ResourceImpl<
  typeof testAccountsResource,
  typeof testAccounts,
  TestAccount,
  null
> = {
  table: testAccounts,
  toItem: toAccount,
  nameOf: (row) => `${row.kind}:${row.value}`,
  where: (f) => [
    containsAny(f.q, testAccounts.value, testAccounts.note),
    f.kind ? eq(testAccounts.kind, f.kind) : undefined,
  ],
  columns: (input) => ({ kind: input.kind, value: input.value, note: input.note }),
  unique: { test_accounts_product_value: 'value' },
  sheet: autoSheet<TestAccount>(testAccountsResource),
};

/** Whether an openid or a device of the game is a test account (maintenance does not apply to it). */
export async function isTestAccount(
  db: Db,
  productId: number,
  who: { openid: string; deviceId: string },
): Promise<boolean> {
  const wanted = [
    ...(who.openid ? [and(eq(testAccounts.kind, 'openid'), eq(testAccounts.value, who.openid))] : []),
    ...(who.deviceId ? [and(eq(testAccounts.kind, 'device'), eq(testAccounts.value, who.deviceId))] : []),
  ];
  if (wanted.length === 0) return false;
  const [found] = await db
    .select({ id: testAccounts.id })
    .from(testAccounts)
    .where(and(eq(testAccounts.productId, productId), or(...wanted)))
    .limit(1);
  return Boolean(found);
}

/** The cases of plans with their latest run. */
async function casesOf(db: Db, rows: CaseRow[]): Promise<TestCase[]> {
  const ids = rows.map((r) => r.id);
  const latest = new Map<number, typeof testRuns.$inferSelect>();
  if (ids.length) {
    const runs = await db
      .selectDistinctOn([testRuns.caseId])
      .from(testRuns)
      .where(inArray(testRuns.caseId, ids))
      .orderBy(testRuns.caseId, desc(testRuns.id));
    for (const run of runs) latest.set(run.caseId, run);
  }
  return rows.map((row) => {
    const run = latest.get(row.id);
    return {
      id: row.id,
      plan_id: row.planId,
      title: row.title,
      steps: row.steps,
      expected: row.expected,
      last_result: run?.result ?? null,
      last_run_at: run ? run.createdAt.toISOString() : null,
      last_run_by: run?.createdBy ?? '',
      ...stamps(row),
    };
  });
}

const caseName = (row: Pick<CaseRow, 'id' | 'title'>) => `#${row.id} ${row.title}`;

/**
 * `/test-plans` (list, get, create, update, delete, export, import) with their cases
 * (`/test-plans/:id/cases`) and runs (`/test-plans/:id/runs`: a failure opens a bug), and
 * `/test-accounts`.
 */
export function testingRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const events: EventBus = fastify.events;
  const tags = [testPlansResource.name];
  resourceRoutes(app, db, testPlansResource, resourceService(testPlansResource, testPlanImpl), testPlanImpl);
  resourceRoutes(
    app,
    db,
    testAccountsResource,
    resourceService(testAccountsResource, testAccountImpl),
    testAccountImpl,
  );
  const planOf = (tx: Db, scope: Scope, id: number) =>
    findOr404(tx, testPlans, rowInScope(testPlans, scope, id));
  const caseTarget = (scope: Scope, planId: number, caseId: number) =>
    and(rowInScope(testCases, scope, caseId), eq(testCases.planId, planId))!;
  const logCase = (
    tx: Db,
    scope: Scope,
    action: 'create' | 'update' | 'delete',
    row: CaseRow,
    change: { before?: unknown; after?: unknown },
  ) =>
    logChange(tx, scope, {
      action,
      targetType: 'test_case',
      targetId: row.id,
      targetName: caseName(row),
      ...change,
    });

  rowReadRoute(app, db, {
    path: '/test-plans/:id/cases',
    tags,
    summary: "A plan's cases with their latest run, in order",
    resource: testPlansResource,
    table: testPlans,
    read: async (plan) => {
      const rows = await db
        .select()
        .from(testCases)
        .where(eq(testCases.planId, plan.id))
        .orderBy(asc(testCases.id))
        .limit(MAX_CASES_PER_PLAN);
      const list = await casesOf(db, rows);
      return { list, total: list.length };
    },
  });
  app.post(
    '/test-plans/:id/cases',
    {
      schema: { tags, summary: 'Add a case to a plan', params: idParam, body: testCaseCreateBody },
      config: can(testPlansResource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const row = await inTransaction(db, scope.lang, async (tx) => {
        const plan = await planOf(tx, scope, request.params.id);
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(testCases)
          .where(eq(testCases.planId, plan.id));
        if (n >= MAX_CASES_PER_PLAN)
          throw ruleError(scope.lang, 'too_many_cases', { max: MAX_CASES_PER_PLAN });
        const [added] = await tx
          .insert(testCases)
          .values({ ...request.body, planId: plan.id, cpId: scope.cpId, productId: scope.productId! })
          .returning();
        await logCase(tx, scope, 'create', added!, { after: request.body });
        return added!;
      });
      return ok((await casesOf(db, [row]))[0]);
    },
  );
  app.put(
    '/test-plans/:id/cases/:caseId',
    {
      schema: {
        tags,
        summary: 'Change a case (with its version)',
        params: testCaseParams,
        body: testCaseUpdateBody,
      },
      config: can(testPlansResource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const { id, caseId } = request.params;
      const row = await inTransaction(db, scope.lang, async (tx) => {
        const before = await findOr404(tx, testCases, caseTarget(scope, id, caseId));
        const { version, ...changes } = request.body;
        const after = await updateVersioned(tx, testCases, caseTarget(scope, id, caseId), version, changes);
        await logCase(tx, scope, 'update', after, { before, after: changes });
        return after;
      });
      return ok((await casesOf(db, [row]))[0]);
    },
  );
  app.delete(
    '/test-plans/:id/cases/:caseId',
    {
      schema: { tags, summary: 'Remove a case and its runs', params: testCaseParams },
      config: can(testPlansResource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const { id, caseId } = request.params;
      await inTransaction(db, scope.lang, async (tx) => {
        const before = await findOr404(tx, testCases, caseTarget(scope, id, caseId));
        await tx.delete(testCases).where(eq(testCases.id, before.id));
        await logCase(tx, scope, 'delete', before, { before });
      });
      return ok({ deleted: true });
    },
  );

  listRoute(app, {
    name: 'test-plan-runs',
    path: '/test-plans/:id/runs',
    tags,
    summary: "A plan's runs, newest first",
    query: testRunListQuery,
    params: idParam,
    filters: ['case_id'],
    // One order: newest first.
    sorts: ['id'],
    config: can(testPlansResource, 'read'),
    async list(request, { case_id, page, page_size }, { id }) {
      const scope = scopeOf(request);
      const plan = await planOf(db, scope, id);
      const where = and(eq(testRuns.planId, plan.id), case_id ? eq(testRuns.caseId, case_id) : undefined);
      const rows = await db
        .select({ run: testRuns, title: testCases.title })
        .from(testRuns)
        .innerJoin(testCases, eq(testCases.id, testRuns.caseId))
        .where(where)
        .orderBy(desc(testRuns.id))
        .limit(page_size)
        .offset((page - 1) * page_size);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(testRuns).where(where);
      return { list: rows.map(({ run, title }) => toRun(run, title)), total };
    },
  });
  app.post(
    '/test-plans/:id/runs',
    {
      schema: {
        tags,
        summary: 'Record a run of a case (pass, fail, blocked); a failure opens a bug linked to it',
        params: idParam,
        body: testRunBody,
      },
      config: can(testPlansResource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const body = request.body;
      const { run, title, tell } = await inTransaction(db, scope.lang, async (tx) => {
        const plan = await planOf(tx, scope, request.params.id);
        const testCase = await findOr404(tx, testCases, caseTarget(scope, plan.id, body.case_id));
        const [added] = await tx
          .insert(testRuns)
          .values({
            cpId: scope.cpId,
            productId: scope.productId!,
            planId: plan.id,
            caseId: testCase.id,
            result: body.result,
            note: body.note,
            evidence: body.evidence,
            createdBy: scope.username,
          })
          .returning();
        let saved = added!;
        let told = () => {};
        if (body.result === 'fail') {
          const steps = [testCase.steps, testCase.expected && `→ ${testCase.expected}`, body.note]
            .filter(Boolean)
            .join('\n\n')
            .slice(0, 4000);
          const bug = await openBug(tx, scope, {
            title: testCase.title.slice(0, 200),
            severity: 'major',
            priority: 'normal',
            steps,
            assigneeId: body.assignee_id,
            foundReleaseId: plan.releaseId,
            attachments: body.evidence,
            runId: saved.id,
            planId: plan.id,
          });
          [saved] = (await tx
            .update(testRuns)
            .set({ bugId: bug.id })
            .where(eq(testRuns.id, saved.id))
            .returning()) as [typeof saved];
          told = await tellAssignee(tx, events, scope, bug, 'assigned');
        }
        await logChange(tx, scope, {
          action: 'run',
          targetType: 'test_case',
          targetId: testCase.id,
          targetName: caseName(testCase),
          after: { result: saved.result, bug_id: saved.bugId, evidence: saved.evidence },
        });
        return { run: saved, title: testCase.title, tell: told };
      });
      tell();
      return ok(toRun(run, title));
    },
  );
}

function toRun(run: typeof testRuns.$inferSelect, title: string): TestRun {
  return {
    id: run.id,
    plan_id: run.planId,
    case_id: run.caseId,
    case_title: title,
    result: run.result,
    note: run.note,
    evidence: run.evidence,
    bug_id: run.bugId,
    run_by: run.createdBy,
    run_at: run.createdAt.toISOString(),
  };
}
