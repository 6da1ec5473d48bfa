import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { adBatchAdsQuery, adBatchTaskAdsQuery } from '@rx/contracts';
import {
  AD_BATCH_MAX_ITEMS,
  ErrorCode,
  adBatchCreateBody,
  adBatchesResource,
  adBatchTasksResource,
  idParam,
  adDraftProblems,
  adMaterialGroups,
  adSetupProblems,
  validationMessage,
  type AdBatch,
  type AdBatchAd,
  type AdBatchCreate,
  type AdBatchDraftsAnswer,
  type AdBatchLanding,
  type AdBatchStatus,
  type AdBatchWindowChoice,
  type AdProblem,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope, Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { JobRow, JobRunner } from '../../lib/jobs/index.ts';
import { contains, type ListPage } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { isOutsideError } from '../../lib/outside/index.ts';
import { fieldError } from '../../lib/problems.ts';
import { listRoute, resourceReads, tableList, type Filters } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { queryRows, stamps } from '../../lib/rows.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { findOr404 } from '../../lib/versioned.ts';
import type { AdsContext } from './accounts.ts';
import { adPartyOf } from './media/parties.ts';
import { adMessage } from './messages.ts';
import { adAccounts, adBatchAds, adBatches, adBatchTemplates } from './tables.ts';
import { rulesOf, throwProblems } from './templates.ts';

/** The job pushing a batch's ads to its medium: one job item per ad. */
export const BATCH_JOB = 'ads:batch-create';

type BatchRow = typeof adBatches.$inferSelect;

function toItem(row: BatchRow): AdBatch {
  return {
    id: row.id,
    media: row.media,
    name: row.name,
    status: row.status,
    budget: row.budget,
    bid: row.bid,
    layout: row.layout,
    targeting: row.targeting,
    schedule_start: row.scheduleStart,
    schedule_end: row.scheduleEnd,
    template_id: row.templateId,
    window_id: row.windowId,
    landing: row.landing ?? null,
    total: row.total,
    ok: row.ok,
    failed: row.failed,
    job_id: row.jobId,
    created_by: row.createdBy,
    ...stamps(row),
  };
}

/** A batch's cells in an export (money in yuan). */
export function batchCells(b: AdBatch) {
  return {
    id: b.id,
    media: b.media,
    name: b.name,
    status: b.status,
    layout: b.layout,
    budget: b.budget / 100,
    bid: b.bid / 100,
    total: b.total,
    ok: b.ok,
    failed: b.failed,
    created_by: b.created_by,
    created_at: b.created_at,
  };
}

function where(filters: Pick<Filters<typeof adBatchesResource>, 'q' | 'status'>): (SQL | undefined)[] {
  return [
    filters.q ? contains(adBatches.name, filters.q) : undefined,
    filters.status ? eq(adBatches.status, filters.status) : undefined,
  ];
}

export const batchReads = resourceReads(adBatchesResource, {
  table: adBatches,
  items: async (_db, rows: BatchRow[]) => rows.map(toItem),
  where,
});

/** The batches of every medium as tasks (`?media=` keeps to one). */
export const taskReads = resourceReads(adBatchTasksResource, {
  table: adBatches,
  items: async (_db, rows: BatchRow[]) => rows.map(toItem),
  where: (filters) => [...where(filters), filters.media ? eq(adBatches.media, filters.media) : undefined],
});

/** A page of a batch's ads, in order (`sort=-seq`: the last first), with their accounts' medium ids. */
const adList = tableList({
  table: adBatchAds,
  sortBy: { seq: adBatchAds.seq },
  fallback: 'seq',
  async items(db, rows): Promise<AdBatchAd[]> {
    const ids = [...new Set(rows.map((ad) => ad.adAccountId))];
    const accounts = ids.length
      ? await db
          .select({ id: adAccounts.id, accountId: adAccounts.accountId })
          .from(adAccounts)
          .where(inArray(adAccounts.id, ids))
      : [];
    const accountIds = new Map(accounts.map((a) => [a.id, a.accountId]));
    return rows.map((ad) => ({
      id: ad.id,
      seq: ad.seq,
      ad_account_id: ad.adAccountId,
      account_id: accountIds.get(ad.adAccountId) ?? '',
      title: ad.title,
      materials: ad.materials,
      status: ad.status,
      campaign_id: ad.campaignId,
      adgroup_id: ad.adgroupId,
      creative_id: ad.creativeId,
      message: ad.message,
      request_id: ad.requestId,
    }));
  },
});

/** A batch's ads, in order, with their accounts' medium ids. */
export function batchAds(
  db: Db,
  scope: Scope,
  batchId: number,
  query: { page: number; page_size: number; sort?: 'seq' | '-seq'; status?: 'pending' | 'ok' | 'error' },
): Promise<ListPage<AdBatchAd>> {
  const where = and(
    eq(adBatchAds.batchId, batchId),
    query.status ? eq(adBatchAds.status, query.status) : undefined,
  );
  return adList(db, where, query, scope.lang);
}

/**
 * `GET <path>` (`/ad-batches/:id/ads`, `/ad-batch-tasks/:id/ads`): a batch's ads, the batch read
 * within the caller's scope (404001 outside it); the lists differ in name, query and permission.
 */
export function batchAdsRoute(
  fastify: FastifyInstance,
  db: Db,
  spec: {
    name: string;
    path: string;
    summary: string;
    query: typeof adBatchAdsQuery | typeof adBatchTaskAdsQuery;
    resource: typeof adBatchesResource | typeof adBatchTasksResource;
  },
): void {
  listRoute(fastify, {
    name: spec.name,
    path: spec.path,
    tags: [spec.resource.name],
    summary: spec.summary,
    query: spec.query,
    params: idParam,
    filters: ['media', 'status'],
    sorts: ['seq'],
    config: can(spec.resource, 'read'),
    async list(request, { media: _media, ...query }, { id }) {
      const scope = scopeOf(request);
      const batch = await findOr404(db, adBatches, rowInScope(adBatches, scope, id));
      return batchAds(db, scope, batch.id, query);
    },
  });
}

type BatchInput = ReturnType<typeof adBatchCreateBody.parse>;

/** Drafts of a batch: accounts × titles × material groups, each with what it does not keep to. */
interface Draft {
  adAccountId: number;
  accountId: string;
  title: string;
  materials: string[];
  problems: AdProblem[];
}

/**
 * The game's enabled windows on a medium (`ad-windows`), with what each opens — an app's id on the
 * medium and its package name from `ad-apps` — or the one asked. Read by SQL: the windows' module
 * imports this one's tables.
 */
export async function batchWindows(
  db: Db,
  scope: ProductScope,
  media: string,
  id?: number,
): Promise<AdBatchWindowChoice[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    kind: AdBatchLanding['kind'];
    mini_program_id: string;
    path: string;
    url: string;
    app_id: string | null;
    package_name: string | null;
  }>(
    db,
    sql`select w.id, w.name, w.kind, w.mini_program_id, w.path, w.url, a.app_id, a.package_name
      from ad_windows w left join ad_apps a on a.id = w.app_ref_id and a.product_id = w.product_id
      where w.cp_id = ${scope.cpId} and w.product_id = ${scope.productId} and w.media = ${media}
        and w.enabled ${id === undefined ? sql`` : sql`and w.id = ${id}`}
      order by w.name, w.id limit 500`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    kind: r.kind,
    mini_program_id: r.mini_program_id,
    path: r.path,
    url: r.url,
    app_id: r.app_id ?? '',
    package_name: r.package_name ?? '',
  }));
}

