import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  codeBatchActionBody,
  codeBatchActionParams,
  codeBatchResource,
  codeLookupQuery,
  codesExportQuery,
  codesQuery,
  ErrorCode,
  idParam,
  normalizeCode,
  redeemBody,
  type CodeBatch,
  type CodeLookup,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { cursorRows } from '../../lib/cursor.ts';
import { tableRoutes } from '../../lib/table-io.ts';
import { ok } from '../../lib/request.ts';
import { listRoute, resourceRoutes, resourceService } from '../../lib/resource-routes.ts';
import { can, GAME, scopeOf } from '../../lib/route-access.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { findOr404 } from '../../lib/versioned.ts';
import { answerPendingWith202 } from '../approvals/index.ts';
import { registerGiftUser } from '../gift-packages/index.ts';
import { redeemCode } from './redeem.ts';
import { act, afterActive, batchImpl, registerBatchApprovals, toBatch } from './service.ts';
import { codeBatches, codeRedemptions, codes } from './tables.ts';

export const codeBatchService = resourceService(codeBatchResource, batchImpl);

/** The codes of a batch in the order of the export (by chunk, then code). */
async function codesPage(db: Db, scope: Scope, id: number, page: number, pageSize: number) {
  const batch = await findOr404(db, codeBatches, rowInScope(codeBatches, scope, id));
  const where = eq(codes.batchId, batch.id);
  const [total] = await db.select({ n: count() }).from(codes).where(where);
  const rows = await db
    .select({ code: codes.code, redeemed: codes.redeemed })
    .from(codes)
    .where(where)
    .orderBy(asc(codes.chunk), asc(codes.code))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    list: rows.map((r) => ({ ...r, created_at: batch.updatedAt.toISOString() })),
    total: Number(total!.n),
    page,
    page_size: pageSize,
  };
}

