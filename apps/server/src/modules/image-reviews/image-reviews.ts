import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, gte, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  DEFAULT_IMAGE_POLICY,
  ErrorCode,
  gameImageBody,
  idParam,
  IMAGE_DECISIONS,
  IMAGE_SCORING_ATTEMPTS,
  imageBulkBody,
  imageDecisionBody,
  imagePolicyUpdate,
  imageRetryBody,
  imageReviewsResource,
  queryInt,
  type GameImage,
  type ImageDecision,
  type ImagePolicy,
  type ImageReview,
  type ImageState,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { logChange } from '../../lib/operation-log.ts';
import type { Outside } from '../../lib/outside/index.ts';
import type { JobRunner, TaskHandler } from '../../lib/jobs/index.ts';
import { inTransaction, ruleError } from '../../lib/problems.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ok } from '../../lib/request.ts';
import { queryRoutes, resourceReads } from '../../lib/resource-routes.ts';
import { can, GAME, scopeOf } from '../../lib/route-access.ts';
import { inGame, rowInScope } from '../../lib/scope.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { googleVision, type ImageVerdict } from '../outside-parties/index.ts';
import { imagePolicies, imageReviews } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof imageReviews.$inferSelect;

/** `%…%` with the LIKE wildcards of the text taken literally. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A game's policy (the default while staff have not set one), with its row version (0: none yet). */
export async function policyOf(db: Db, productId: number): Promise<ImagePolicy & { version: number }> {
  const [row] = await db.select().from(imagePolicies).where(eq(imagePolicies.productId, productId));
  if (!row) return { ...DEFAULT_IMAGE_POLICY, version: 0 };
  return {
    approve_below: row.approveBelow,
    reject_at: row.rejectAt,
    show_pending: row.showPending,
    version: row.version,
  };
}

/** Whether the game shows the image now. */
const visibleUnder = (status: ImageState, policy: ImagePolicy) =>
  status === 'approved' || (status === 'pending' && policy.show_pending);

function toItem(row: Row, policy: ImagePolicy): ImageReview {
  return {
    id: row.id,
    openid: row.openid,
    kind: row.kind,
    url: row.url,
    ref: row.ref,
    status: row.status,
    score: row.score,
    labels: row.labels,
    decided_by: row.decidedBy ?? null,
    reviewer: row.reviewer,
    reason: row.reason,
    visible: visibleUnder(row.status, policy),
    moderation_error: row.moderationError,
    scoring: row.scoring,
    scoring_attempts: row.scoringAttempts,
    next_scoring_at: row.nextScoringAt?.toISOString() ?? null,
    ...stamps(row),
  };
}

async function itemsOf(db: Db, rows: Row[]): Promise<ImageReview[]> {
  const policies = new Map<number, ImagePolicy>();
  for (const productId of new Set(rows.map((r) => r.productId)))
    policies.set(productId, await policyOf(db, productId));
  return rows.map((row) => toItem(row, policies.get(row.productId)!));
}

export const imageReviewReads = resourceReads(imageReviewsResource, {
  table: imageReviews,
  items: itemsOf,
  where: (f) => [
    f.q ? or(ilike(imageReviews.openid, likeText(f.q)), ilike(imageReviews.ref, likeText(f.q))) : undefined,
    f.status ? eq(imageReviews.status, f.status) : undefined,
    f.kind ? eq(imageReviews.kind, f.kind) : undefined,
    f.score_min !== undefined ? gte(imageReviews.score, f.score_min) : undefined,
    f.scoring ? eq(imageReviews.scoring, f.scoring) : undefined,
  ],
  sortBy: {
    id: imageReviews.id,
    score: sql`coalesce(${imageReviews.score}, -1)`,
    created_at: imageReviews.createdAt,
    updated_at: imageReviews.updatedAt,
  },
});

/** What the policy makes of a score: approved below its floor, rejected from its ceiling, else pending. */
export function statusByPolicy(score: number, policy: ImagePolicy): ImageState {
  if (score >= policy.reject_at) return 'rejected';
  if (score < policy.approve_below) return 'approved';
  return 'pending';
}