/** The landing a batch's window gives (null: none chosen); a window not enabled on this game and medium: 400001. */
async function landingOf(
  ctx: AdsContext,
  scope: ProductScope,
  media: string,
  windowId: number | null,
): Promise<AdBatchLanding | null> {
  if (windowId === null) return null;
  const [window] = await batchWindows(ctx.db, scope, media, windowId);
  if (!window) throw fieldError(scope.lang, 'window_id', 'unknown_ref');
  // A window of kind app whose app left the library opens nothing.
  if (window.kind === 'app' && !window.app_id && !window.package_name)
    throw fieldError(scope.lang, 'window_id', 'unknown_ref');
  const { id, ...rest } = window;
  return { window_id: id, ...rest };
}

/**
 * A batch's drafts checked against the medium's rules: the setup's problems, and each draft's
 * (title length, materials for the layout, its account able to make ads). An account that is not
 * an advertiser of this medium and game, or a template of another medium or game: 400001.
 */
async function draftsOf(
  ctx: AdsContext,
  scope: ProductScope,
  media: string,
  input: BatchInput,
): Promise<{ setup: AdProblem[]; drafts: Draft[]; landing: AdBatchLanding | null }> {
  const rules = rulesOf(media);
  const ids = [...new Set(input.ad_account_ids)];
  const where = { ...scope, dimension: { name: 'media' as const, value: media } };
  const accounts = await ctx.db
    .select({ id: adAccounts.id, accountId: adAccounts.accountId, status: adAccounts.status })
    .from(adAccounts)
    .where(and(inScope(adAccounts, where), inArray(adAccounts.id, ids), eq(adAccounts.role, 'advertiser')));
  if (accounts.length !== ids.length) throw fieldError(scope.lang, 'ad_account_ids', 'unknown_ref');
  if (input.template_id !== null) {
    const [template] = await ctx.db
      .select({ id: adBatchTemplates.id })
      .from(adBatchTemplates)
      .where(and(inScope(adBatchTemplates, where), eq(adBatchTemplates.id, input.template_id)));
    if (!template) throw fieldError(scope.lang, 'template_id', 'unknown_ref');
  }
  const landing = await landingOf(ctx, scope, media, input.window_id);
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const drafts: Draft[] = [];
  for (const id of ids) {
    const account = byId.get(id)!;
    const accountUsable = account.status === 'authorized' || account.status === 'expiring';
    for (const title of input.titles)
      for (const materials of adMaterialGroups(input.layout, input.materials))
        drafts.push({
          adAccountId: id,
          accountId: account.accountId,
          title,
          materials,
          problems: adDraftProblems(rules, input.layout, { title, materials, accountUsable }),
        });
  }
  return { setup: adSetupProblems(rules, input), drafts, landing };
}