/** A code of the product: its batch, and who redeemed it when (the latest 100). */
async function lookup(db: Db, scope: Scope, text: string): Promise<CodeLookup> {
  const code = normalizeCode(text);
  const [row] = await db
    .select()
    .from(codes)
    .where(and(eq(codes.productId, scope.productId!), eq(codes.code, code)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  const batch = await findOr404(db, codeBatches, rowInScope(codeBatches, scope, row.batchId));
  const redemptions = await db
    .select()
    .from(codeRedemptions)
    .where(and(eq(codeRedemptions.productId, scope.productId!), eq(codeRedemptions.code, code)))
    .orderBy(desc(codeRedemptions.id))
    .limit(100);
  return {
    code,
    batch: toBatch(batch),
    redeemed: row.redeemed,
    redemptions: redemptions.map((r) => ({
      openid: r.openid,
      role_id: r.roleId,
      at: r.createdAt.toISOString(),
    })),
  };
}

/**
 * The codes as CSV, stamped with who exported and when: read through a cursor a batch at a time
 * (a 1,000,000-code batch is never in memory, and no query holds the database or the event loop).
 */
async function* exportRows(db: Db, batch: typeof codeBatches.$inferSelect, scope: Scope) {
  // (The first line, `# batch,<name>`, is the export's header row.)
  yield [
    ['# exported_by', scope.username],
    ['# exported_at', new Date().toISOString()],
    ['code', 'redeemed'],
  ];
  const rows = cursorRows<{ code: string; redeemed: number }>(
    db,
    sql`select code, redeemed from codes where batch_id = ${batch.id} order by chunk, code`,
  );
  for await (const chunk of rows) yield chunk.map((r) => [r.code, r.redeemed]);
}

/** `/code-batches` of the product in `X-Product-Id`: batches, their actions, codes, export and lookup. */
export async function codeBatchRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  const jobs = fastify.jobs;
  const after = (maker: Scope, id: number) => {
    afterActive(db, jobs, id, maker).catch((err: unknown) =>
      fastify.log.error({ err, batch: id }, 'code batch: starting generation failed'),
    );
  };
  registerBatchApprovals(after);
  // Gift packages list the batches handing them out; any batch keeps its gift (it is disabled, not
  // deleted: expired and voided batches still name it for their redemptions).
  registerGiftUser(codeBatchResource.logTarget, async (db, scope, giftId) =>
    (
      await db
        .select({ id: codeBatches.id, name: codeBatches.name, status: codeBatches.status })
        .from(codeBatches)
        .where(and(inScope(codeBatches, scope), eq(codeBatches.giftPackageId, giftId)))
    ).map((r) => ({ ...r, live: true })),
  );
  answerPendingWith202(fastify);
  const service = {
    ...codeBatchService,
    create: (db: Db, scope: Scope, input: Parameters<typeof codeBatchService.create>[2]) =>
      codeBatchService.create(db, { ...scope }, input).then(async (item: CodeBatch) => {
        await db.update(codeBatches).set({ createdBy: scope.username }).where(eq(codeBatches.id, item.id));
        return { ...item, created_by: scope.username };
      }),
  };
  resourceRoutes(fastify, db, codeBatchResource, service, batchImpl);

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [codeBatchResource.name];
  app.post(
    '/code-batches/:id/:action',
    {
      schema: {
        tags,
        summary: 'Submit for approval, withdraw, activate, turn off or void a batch',
        params: codeBatchActionParams,
        body: codeBatchActionBody,
      },
      config: can(codeBatchResource, 'update'),
    },
    async (request) =>
      ok(
        await act(db, fastify.events, jobs, scopeOf(request), request.params.id, request.params.action, {
          version: request.body.version,
          reason: request.body.reason,
        }),
      ),
  );
  app.get(
    '/code-batches/codes/lookup',
    {
      schema: { tags, summary: 'A code: its batch, state and redemptions', querystring: codeLookupQuery },
      config: can(codeBatchResource, 'read'),
    },
    async (request) => ok(await lookup(db, scopeOf(request), request.query.code)),
  );
  listRoute(app, {
    name: 'code-batch-codes',
    path: '/code-batches/:id/codes',
    tags,
    summary: 'The codes of a batch, paged',
    query: codesQuery,
    params: idParam,
    filters: [],
    // One order, the export's: by chunk, then code.
    sorts: ['code'],
    config: can(codeBatchResource, 'read'),
    list: (request, query, { id }) => codesPage(db, scopeOf(request), id, query.page, query.page_size),
  });
  // The codes of one batch: the path names it, the file is stamped with it, the log names it.
  tableRoutes(app, db, {
    path: '/code-batches/:id/codes',
    tags,
    summary: 'The codes of a batch as CSV or XLSX (streamed, stamped, logged)',
    params: idParam,
    exportQuery: codesExportQuery,
    parent: (db2, scope, params) =>
      findOr404(db2, codeBatches, rowInScope(codeBatches, scope, params.id as number)),
    access: async (request) => scopeOf(request),
    config: () => can(codeBatchResource, 'export'),
    exporter: {
      name: codeBatchResource.name,
      headers: (batch) => ['# batch', batch.name],
      file: (_scope, batch) => `codes-${batch.id}`,
      log: (batch) => ({
        targetType: codeBatchResource.logTarget,
        targetId: batch.id,
        targetName: batch.name,
        after: { codes: batch.generated },
      }),
      rows: (db2, scope, _filters, batch) => exportRows(db2, batch, scope),
    },
  });
}

/** Guessing limits of redemption, per window of a minute. */
export interface RedeemLimits {
  /** Redemption calls per player. */
  perPlayer: number;
  /** Unknown codes per player (guesses) before 429. */
  missesPerPlayer: number;
  /** Redemption calls per game key. */
  perKey: number;
}
export const DEFAULT_REDEEM_LIMITS: RedeemLimits = { perPlayer: 30, missesPerPlayer: 10, perKey: 20_000 };

type Limiter = (
  request: FastifyRequest,
  options?: { increment?: boolean },
) => Promise<{ isAllowed: boolean; remaining?: number; isExceeded?: boolean; ttlInSeconds?: number }>;

/**
 * `POST /api/game/v1/codes/redeem`, a route of the signed game API (its signature and nonce are
 * checked first, modules/game-api): the reward, or the reason it is refused. Limited per player, per
 * player's unknown codes (guesses) and per key, on top of the game API's own per-key budget.
 */
export function codeRedeemRoutes(
  fastify: FastifyInstance,
  options: { db: Db; redeemLimits?: Partial<RedeemLimits> },
): void {
  const { db } = options;
  const limits = { ...DEFAULT_REDEEM_LIMITS, ...options.redeemLimits };
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const player = (request: FastifyRequest) =>
    `${request.gameCaller?.productId ?? 0}:${(request.body as { openid?: string } | undefined)?.openid ?? ''}`;
  const limiter = (name: string, max: number, key: (request: FastifyRequest) => string): Limiter =>
    fastify.createRateLimit({ max, timeWindow: 60_000, keyGenerator: (r) => `${name}:${key(r)}` }) as Limiter;
  const perPlayer = limiter('redeem-player', limits.perPlayer, player);
  const misses = limiter('redeem-miss', limits.missesPerPlayer, player);
  const perKey = limiter('redeem-key', limits.perKey, (r) => r.gameCaller?.keyId ?? '');
  const refuse = (reply: { header(name: string, value: string): unknown }, ttl = 60) => {
    reply.header('retry-after', String(Math.max(1, ttl)));
    return new ApiError(ErrorCode.TOO_MANY_ATTEMPTS);
  };
  app.post(
    '/codes/redeem',
    {
      schema: {
        tags: ['game-api'],
        summary: "Redeem a player's exchange code: the reward or why not",
        body: redeemBody,
      },
      config: GAME,
    },
    async (request, reply) => {
      for (const limit of [perKey, perPlayer]) {
        const result = await limit(request);
        if (!result.isAllowed && result.isExceeded) throw refuse(reply, result.ttlInSeconds);
      }
      // A player who guessed wrong too often is refused before the code is even looked at.
      const guesses = await misses(request, { increment: false });
      if (!guesses.isAllowed && guesses.remaining === 0) throw refuse(reply, guesses.ttlInSeconds);
      const answer = await redeemCode(db, request.gameCaller!.productId, request.body);
      if (!answer.redeemed && answer.reason === 'unknown') await misses(request);
      return ok(answer);
    },
  );
}