/** The one-off task that scores an image again after a failed moderation call. */
export const RESCORE_TASK = 'image_reviews.rescore';

/** Wait before the n-th retry (1-based): 30 s, 2 min, 8 min, 32 min (tests shorten it). */
let backoffBaseMs = 30_000;
export function setRescoreBackoff(ms: number) {
  backoffBaseMs = ms;
}
export function resetRescoreBackoff() {
  backoffBaseMs = 30_000;
}
const backoff = (failures: number) => backoffBaseMs * 4 ** (failures - 1);

/** What the moderation call left: a verdict, or why it failed. */
type Scored = { verdict: ImageVerdict } | { error: string };

async function moderate(
  db: Db,
  outside: Outside,
  row: Pick<Row, 'id' | 'productId' | 'url'>,
): Promise<Scored> {
  try {
    const moderation = await outside.open(db, googleVision, row.productId);
    return { verdict: await moderation.moderate(row.url, `image:${row.id}`) };
  } catch (error) {
    return { error: (error instanceof Error ? error.message : String(error)).slice(0, 500) };
  }
}

/**
 * Records a moderation call's outcome on an image still being scored: the verdict decided by the
 * policy; or the failure counted and, under the limit, a retry scheduled with backoff (a one-off
 * that survives restarts); at the limit, `failed` with the reason, left to staff.
 */