/** The drafts preview answered: the count, every draft with its translated problems, the setup's. */
export async function previewDrafts(
  ctx: AdsContext,
  scope: ProductScope,
  media: string,
  input: BatchInput,
): Promise<AdBatchDraftsAnswer> {
  const { setup, drafts, landing } = await draftsOf(ctx, scope, media, input);
  const say = (p: AdProblem) => validationMessage(p.key, scope.lang, p.params);
  const fields: Record<string, string> = {};
  for (const p of setup) fields[p.field] ??= say(p);
  return {
    total: drafts.length,
    failing: drafts.filter((d) => d.problems.length > 0).length,
    drafts: drafts.slice(0, AD_BATCH_MAX_ITEMS).map((d, i) => ({
      seq: i + 1,
      ad_account_id: d.adAccountId,
      account_id: d.accountId,
      title: d.title,
      materials: d.materials,
      problems: d.problems.map(say),
    })),
    fields,
    landing,
  };
}

/**
 * Makes a batch: its drafts must all keep to the medium's rules (else 400001 naming the fields, the
 * first problem of each), then the batch and one ad per draft (each with its own request id) are
 * stored and the job pushing them starts.
 */
export async function createBatch(
  ctx: AdsContext & { jobs: JobRunner },
  scope: ProductScope,
  media: string,
  input: AdBatchCreate,
): Promise<AdBatch> {
  const body = adBatchCreateBody.parse(input);
  const { setup, drafts, landing } = await draftsOf(ctx, scope, media, body);
  throwProblems(scope.lang, [...setup, ...drafts.flatMap((d) => d.problems)]);
  const stamp = randomBytes(6).toString('hex');
  const batch = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(adBatches)
      .values({
        cpId: scope.cpId,
        productId: scope.productId,
        media,
        name: body.name,
        budget: body.budget,
        bid: body.bid,
        layout: body.layout,
        targeting: body.targeting,
        scheduleStart: body.schedule_start,
        scheduleEnd: body.schedule_end,
        templateId: body.template_id,
        windowId: landing?.window_id ?? null,
        landing,
        total: drafts.length,
        createdBy: scope.username ?? '',
      })
      .returning();
    const ads: (typeof adBatchAds.$inferInsert)[] = drafts.map((draft, i) => ({
      batchId: row!.id,
      seq: i + 1,
      adAccountId: draft.adAccountId,
      title: draft.title,
      materials: draft.materials,
      requestId: `rx-${row!.id}-${stamp}-${i + 1}`,
    }));
    for (let i = 0; i < ads.length; i += 500) await tx.insert(adBatchAds).values(ads.slice(i, i + 500));
    await logChange(tx, scope, {
      action: 'create',
      targetType: 'ad_batch',
      targetId: row!.id,
      targetName: row!.name,
      after: {
        ...toItem(row!),
        titles: body.titles,
        materials: body.materials,
        ad_account_ids: [...new Set(body.ad_account_ids)],
      },
    });
    return row!;
  });
  const adIds = await ctx.db
    .select({ id: adBatchAds.id })
    .from(adBatchAds)
    .where(eq(adBatchAds.batchId, batch.id))
    .orderBy(asc(adBatchAds.seq));
  const jobId = await ctx.jobs.create(
    BATCH_JOB,
    { cpId: scope.cpId, productId: scope.productId, userId: scope.userId, username: scope.username },
    { items: adIds.map((a) => ({ ad: a.id })), params: { batchId: batch.id } },
  );
  const [row] = await ctx.db.update(adBatches).set({ jobId }).where(eq(adBatches.id, batch.id)).returning();
  return toItem(row!);
}

