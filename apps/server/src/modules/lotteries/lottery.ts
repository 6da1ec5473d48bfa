import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, type SQL } from 'drizzle-orm';
import {
  idParam,
  lotteriesResource,
  lotteryDrawsResource,
  lotteryMoveBody,
  type Lottery,
  type LotteryDraw,
  type LotteryStatus,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { contains, listRows, rowsAfter, sortOrder } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, ruleError } from '../../lib/problems.ts';
import { checkReferences } from '../../lib/references.ts';
import { giftPackages } from '../gift-packages/tables.ts';
import { props } from '../props/index.ts';
import { ok } from '../../lib/request.ts';
import {
  queryRoutes,
  resourceRoutes,
  resourceService,
  resourceTableRoutes,
  type ResourceImpl,
} from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { lotteries, lotteryDraws } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof lotteries.$inferSelect;

const impl: ResourceImpl<typeof lotteriesResource, typeof lotteries, Lottery, null> = {
  table: lotteries,
  toItem: (row: Row): Lottery => ({
    id: row.id,
    product_id: row.productId,
    name: row.name,
    prizes: row.prizes,
    fallback: row.fallback,
    entry_kind: row.entryKind,
    entry_min: row.entryMin,
    draws_per_player: row.drawsPerPlayer,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    mail_title: row.mailTitle,
    status: row.status,
    seed_hash: row.seedHash,
    // The seed stays secret until the lottery ends.
    seed: row.status === 'ended' ? row.seed : null,
    given: row.given,
    draws: row.draws,
    ...stamps(row),
  }),
  nameOf: (row) => row.name,
  where: (f) => [
    f.q ? contains(lotteries.name, f.q) : undefined,
    f.status ? eq(lotteries.status, f.status) : undefined,
  ],
  /** Once started, what players draw from is fixed (the seed hash promises it). */
  async check(db, scope, input, before) {
    if (before && before.status !== 'draft') throw ruleError(scope.lang, 'lottery_not_draft');
    // What a prize's mail carries: active props and gift packages of the game, each on its field.
    const lines = [
      ...(input.prizes ?? []).flatMap((p, i) =>
        p.attachments.map((a, j) => ({ ...a, field: `prizes.${i}.attachments.${j}.id` })),
      ),
      ...(input.fallback?.attachments ?? []).map((a, j) => ({ ...a, field: `fallback.attachments.${j}.id` })),
    ];
    const problems = new FieldProblems(scope.lang);
    const active = { usable: (row: { status: string }) => row.status === 'active' };
    const refs = (type: string) =>
      lines.filter((a) => a.type === type).map((a) => ({ field: a.field, id: a.id }));
    await checkReferences(db, scope, problems, props, refs('prop'), active);
    await checkReferences(db, scope, problems, giftPackages, refs('gift'), active);
    problems.throwIfAny();
  },
  columns: (input) => ({
    name: input.name,
    prizes: input.prizes,
    fallback: input.fallback,
    entryKind: input.entry_kind,
    entryMin: input.entry_min,
    drawsPerPlayer: input.draws_per_player,
    startsAt: input.starts_at === undefined ? undefined : input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at === undefined ? undefined : input.ends_at ? new Date(input.ends_at) : null,
    mailTitle: input.mail_title,
  }),
  /** A lottery players drew from keeps its records: it cannot be deleted. */
  async usage(_db, _scope, row) {
    return row.status === 'draft' ? [] : [{ type: 'lottery_draws', count: row.draws }];
  },
  disable: {
    isDisabled: (row) => row.status === 'ended',
    set: { status: 'ended' },
  },
};
export const lotteryService = resourceService(lotteriesResource, impl);

const drawItem = (row: typeof lotteryDraws.$inferSelect): LotteryDraw => ({
  id: row.id,
  lottery_id: row.lotteryId,
  draw_no: row.drawNo,
  openid: row.openid,
  prize_key: row.prizeKey,
  prize_name: row.prizeName,
  roll: row.roll,
  mail_id: row.mailId,
  created_at: row.createdAt.toISOString(),
});

