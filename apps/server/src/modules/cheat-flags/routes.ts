import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import {
  CHEAT_BULK_SYNC_MAX,
  ErrorCode,
  FALLBACK_LANGUAGE,
  cheatFlagBulkBody,
  cheatFlagConfirmBody,
  cheatFlagCreateBody,
  cheatFlagDismissBody,
  cheatFlagParam,
  cheatFlagReviewBody,
  cheatFlagsResource,
  cheatWhitelistQuery,
  type CheatFlagBulkResult,
  type CheatFlagItem,
  type CheatFlagState,
  type Language,
  type Translated,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { JobRunner } from '../../lib/jobs/index.ts';
import type { ModuleWork } from '../../lib/server-module.ts';
import { listRoute, queryRoutes } from '../../lib/resource-routes.ts';
import { fieldError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { queryRows } from '../../lib/rows.ts';
import { playerOf } from '../sanctions/index.ts';
import { applyTemplateToPlayer } from '../violation-templates/index.ts';
import {
  claimConfirm,
  confirmed,
  flagBatch,
  flagById,
  listFlags,
  listWhitelist,
  liftWhitelist,
  logFlag,
  moveFlag,
  raiseFlag,
  toItem,
  unclaim,
} from './service.ts';

export const BULK_JOB = 'cheat-flags.bulk';

/** Refusals of this module, in the caller's language (422001). */
const RULES = {
  whitelisted: {
    zh: '该玩家的此规则在白名单中（曾判定为误报）：请先移出白名单',
    en: 'This player and rule are whitelisted (an earlier false positive): lift the whitelist entry first',
    ja: 'このプレイヤーとルールはホワイトリストにあります（以前の誤検知）。先にホワイトリストから外してください',
    th: 'ผู้เล่นและกฎนี้อยู่ในไวท์ลิสต์ (เคยเป็นผลบวกลวง): นำออกจากไวท์ลิสต์ก่อน',
    vi: 'Người chơi và quy tắc này nằm trong danh sách trắng (từng là báo nhầm): hãy gỡ khỏi danh sách trắng trước',
    tl: 'Nasa whitelist ang manlalaro at panuntunang ito (dating maling hinala): alisin muna sa whitelist',
    id: 'Pemain dan aturan ini ada di daftar putih (positif palsu sebelumnya): cabut dulu dari daftar putih',
    ar: 'هذا اللاعب وهذه القاعدة في القائمة البيضاء (إنذار كاذب سابق): أزل الإدخال من القائمة البيضاء أولاً',
    tc: '該玩家的此規則在白名單中（曾判定為誤報）：請先移出白名單',
  },
  template: {
    zh: '该违规模板不存在或已停用',
    en: 'This violation template does not exist or is disabled',
    ja: 'この違反テンプレートは存在しないか無効です',
    th: 'ไม่มีเทมเพลตการละเมิดนี้หรือถูกปิดใช้งาน',
    vi: 'Mẫu vi phạm này không tồn tại hoặc đã bị tắt',
    tl: 'Wala ang template ng paglabag na ito o naka-disable',
    id: 'Templat pelanggaran ini tidak ada atau dinonaktifkan',
    ar: 'قالب المخالفة هذا غير موجود أو معطّل',
    tc: '該違規模板不存在或已停用',
  },
} satisfies Record<string, Translated>;

function refuse(lang: Language, key: keyof typeof RULES): ApiError {
  return new ApiError(ErrorCode.BUSINESS_RULE, null, RULES[key][lang] || RULES[key][FALLBACK_LANGUAGE]);
}

export const EXPORT_COLUMNS = [
  'id',
  'openid',
  'source',
  'rule',
  'score',
  'hits',
  'state',
  'first_seen',
  'last_seen',
  'assignee',
  'reviewer',
  'reviewed_at',
  'note',
  'template_id',
  'sanction_id',
  'offence',
] as const;

interface BulkInput {
  id: number;
  action: 'start_review' | 'dismiss';
  note: string;
  lang: Language;
}

/** A bulk move of one flag, in its own transaction (or the job item's): a flag not in a state for it is skipped. */
async function bulkMove(tx: Db, scope: ProductScope, input: BulkInput): Promise<CheatFlagBulkResult> {
  try {
    const row = await moveFlag(tx, scope, input.id, input.action, { note: input.note });
    return { id: input.id, result: 'ok', state: row.state as CheatFlagState };
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.NOT_FOUND)
      return { id: input.id, result: 'not_found' };
    if (
      error instanceof ApiError &&
      (error.code === ErrorCode.BUSINESS_RULE || error.code === ErrorCode.CONFLICT)
    )
      return { id: input.id, result: 'skipped' };
    throw error;
  }
}

/** The bulk moves' lines, each with the scope of the staff member who started the job. */
export const cheatFlagWork = (): ModuleWork => ({
  jobs: {
    [BULK_JOB]: {
      async item(tx, input, { job }) {
        const i = input as BulkInput;
        const scope: ProductScope = {
          cpId: job.cpId,
          productId: job.productId ?? -1,
          userId: job.userId ?? 0,
          username: job.username,
          ip: '',
          lang: i.lang,
          isAdmin: false,
        };
        return bulkMove(tx, scope, i);
      },
    },
  },
});

/**
 * `/api/v1/cheat-flags`: the product's flags (list, export, detail), flagging a player by hand, the
 * review moves (start review, confirm with a violation template, false positive), bulk moves, and
 * the whitelist (list, lift).
 */
export async function cheatFlagRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const runner: JobRunner = fastify.jobs;
  const resource = cheatFlagsResource;
  const path = `/${resource.name}`;
  const tags = [resource.name];

  queryRoutes(
    fastify,
    db,
    resource,
    {
      list: listFlags,
      batch: flagBatch,
    },
    {
      summary: 'Flagged players, filtered, sorted and paged',
      exporter: {
        headers: EXPORT_COLUMNS,
        toCells: (f: CheatFlagItem) => ({
          id: f.id,
          openid: f.openid,
          source: f.source,
          rule: f.rule,
          score: f.score,
          hits: f.hits,
          state: f.state,
          first_seen: f.first_seen,
          last_seen: f.last_seen,
          assignee: f.assignee?.username ?? '',
          reviewer: f.reviewer?.username ?? '',
          reviewed_at: f.reviewed_at ?? '',
          note: f.note,
          template_id: f.template_id ?? '',
          sanction_id: f.sanction_id ?? '',
          offence: f.offence ?? '',
        }),
      },
    },
  );

  listRoute(app, {
    name: 'cheat-whitelist',
    path: `${path}/whitelist`,
    tags,
    summary: 'Players and rules found false positive: the rule does not flag them',
    query: cheatWhitelistQuery,
    filters: ['q', 'rule'],
    sorts: ['created_at', 'id'],
    config: can(resource, 'read'),
    list: (request, query) => listWhitelist(db, scopeOf(request) as ProductScope, query),
  });

  app.delete(
    `${path}/whitelist/:id`,
    {
      schema: {
        tags,
        summary: 'Lift a whitelist entry: the rule flags the player again',
        params: cheatFlagParam,
      },
      config: can(resource, 'update'),
    },
    async (request) => {
      await liftWhitelist(db, scopeOf(request) as ProductScope, request.params.id);
      return ok(null);
    },
  );

  app.get(
    `${path}/:id`,
    {
      schema: { tags, summary: 'A flag with its evidence', params: cheatFlagParam },
      config: can(resource, 'read'),
    },
    async (request) => ok(toItem(await flagById(db, scopeOf(request) as ProductScope, request.params.id))),
  );

  app.post(
    path,
    {
      schema: {
        tags,
        summary: 'Flag a player by hand (source manual); an open flag of the same rule counts one more hit',
        body: cheatFlagCreateBody,
      },
      config: can(resource, 'create'),
    },
    async (request, reply) => {
      const scope = scopeOf(request) as ProductScope;
      const body = request.body;
      const row = await db.transaction(async (tx) => {
        const player = await playerOf(tx, scope.productId, body.openid);
        if (!player) throw fieldError(scope.lang, 'openid', 'unknown_ref');
        const raised = await raiseFlag(tx, {
          cpId: scope.cpId,
          productId: scope.productId,
          playerId: player.id,
          openid: body.openid,
          source: 'manual',
          rule: body.rule,
          score: body.score,
          evidence: { ...body.evidence, ...(body.note ? { note: body.note } : {}) },
          at: new Date(),
          by: { id: scope.userId, name: scope.username },
          note: body.note,
        });
        if (raised.result === 'suppressed' || raised.id === null) throw refuse(scope.lang, 'whitelisted');
        const flag = await flagById(tx, scope, raised.id);
        await logFlag(tx, scope, raised.result === 'raised' ? 'create' : 'update', null, flag);
        return { flag, created: raised.result === 'raised' };
      });
      if (row.created) reply.code(201);
      return ok(toItem(row.flag));
    },
  );

  // The two moves of one flag that only change its state (the bulk route makes the same ones).
  for (const move of [
    {
      action: 'start_review',
      path: 'start-review',
      summary: 'Take a flag in review (flagged → under_review); the caller becomes its assignee',
      body: cheatFlagReviewBody,
    },
    {
      action: 'dismiss',
      path: 'dismiss',
      summary: 'A false positive: closes the flag and whitelists the player and rule',
      body: cheatFlagDismissBody,
    },
  ] as const)
    app.post(
      `${path}/:id/${move.path}`,
      {
        schema: { tags, summary: move.summary, params: cheatFlagParam, body: move.body },
        config: can(resource, 'update'),
      },
      async (request) => {
        const scope = scopeOf(request) as ProductScope;
        return ok(
          toItem(
            await db.transaction((tx) => moveFlag(tx, scope, request.params.id, move.action, request.body)),
          ),
        );
      },
    );

  app.post(
    `${path}/:id/confirm`,
    {
      schema: {
        tags,
        summary:
          "Confirm the cheat: applies a violation template to the player (their offence count picks the ladder's rung)",
        params: cheatFlagParam,
        body: cheatFlagConfirmBody,
      },
      config: can(resource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request) as ProductScope;
      const body = request.body;
      const [template] = await queryRows<{ status: string }>(
        db,
        sql`select status from violation_templates
          where id = ${body.template_id} and cp_id = ${scope.cpId} and product_id = ${scope.productId}`,
      );
      if (!template || template.status !== 'active') throw refuse(scope.lang, 'template');
      const { before, claimed } = await claimConfirm(db, scope, request.params.id, body);
      const mark = `${claimed.rule} #${claimed.id}`;
      let applied;
      try {
        applied = await applyTemplateToPlayer(fastify, db, scope, body.template_id, {
          openid: claimed.openid,
          device_id: body.device_id,
          note: `${mark}${body.note ? ` — ${body.note}` : ''}`.slice(0, 500),
        });
      } catch (error) {
        // Applied before it failed (e.g. scheduling the end)? Then the flag records it; else it reopens.
        const [offence] = await queryRows<{ offence: number; sanction_id: number | null; action: string }>(
          db,
          sql`select offence, sanction_id, action from violation_offences
            where template_id = ${body.template_id} and player_id = ${claimed.playerId}
              and (note = ${mark} or note like ${`${mark} — %`})
            order by id desc limit 1`,
        );
        if (offence)
          await confirmed(db, scope, before, claimed, {
            offence: Number(offence.offence),
            sanctionId: offence.sanction_id === null ? null : Number(offence.sanction_id),
            action: offence.action,
          });
        else await unclaim(db, before, claimed);
        throw error;
      }
      const row = await confirmed(db, scope, before, claimed, {
        offence: applied.offence,
        sanctionId: applied.sanction?.id ?? null,
        action: applied.step.action,
      });
      return ok({ flag: toItem(row), applied });
    },
  );

  app.post(
    `${path}/bulk`,
    {
      schema: {
        tags,
        summary: `Start the review of, or dismiss, the selected flags: up to ${CHEAT_BULK_SYNC_MAX} at once, more as a job`,
        body: cheatFlagBulkBody,
      },
      config: can(resource, 'update'),
    },
    async (request, reply) => {
      const scope = scopeOf(request) as ProductScope;
      const { action, note } = request.body;
      const ids = [...new Set(request.body.ids)];
      const inputs: BulkInput[] = ids.map((id) => ({ id, action, note, lang: scope.lang }));
      if (ids.length <= CHEAT_BULK_SYNC_MAX) {
        const results: CheatFlagBulkResult[] = [];
        for (const input of inputs) results.push(await db.transaction((tx) => bulkMove(tx, scope, input)));
        return ok({ results });
      }
      const jobId = await runner.create(
        BULK_JOB,
        { cpId: scope.cpId, productId: scope.productId, userId: scope.userId, username: scope.username },
        { items: inputs, params: { action } },
      );
      reply.code(202);
      return ok({ job_id: jobId, count: ids.length });
    },
  );
}