/**
 * Pushes one ad (a job item, inside the item's transaction): an ad already made is left alone; else
 * the medium makes it under the ad's request id (so a retry after a lost answer gets the same ad).
 * A failure is written beside the ad (outside the item's transaction, which rolls back) and thrown
 * for the job to record; retry runs it again.
 */
export async function pushAd(ctx: AdsContext, tx: Db, input: unknown): Promise<unknown> {
  const { ad: adId } = input as { ad: number };
  const [found] = await tx
    .select({ ad: adBatchAds, batch: adBatches, account: adAccounts })
    .from(adBatchAds)
    .innerJoin(adBatches, eq(adBatches.id, adBatchAds.batchId))
    .innerJoin(adAccounts, eq(adAccounts.id, adBatchAds.adAccountId))
    .where(eq(adBatchAds.id, adId));
  if (!found) return { skipped: 'gone' };
  const { ad, batch, account } = found;
  if (ad.status === 'ok') return { campaign_id: ad.campaignId, creative_id: ad.creativeId };
  try {
    const adapter = await ctx.outside.open(ctx.db, adPartyOf(batch.media), batch.productId, {
      account: account.grantAccount,
    });
    const made = await adapter.createAd({
      requestId: ad.requestId,
      accountId: account.accountId,
      campaignName: `${batch.name} ${ad.seq}`,
      budget: batch.budget,
      bid: batch.bid,
      title: ad.title,
      layout: batch.layout,
      materials: ad.materials,
      ...(batch.landing
        ? {
            landing: {
              kind: batch.landing.kind,
              miniProgramId: batch.landing.mini_program_id,
              path: batch.landing.path,
              url: batch.landing.url,
              appId: batch.landing.app_id,
              packageName: batch.landing.package_name,
            },
          }
        : {}),
    });
    await tx
      .update(adBatchAds)
      .set({ status: 'ok', ...made, message: '' })
      .where(eq(adBatchAds.id, ad.id));
    return { campaign_id: made.campaignId, adgroup_id: made.adgroupId, creative_id: made.creativeId };
  } catch (error) {
    if (!isOutsideError(error)) throw error;
    await ctx.db
      .update(adBatchAds)
      .set({ status: 'error', message: error.message.slice(0, 500) })
      .where(eq(adBatchAds.id, ad.id));
    throw error;
  }
}

/** When the job ends (and after each retry): the batch's counts and status from its ads. */
export async function batchEnded(tx: Db, job: JobRow): Promise<void> {
  const { batchId } = job.params as { batchId: number };
  const [counts] = await tx
    .select({
      ok: sql<number>`count(*) filter (where ${adBatchAds.status} = 'ok')::int`,
      failed: sql<number>`count(*) filter (where ${adBatchAds.status} <> 'ok')::int`,
    })
    .from(adBatchAds)
    .where(eq(adBatchAds.batchId, batchId));
  const ok = counts?.ok ?? 0;
  const failed = counts?.failed ?? 0;
  const status: AdBatchStatus = failed === 0 ? 'succeeded' : ok === 0 ? 'failed' : 'partial';
  await tx
    .update(adBatches)
    .set({ ok, failed, status, updatedAt: new Date() })
    .where(eq(adBatches.id, batchId));
}

/** Runs the failed ads of a batch again (its job's failed items). */
export async function retryBatch(
  ctx: AdsContext & { jobs: JobRunner },
  scope: ProductScope,
  batch: BatchRow,
): Promise<AdBatch> {
  if (!batch.jobId || batch.status === 'running' || batch.failed === 0)
    throw new ApiError(
      ErrorCode.BUSINESS_RULE,
      { reason: 'nothing_to_retry' },
      adMessage('nothing_to_retry', scope.lang),
    );
  await ctx.db
    .update(adBatchAds)
    .set({ status: 'pending' })
    .where(
      and(
        eq(adBatchAds.batchId, batch.id),
        or(eq(adBatchAds.status, 'error'), eq(adBatchAds.status, 'pending')),
      ),
    );
  const [row] = await ctx.db
    .update(adBatches)
    .set({ status: 'running' })
    .where(eq(adBatches.id, batch.id))
    .returning();
  await ctx.jobs.retry(batch.jobId);
  await logChange(ctx.db, scope, {
    action: 'update',
    targetType: 'ad_batch',
    targetId: batch.id,
    targetName: batch.name,
    before: toItem(batch),
    after: toItem(row!),
  });
  return toItem(row!);
}