const drawConditions = (
  scope: Scope,
  f: { lottery_id?: number; openid?: string; prize_key?: string },
): (SQL | undefined)[] => [
  inScope(lotteryDraws, scope),
  f.lottery_id ? eq(lotteryDraws.lotteryId, f.lottery_id) : undefined,
  f.openid ? eq(lotteryDraws.openid, f.openid) : undefined,
  f.prize_key !== undefined && f.prize_key !== '' ? eq(lotteryDraws.prizeKey, f.prize_key) : undefined,
];

/** Moves a lottery draft → live (drawing its seed) or live → ended (revealing it). */
async function move(db: Db, scope: Scope, id: number, version: number, to: LotteryStatus): Promise<Row> {
  const target = rowInScope(lotteries, scope, id);
  return db.transaction(async (tx) => {
    const before = await findOr404(tx, lotteries, target);
    const from: LotteryStatus = to === 'live' ? 'draft' : 'live';
    if (before.status !== from)
      throw ruleError(scope.lang, to === 'live' ? 'lottery_not_draft' : 'lottery_not_live');
    const seed = randomBytes(32).toString('hex');
    const saved = await updateVersioned(
      tx,
      lotteries,
      target,
      version,
      to === 'live'
        ? {
            status: 'live',
            seed,
            seedHash: createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
          }
        : { status: 'ended' },
    );
    await logChange(tx, scope, {
      action: to === 'live' ? 'publish' : 'end',
      targetType: 'lottery',
      targetId: saved.id,
      targetName: saved.name,
      before: { status: before.status },
      after: { status: saved.status, seed_hash: saved.seedHash },
    });
    return saved;
  });
}

/**
 * `/lotteries` (drafts edited, `/:id/start` publishes the seed hash, `/:id/end` reveals the seed)
 * and `/lottery-draws?lottery_id=` (the draw records, listed and exported).
 */
export async function lotteryRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [lotteriesResource.name];
  resourceTableRoutes(fastify, db, lotteriesResource, {
    exporter: {
      name: lotteriesResource.name,
      headers: [
        'id',
        'name',
        'status',
        'entry_kind',
        'entry_min',
        'draws_per_player',
        'starts_at',
        'ends_at',
        'draws',
        'seed_hash',
        'seed',
        'updated_at',
      ],
      prepare: async () => null,
      toCells: (item: Lottery) => item as never,
      batch: (db2: Db, scope, filters, after: number, limit: number) =>
        lotteryService.batch(db2, scope, filters as never, after, limit),
    },
  });
  resourceRoutes(fastify, db, lotteriesResource, lotteryService, impl);
  for (const [action, to] of [
    ['start', 'live'],
    ['end', 'ended'],
  ] as const) {
    app.post(
      `/lotteries/:id/${action}`,
      {
        schema: {
          tags,
          summary: action === 'start' ? 'Start: the seed hash is published' : 'End: the seed is revealed',
          params: idParam,
          body: lotteryMoveBody,
        },
        config: can(lotteriesResource, 'update'),
      },
      async (request) =>
        ok(impl.toItem(await move(db, scopeOf(request), request.params.id, request.body.version, to))),
    );
  }

  queryRoutes(
    fastify,
    db,
    lotteryDrawsResource,
    {
      async list(db2, scope, query) {
        const order = sortOrder(query.sort, { id: lotteryDraws.id }, 'id', lotteryDraws.id, scope.lang);
        return listRows(db2, lotteryDraws, and(...drawConditions(scope, query)), order, query, (rows) =>
          rows.map(drawItem),
        );
      },
      async batch(db2, scope, filters, afterId, limit) {
        const rows = await rowsAfter(
          db2,
          lotteryDraws,
          and(...drawConditions(scope, filters)),
          afterId,
          limit,
        );
        return rows.map(drawItem);
      },
    },
    {
      summary: "A lottery's draw records",
      exporter: {
        headers: ['id', 'draw_no', 'openid', 'prize_key', 'prize_name', 'roll', 'mail_id', 'created_at'],
      },
    },
  );
}
