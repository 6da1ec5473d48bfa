import { z } from 'zod';
import { distinct, iconUrl, idField, keyword, queryInt, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { APP_PLATFORMS } from './releases.ts';
import { defineResource } from './resource.ts';

/**
 * Test management (issue 29, page `/product/product-fe/test-manage`): test plans per version of the
 * app (`/api/v1/test-plans`), their cases (`/test-plans/:id/cases`: steps and the expected result)
 * and runs (`/test-plans/:id/runs`: pass, fail or blocked, who, when, evidence images). A failed run
 * opens a bug linked to it (`/api/v1/bugs`). Test accounts (`/api/v1/test-accounts`) are openids and
 * devices that pass maintenance: the game's version check answers them no maintenance.
 */

export const TEST_PAGE = '/product/product-fe/test-manage';

/** What a run found. */
export const TEST_RESULTS = ['pass', 'fail', 'blocked'] as const;
export type TestResult = (typeof TEST_RESULTS)[number];

/** A plan's cases by their latest run (`untested`: never run). */
export const testProgress = z.object({
  cases: z.number().int(),
  pass: z.number().int(),
  fail: z.number().int(),
  blocked: z.number().int(),
  untested: z.number().int(),
});
export type TestProgress = z.infer<typeof testProgress>;

const planFields = z.object({
  name: safeText().trim().min(1).max(100),
  /** The version (`/app-releases`) under test. */
  release_id: idField,
  description: safeText().trim().max(1000),
});

export const testPlanCreateBody = planFields.extend({
  description: planFields.shape.description.default(''),
});
export type TestPlanCreate = z.input<typeof testPlanCreateBody>;
/** The version under test never changes (its runs were against it). */
export const testPlanUpdateBody = planFields.partial().extend({ version: versionField });

export const testPlanItem = planFields.extend({
  ...rowMeta,
  /** The version under test, as staff name it. */
  platform: z.enum(APP_PLATFORMS),
  channel: z.string(),
  version_name: z.string(),
  version_code: z.number().int(),
  progress: testProgress,
});
export type TestPlan = z.infer<typeof testPlanItem>;

export const TEST_PLAN_SORTS = ['id', 'name', 'updated_at'] as const;
export const testPlanFilters = {
  /** Part of the name or the description. */
  q: keyword,
  release_id: queryInt(1).optional(),
};
export const testPlanListQuery = listQuery(TEST_PLAN_SORTS, testPlanFilters);
export const testPlanExportQuery = exportQuery(testPlanFilters);

export const testPlansResource = defineResource({
  name: 'test-plans',
  page: TEST_PAGE,
  scope: 'product',
  logTarget: 'test_plan',
  namespace: 'testing',
  item: testPlanItem,
  create: testPlanCreateBody,
  update: testPlanUpdateBody,
  list: testPlanListQuery,
  export: testPlanExportQuery,
  filters: ['q', 'release_id'],
  sorts: TEST_PLAN_SORTS,
  remove: 'delete',
  sheet: { key: 'id', columns: ['name', 'release_id', 'description'] },
});

// ---- Cases and runs (beneath a plan) ----

export const MAX_CASES_PER_PLAN = 500;
export const MAX_EVIDENCE = 6;

const caseFields = z.object({
  title: safeText().trim().min(1).max(200),
  /** What the tester does, one step a line. */
  steps: safeText().trim().max(4000),
  expected: safeText().trim().max(2000),
});
export const testCaseCreateBody = caseFields.extend({
  steps: caseFields.shape.steps.default(''),
  expected: caseFields.shape.expected.default(''),
});
export type TestCaseCreate = z.input<typeof testCaseCreateBody>;
export const testCaseUpdateBody = caseFields.partial().extend({ version: versionField });

/** An uploaded image (`/files/<id>`) or an https address. */
export const evidenceUrl = iconUrl.min(1);

export const testCaseItem = caseFields.extend({
  ...rowMeta,
  plan_id: idField,
  /** The latest run, if any. */
  last_result: z.enum(TEST_RESULTS).nullable(),
  last_run_at: z.string().nullable(),
  last_run_by: z.string(),
});
export type TestCase = z.infer<typeof testCaseItem>;
export const testCaseListAnswer = z.object({ list: z.array(testCaseItem), total: z.number().int() });

export const testCaseParams = z.object({ id: queryInt(1), caseId: queryInt(1) });

/** `POST /test-plans/:id/runs`: a run of one case; a failure opens a bug (assigned when `assignee_id` is given). */
export const testRunBody = z.object({
  case_id: idField,
  result: z.enum(TEST_RESULTS),
  note: safeText().trim().max(2000).default(''),
  evidence: distinct(evidenceUrl, MAX_EVIDENCE).default([]),
  /** Who the bug a failure opens goes to. */
  assignee_id: idField.nullable().default(null),
});
export type TestRunCreate = z.input<typeof testRunBody>;

export const testRunItem = z.object({
  id: idField,
  plan_id: idField,
  case_id: idField,
  case_title: z.string(),
  result: z.enum(TEST_RESULTS),
  note: z.string(),
  evidence: z.array(z.string()),
  /** The bug the failure opened. */
  bug_id: z.number().int().nullable(),
  run_by: z.string(),
  run_at: z.string(),
});
export type TestRun = z.infer<typeof testRunItem>;

export const testRunListQuery = z.object({
  case_id: queryInt(1).optional(),
  page: queryInt(1).default(1),
  page_size: queryInt(1, 100).default(20),
});
export const testRunListAnswer = listAnswer(testRunItem);

// ---- Test accounts ----

export const TEST_ACCOUNT_KINDS = ['openid', 'device'] as const;
export type TestAccountKind = (typeof TEST_ACCOUNT_KINDS)[number];

const accountFields = z.object({
  kind: z.enum(TEST_ACCOUNT_KINDS),
  /** The openid or device id. */
  value: safeText().trim().min(1).max(128),
  note: safeText().trim().max(200),
});
export const testAccountCreateBody = accountFields.extend({ note: accountFields.shape.note.default('') });
export type TestAccountCreate = z.input<typeof testAccountCreateBody>;
export const testAccountUpdateBody = accountFields.partial().extend({ version: versionField });
export const testAccountItem = accountFields.extend({ ...rowMeta });
export type TestAccount = z.infer<typeof testAccountItem>;

export const TEST_ACCOUNT_SORTS = ['id', 'value', 'kind', 'updated_at'] as const;
export const testAccountFilters = {
  q: keyword,
  kind: z.enum(TEST_ACCOUNT_KINDS).optional(),
};
export const testAccountListQuery = listQuery(TEST_ACCOUNT_SORTS, testAccountFilters);
export const testAccountExportQuery = exportQuery(testAccountFilters);

export const testAccountsResource = defineResource({
  name: 'test-accounts',
  page: TEST_PAGE,
  scope: 'product',
  logTarget: 'test_account',
  namespace: 'testing',
  item: testAccountItem,
  create: testAccountCreateBody,
  update: testAccountUpdateBody,
  list: testAccountListQuery,
  export: testAccountExportQuery,
  filters: ['q', 'kind'],
  sorts: TEST_ACCOUNT_SORTS,
  remove: 'delete',
  sheet: { key: 'id', columns: ['kind', 'value', 'note'] },
});
