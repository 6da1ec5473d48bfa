import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import {
  FALLBACK_LANGUAGE,
  OPENID_LIST_LIMITS,
  gamePlayerStatusParam,
  openidField,
  playerParam,
  playersResource,
  sanctionBulkBody,
  sanctionCreateBody,
  sanctionExtendBody,
  sanctionLiftBody,
  SANCTION_EXPORT_COLUMNS,
  sanctionParam,
  sanctionsResource,
  type SanctionBulkBody,
  type SanctionItem,
  type Translated,
  type SanctionCreateBody,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { jobs } from '../../db/jobs.ts';
import type { ProductScope, Scope } from '../../lib/access.ts';
import type { EventBus } from '../../lib/events.ts';
import { insertJob, type JobRunner } from '../../lib/jobs/index.ts';
import { fieldError } from '../../lib/problems.ts';
import type { Cell } from '../../lib/cells.ts';
import { ok } from '../../lib/request.ts';
import { queryRoutes } from '../../lib/resource-routes.ts';
import { queryRows } from '../../lib/rows.ts';
import { can, GAME, scopeOf } from '../../lib/route-access.ts';
import { registerApprovalAction, submitChange } from '../approvals/index.ts';
import type { FileStorage } from '../files/index.ts';
import { notify } from '../notifications/index.ts';
import { pushKick } from './kick.ts';
import { BULK_JOB, EXPIRE_TASK, KICK_JOB, SWEEP_TASK, type BulkParams } from './work.ts';
import {
  createSanction,
  endOf,
  expireSanctions,
  extendSanction,
  gameStatus,
  liftSanction,
  listSanctions,
  sanctionBatch,
  playerSanctions,
  toItem,
  type SanctionRow,
} from './service.ts';
import { sanctions } from './tables.ts';

const expireKey = (id: number) => `sanction-expire:${id}`;

/** The note a staff member gets when a kick did not reach the game (it is retried by a job). */
const KICK_FAILED: Translated = {
  zh: '踢下线未送达游戏，正在重试：{openid}',
  en: 'The kick did not reach the game; retrying: {openid}',
  ja: 'キックがゲームに届きませんでした。再試行中：{openid}',
  th: 'การเตะออกไม่ถึงเกม กำลังลองใหม่: {openid}',
  vi: 'Lệnh đá khỏi game chưa đến được game, đang thử lại: {openid}',
  tl: 'Hindi umabot sa laro ang pag-kick; sinusubukang muli: {openid}',
  id: 'Kick tidak sampai ke game; sedang dicoba lagi: {openid}',
  ar: 'لم يصل الطرد إلى اللعبة؛ تجري إعادة المحاولة: {openid}',
  tc: '踢下線未送達遊戲，正在重試：{openid}',
};

interface BulkPayload extends BulkParams {
  openids: string[];
}

/** One player's sanction, as asked (applied at once or once approved). */
interface SinglePayload {
  openid: string;
  body: SanctionCreateBody;
}

/** The openids of an uploaded list of the caller's CP: one a line, trimmed, without blanks and repeats. */
async function readOpenidList(db: Db, storage: FileStorage, scope: Scope, fileId: string): Promise<string[]> {
  const [file] = await queryRows<{ storage: string; storage_key: string; use: string }>(
    db,
    sql`select storage, storage_key, use from files where id = ${fileId} and cp_id = ${scope.cpId}`,
  );
  if (!file || file.use !== 'openid_list') throw fieldError(scope.lang, 'file_id', 'unknown_ref');
  const stream = await storage.stores[file.storage as 'local' | 's3']?.get(file.storage_key);
  if (!stream) throw fieldError(scope.lang, 'file_id', 'unknown_ref');
  const seen = new Set<string>();
  let rest = '';
  const take = (line: string) => {
    const openid = line.trim();
    if (openid) seen.add(openid);
  };
  for await (const chunk of stream) {
    const lines = (rest + (chunk as Buffer).toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    lines.forEach(take);
    if (seen.size > OPENID_LIST_LIMITS.lines) break;
  }
  take(rest);
  const list = [...seen];
  // Each line must be an openid: a bad one is named, nothing is started.
  const bad = list.findIndex((openid) => !openidField.safeParse(openid).success);
  if (bad >= 0) throw fieldError(scope.lang, 'file_id', 'bad_file');
  if (list.length === 0) throw fieldError(scope.lang, 'file_id', 'required');
  return list;
}

/** Stores a bulk job (queued) through the caller's transaction: the approval's apply or the direct path. */
async function queueBulk(
  tx: Db,
  maker: Scope,
  payload: BulkPayload,
): Promise<{ job_id: number; count: number }> {
  const { openids, ...params } = payload;
  const jobId = await insertJob(
    tx,
    BULK_JOB,
    { cpId: maker.cpId, productId: maker.productId, userId: maker.userId, username: maker.username },
    { items: openids.map((openid) => ({ openid })), params: params as unknown as Record<string, unknown> },
  );
  return { job_id: jobId, count: openids.length };
}

/** Ends are kept by a one-off per sanction; the sweep and the readers' own check cover a late one. */
export async function scheduleSanctionEnd(runner: JobRunner, row: SanctionRow): Promise<void> {
  if (row.status !== 'active') return;
  if (row.endsAt) await runner.scheduleAt(EXPIRE_TASK, expireKey(row.id), row.endsAt, { id: row.id });
  else await runner.unschedule(expireKey(row.id));
}

/**
 * Pushes a kick (or an account ban) to the game after its transaction committed; on failure a job
 * retries it and the staff member is told.
 */
export async function deliverSanction(
  fastify: FastifyInstance,
  db: Db,
  row: SanctionRow,
  scope: Scope,
): Promise<SanctionRow> {
  const runner = fastify.jobs;
  if (row.delivery !== 'pending') return row;
  if (await pushKick(fastify.outside, db, row)) {
    const [done] = await db
      .update(sanctions)
      .set({ delivery: 'ok' })
      .where(eq(sanctions.id, row.id))
      .returning();
    return done!;
  }
  const jobId = await runner.create(
    KICK_JOB,
    { cpId: row.cpId, productId: row.productId, userId: scope.userId, username: scope.username },
    { items: [{ id: row.id }], params: { openid: row.openid } },
  );
  const [pending] = await db
    .update(sanctions)
    .set({ retryJobId: jobId })
    .where(eq(sanctions.id, row.id))
    .returning();
  const send = await notify(db, fastify.events, [
    {
      cpId: row.cpId,
      userId: scope.userId,
      kind: 'system',
      title: (KICK_FAILED[scope.lang] || KICK_FAILED[FALLBACK_LANGUAGE]).replace('{openid}', row.openid),
      body: row.reason,
      link: `/useraccount/userManage/userOption/${encodeURIComponent(row.openid)}`,
    },
  ]);
  send();
  return pending!;
}

/**
 * Sanctions: the player profile's (`/players/:openid/sanctions`, guarded by the player page's
 * permissions) and the list and bulk action of the risk-control page (`/sanctions`).
 */
export async function sanctionRoutes(
  fastify: FastifyInstance,
  options: { db: Db; storage: FileStorage },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = options;
  const runner: JobRunner = fastify.jobs;
  const events: EventBus = fastify.events;
  const tags = ['sanctions'];

  const scheduleEnd = (row: SanctionRow) => scheduleSanctionEnd(runner, row);
  const deliver = (row: SanctionRow, scope: Scope) => deliverSanction(fastify, db, row, scope);

  /** Runs queued bulk jobs of a CP here (after an approval's transaction committed). */
  const runQueuedBulks = async (cpId: number) => {
    const queued = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.cpId, cpId), eq(jobs.kind, BULK_JOB), eq(jobs.status, 'queued')));
    for (const job of queued) void runner.runJob(job.id);
  };
  registerApprovalAction<SinglePayload>('sanctions.single', {
    apply: (tx, maker, payload) => createSanction(tx, maker as ProductScope, payload.openid, payload.body),
    afterApply: (maker, _payload, result) => {
      const row = result as SanctionRow;
      void scheduleEnd(row)
        .then(() => deliver(row, maker))
        .catch((error: unknown) => fastify.log.error({ err: error }, 'approved sanction'));
    },
  });
  registerApprovalAction<BulkPayload>('sanctions.bulk', {
    apply: (tx, maker, payload) => queueBulk(tx, maker, payload),
    afterApply: (maker) => {
      void runQueuedBulks(maker.cpId).catch((error) => fastify.log.error({ err: error }, 'bulk sanctions'));
    },
  });

  // Whatever ended while the server was down ends at start (then the sweep every ten minutes).
  fastify.addHook('onReady', async () => {
    await expireSanctions(db);
  });

  // --- A player's sanctions (the profile) ---
  const players = playersResource;
  app.get(
    `/${players.name}/:openid/sanctions`,
    {
      schema: {
        tags,
        summary: "A player's sanctions: those in force first, then the past ones",
        params: playerParam,
      },
      config: can(players, 'read'),
    },
    async (request) => ok(await playerSanctions(db, scopeOf(request).productId!, request.params.openid)),
  );
  app.post(
    `/${players.name}/:openid/sanctions`,
    {
      schema: {
        tags,
        summary:
          'Ban (account, feature, device), mute or kick a player, with a reason; temporary or permanent',
        params: playerParam,
        body: sanctionCreateBody,
      },
      config: can(players, 'update'),
    },
    async (request, reply) => {
      const scope = scopeOf(request) as ProductScope;
      const { openid } = request.params;
      const body = request.body;
      // One player counts toward the bulk-sanction policy too (amount 1, in its window).
      const outcome = await submitChange<SinglePayload>(db, events, scope, {
        kind: 'sanctions.single',
        amount: 1,
        audience: `player:${scope.productId}:${openid}`,
        reason: body.reason,
        target: {
          type: 'player',
          id: openid,
          name: `${body.kind}${body.feature ? `:${body.feature}` : ''} ${openid}`,
        },
        before: null,
        after: { ...body, openid },
        payload: { openid, body },
      });
      if (!outcome.applied) {
        reply.code(202);
        return ok({ approval: outcome.request });
      }
      const row = outcome.result as SanctionRow;
      await scheduleEnd(row);
      return ok(toItem(await deliver(row, scope)));
    },
  );
  app.post(
    `/${players.name}/:openid/sanctions/:id/lift`,
    {
      schema: {
        tags,
        summary: 'Lift a sanction in force early, with why',
        params: sanctionParam,
        body: sanctionLiftBody,
      },
      config: can(players, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      const row = await liftSanction(
        db,
        scope,
        request.params.openid,
        request.params.id,
        request.body.reason,
      );
      await runner.unschedule(expireKey(row.id));
      return ok(toItem(row));
    },
  );
  app.post(
    `/${players.name}/:openid/sanctions/:id/extend`,
    {
      schema: {
        tags,
        summary: 'Move the end of a sanction in force later, or make it permanent',
        params: sanctionParam,
        body: sanctionExtendBody,
      },
      config: can(players, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      const row = await extendSanction(db, scope, request.params.openid, request.params.id, request.body);
      await scheduleEnd(row);
      return ok(toItem(row));
    },
  );

  // --- Across players (the risk-control page) ---
  const resource = sanctionsResource;
  queryRoutes(
    fastify,
    db,
    resource,
    {
      list: listSanctions,
      batch: sanctionBatch,
    },
    {
      summary: 'Sanctions across players, filtered and paged',
      exporter: {
        headers: SANCTION_EXPORT_COLUMNS,
        // Who set and lifted it, by name; the other columns are the item's own fields.
        toCells: (s: SanctionItem) => ({
          ...(s as unknown as Record<string, Cell>),
          created_by: s.created_by?.username ?? '',
          lifted_by: s.lifted_by?.username ?? '',
        }),
      },
    },
  );
  app.post(
    `/${resource.name}/bulk`,
    {
      schema: {
        tags,
        summary:
          'Sanction the players of an uploaded openid list, as a job (per-line results); above the approval policy threshold it waits for a second person',
        body: sanctionBulkBody,
      },
      config: can(resource, 'create'),
    },
    async (request, reply) => {
      const scope = scopeOf(request) as ProductScope;
      const body: SanctionBulkBody = request.body;
      const openids = await readOpenidList(db, storage, scope, body.file_id);
      const endsAt = body.kind === 'kick' ? null : endOf(body);
      const payload: BulkPayload = {
        kind: body.kind,
        feature: body.feature,
        ends_at: endsAt?.toISOString() ?? null,
        reason: body.reason,
        lang: scope.lang,
        openids,
      };
      const outcome = await submitChange<BulkPayload>(db, events, scope, {
        kind: 'sanctions.bulk',
        amount: openids.length,
        reason: body.reason,
        target: {
          type: 'sanctions',
          id: '',
          name: `${body.kind}${body.feature ? `:${body.feature}` : ''} × ${openids.length}`,
        },
        before: null,
        after: {
          kind: body.kind,
          feature: body.feature ?? '',
          ends_at: payload.ends_at,
          players: openids.length,
          first: openids.slice(0, 20),
        },
        payload,
      });
      if (endsAt) await runner.scheduleAt(SWEEP_TASK, `sanction-bulk-end:${endsAt.getTime()}`, endsAt, {});
      if (!outcome.applied) {
        reply.code(202);
        return ok({ approval: outcome.request, count: openids.length });
      }
      const result = outcome.result as { job_id: number; count: number };
      void runner.runJob(result.job_id);
      reply.code(202);
      return ok(result);
    },
  );
}

/** `GET /api/game/v1/players/:openid/status` on the game API's signed plugin: bans and mutes in force now. */
export function sanctionGameRoutes(fastify: FastifyInstance, { db }: { db: Db }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/players/:openid/status',
    {
      schema: {
        tags: ['game-api'],
        summary: "A player's bans and mutes in force now (not cached: a ban shows at once)",
        params: gamePlayerStatusParam,
      },
      config: GAME,
    },
    async (request) => {
      const caller = request.gameCaller!;
      return ok(await gameStatus(db, caller.productId, request.params.openid));
    },
  );
}