async function recordScoring(db: Db, jobs: JobRunner, row: Row, scored: Scored): Promise<Row> {
  if ('verdict' in scored) {
    const policy = await policyOf(db, row.productId);
    const status = statusByPolicy(scored.verdict.score, policy);
    const [saved] = await db
      .update(imageReviews)
      .set({
        score: scored.verdict.score,
        labels: scored.verdict.labels,
        status,
        scoring: 'scored',
        moderationError: '',
        nextScoringAt: null,
        ...(status === 'pending' ? {} : { decidedBy: 'policy' as const, decidedAt: new Date() }),
        version: sql`${imageReviews.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(imageReviews.id, row.id))
      .returning();
    return saved!;
  }
  const failures = row.scoringAttempts + 1;
  const retry = failures < IMAGE_SCORING_ATTEMPTS;
  const at = retry ? new Date(Date.now() + backoff(failures)) : null;
  const [saved] = await db
    .update(imageReviews)
    .set({
      moderationError: scored.error,
      scoringAttempts: failures,
      scoring: retry ? 'retrying' : 'failed',
      nextScoringAt: at,
      version: sql`${imageReviews.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(imageReviews.id, row.id))
    .returning();
  if (at) await jobs.scheduleAt(RESCORE_TASK, `image-review:${row.id}:${failures}`, at, { id: row.id });
  return saved!;
}

/**
 * A player's image: stored pending, scored by the game's moderation party, then decided by the
 * policy. A failed moderation call leaves it pending (and unscored) and schedules a retry.
 */
export async function receiveImage(
  db: Db,
  outside: Outside,
  jobs: JobRunner,
  game: { cpId: number; productId: number },
  input: z.output<typeof gameImageBody>,
): Promise<GameImage> {
  const [created] = await db
    .insert(imageReviews)
    .values({ ...game, openid: input.openid, kind: input.kind, url: input.url, ref: input.ref })
    .returning();
  const saved = await recordScoring(db, jobs, created!, await moderate(db, outside, created!));
  const policy = await policyOf(db, game.productId);
  return {
    id: saved.id,
    status: saved.status,
    visible: visibleUnder(saved.status, policy),
    reason: saved.reason,
  };
}

/**
 * The retry task: scores the image again if it is still waiting for a score (staff may have
 * decided it meanwhile: then nothing is called). Its writes commit with the run's record.
 */
export function rescoreTask(context: { outside: Outside; jobs: JobRunner }): TaskHandler {
  return async (payload, { db }) => {
    const { id } = payload as { id: number };
    const [row] = await db
      .select()
      .from(imageReviews)
      .where(and(eq(imageReviews.id, id), eq(imageReviews.scoring, 'retrying')))
      // Waits for the run that scheduled it to commit (a retry due at once fires before that).
      .for('update');
    if (!row) return;
    if (row.decidedBy === 'staff') {
      await db
        .update(imageReviews)
        .set({ scoring: 'scored', nextScoringAt: null })
        .where(eq(imageReviews.id, id));
      return;
    }
    await recordScoring(db, context.jobs, row, await moderate(db, context.outside, row));
  };
}

/** A staff member's verdict on one image (any state may be decided again: a mistake is put right). */
async function decide(
  tx: Db,
  scope: Scope,
  id: number,
  decision: ImageDecision,
  reason: string,
  version?: number,
): Promise<Row> {
  const target = rowInScope(imageReviews, scope, id);
  const before = await findOr404(tx, imageReviews, target);
  const status: ImageState = decision === 'approve' ? 'approved' : 'rejected';
  const values = {
    status,
    decidedBy: 'staff' as const,
    reviewer: scope.username,
    reason,
    decidedAt: new Date(),
  };
  const row = await updateVersioned(tx, imageReviews, target, version ?? before.version, values);
  await logChange(tx, scope, {
    action: decision,
    targetType: 'image_review',
    targetId: id,
    targetName: `#${id}`,
    before: { status: before.status },
    after: { status, reason },
  });
  return row;
}

/** `/image-reviews`: the list and export, one image, decisions one by one or in bulk, the policy. */
export async function imageReviewRoutes(
  fastify: FastifyInstance,
  { db, outside, jobs }: { db: Db; outside: Outside; jobs: JobRunner },
): Promise<void> {
  queryRoutes(fastify, db, imageReviewsResource, imageReviewReads, {
    exporter: {
      headers: [
        'id',
        'openid',
        'kind',
        'url',
        'ref',
        'status',
        'score',
        'decided_by',
        'reviewer',
        'reason',
        'created_at',
      ],
    },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['image-reviews'];
  app.get(
    '/image-reviews/policy',
    { schema: { tags, summary: "The game's image policy" }, config: can(imageReviewsResource, 'read') },
    async (request) => ok(await policyOf(db, scopeOf(request).productId!)),
  );
  app.put(
    '/image-reviews/policy',
    {
      schema: { tags, summary: "Sets the game's image policy", body: imagePolicyUpdate },
      config: can(imageReviewsResource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const productId = scope.productId!;
      const { version, approve_below, reject_at, show_pending } = request.body;
      await inTransaction(db, scope.lang, async (tx) => {
        const before = await policyOf(tx, productId);
        if (before.version !== version) throw new ApiError(ErrorCode.CONFLICT);
        const values = { approveBelow: approve_below, rejectAt: reject_at, showPending: show_pending };
        if (before.version === 0)
          await tx
            .insert(imagePolicies)
            .values({ cpId: scope.cpId, productId, ...values })
            .onConflictDoNothing();
        else
          await updateVersioned(tx, imagePolicies, eq(imagePolicies.productId, productId), version, values);
        await logChange(tx, scope, {
          action: 'update',
          targetType: 'image_review',
          targetName: 'policy',
          before,
          after: { approve_below, reject_at, show_pending },
        });
      });
      return ok(await policyOf(db, productId));
    },
  );
  app.get(
    '/image-reviews/:id',
    { schema: { tags, summary: 'One image', params: idParam }, config: can(imageReviewsResource, 'read') },
    async (request) => ok(await imageReviewReads.get(db, scopeOf(request), request.params.id)),
  );
  app.post(
    '/image-reviews/:id/retry',
    {
      schema: {
        tags,
        summary: 'Scores an image whose scoring was given up once more, now',
        params: idParam,
        body: imageRetryBody,
      },
      config: can(imageReviewsResource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const { id } = request.params;
      const row = await inTransaction(db, scope.lang, async (tx) => {
        const before = await findOr404(tx, imageReviews, rowInScope(imageReviews, scope, id));
        if (before.version !== request.body.version) throw new ApiError(ErrorCode.CONFLICT);
        if (before.scoring !== 'failed' || before.decidedBy === 'staff')
          throw ruleError(scope.lang, 'image_retry_not_failed');
        await logChange(tx, scope, {
          action: 'retry',
          targetType: 'image_review',
          targetId: id,
          targetName: `#${id}`,
          before: { scoring: before.scoring, scoring_attempts: before.scoringAttempts },
          after: { scoring: 'retrying' },
        });
        return before;
      });
      // The moderation call is made outside the transaction; it counts as one more attempt (a
      // failure leaves the image failed with the new reason, no new ladder of retries).
      const saved = await recordScoring(db, jobs, row, await moderate(db, outside, row));
      return ok((await itemsOf(db, [saved]))[0]);
    },
  );
  app.post(
    '/image-reviews/:id/:decision',
    {
      schema: {
        tags,
        summary: 'Approves or rejects one image',
        params: z.object({ id: queryInt(1), decision: z.enum(IMAGE_DECISIONS) }),
        body: imageDecisionBody,
      },
      config: can(imageReviewsResource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const { id, decision } = request.params;
      const row = await inTransaction(db, scope.lang, (tx) =>
        decide(tx, scope, id, decision, request.body.reason, request.body.version),
      );
      return ok((await itemsOf(db, [row]))[0]);
    },
  );
  app.post(
    '/image-reviews/bulk',
    {
      schema: { tags, summary: 'Approves or rejects several images, each answered', body: imageBulkBody },
      config: can(imageReviewsResource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const { ids, decision, reason } = request.body;
      const wanted: ImageState = decision === 'approve' ? 'approved' : 'rejected';
      const rows = await db
        .select({ id: imageReviews.id, status: imageReviews.status })
        .from(imageReviews)
        .where(and(inArray(imageReviews.id, ids), inGame(imageReviews, scope)));
      const found = new Map(rows.map((r) => [r.id, r.status]));
      const results: { id: number; result: 'ok' | 'not_found' | 'already' }[] = [];
      await inTransaction(db, scope.lang, async (tx) => {
        for (const id of ids) {
          const status = found.get(id);
          if (!status) results.push({ id, result: 'not_found' });
          else if (status === wanted) results.push({ id, result: 'already' });
          else {
            await decide(tx, scope, id, decision, reason);
            results.push({ id, result: 'ok' });
          }
        }
      });
      return ok({ results });
    },
  );
}

/** `POST /api/game/v1/images` and `GET /api/game/v1/images/:id`: a player's image and its verdict. */
export function imageGameRoutes(
  fastify: FastifyInstance,
  { db, outside, jobs }: { db: Db; outside: Outside; jobs: JobRunner },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/images',
    {
      schema: {
        tags: ['game-api'],
        summary: "A player's image, scored and decided by the policy",
        body: gameImageBody,
      },
      config: GAME,
    },
    async (request) => {
      const caller = request.gameCaller!;
      return ok(
        await receiveImage(
          db,
          outside,
          jobs,
          { cpId: caller.cpId, productId: caller.productId },
          request.body,
        ),
      );
    },
  );
  app.get(
    '/images/:id',
    { schema: { tags: ['game-api'], summary: "An image's verdict", params: idParam }, config: GAME },
    async (request, reply) => {
      const caller = request.gameCaller!;
      const [row] = await db
        .select()
        .from(imageReviews)
        .where(and(eq(imageReviews.id, request.params.id), eq(imageReviews.productId, caller.productId)));
      reply.header('cache-control', 'private, no-store');
      if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
      const policy = await policyOf(db, caller.productId);
      return ok<GameImage>({
        id: row.id,
        status: row.status,
        visible: visibleUnder(row.status, policy),
        reason: row.reason,
      });
    },
  );
}
