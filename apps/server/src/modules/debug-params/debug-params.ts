import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, gt, ilike, lte, or, sql } from 'drizzle-orm';
import {
  debugParamsResource,
  gameDebugParamsQuery,
  type DebugParam,
  type GameDebugParams,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ok } from '../../lib/request.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { GAME } from '../../lib/route-access.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { debugParams } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof debugParams.$inferSelect;

/** `%…%` with the LIKE wildcards of the text taken literally. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toItem(row: Row): DebugParam {
  return {
    id: row.id,
    target_kind: row.targetKind,
    target: row.target,
    key: row.key,
    value: row.value,
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= Date.now(),
    note: row.note,
    ...stamps(row),
  };
}

const impl: ResourceImpl<typeof debugParamsResource, typeof debugParams, DebugParam, null> = {
  table: debugParams,
  toItem,
  nameOf: (row) => `${row.target} ${row.key}`,
  where: (f) => [
    f.q
      ? or(
          ilike(debugParams.key, likeText(f.q)),
          ilike(debugParams.target, likeText(f.q)),
          ilike(debugParams.note, likeText(f.q)),
        )
      : undefined,
    f.target_kind ? eq(debugParams.targetKind, f.target_kind) : undefined,
    f.target ? eq(debugParams.target, f.target) : undefined,
    f.state === 'active' ? gt(debugParams.expiresAt, sql`now()`) : undefined,
    f.state === 'expired' ? lte(debugParams.expiresAt, sql`now()`) : undefined,
  ],
  columns: (input) => ({
    targetKind: input.target_kind,
    target: input.target,
    key: input.key,
    value: input.value,
    expiresAt: input.expires_at === undefined ? undefined : new Date(input.expires_at),
    note: input.note,
  }),
  // One value per key of a player or device: a second one is refused on its key.
  unique: { debug_params_target_key: 'key' },
  sheet: autoSheet<DebugParam>(debugParamsResource),
};

export const debugParamService = resourceService(debugParamsResource, impl);

/** `/debug-params`: the game's debug parameters (list, create, edit, delete, export, import). */
export async function debugParamRoutes(fastify: FastifyInstance, { db }: { db: Db }): Promise<void> {
  resourceRoutes(fastify, db, debugParamsResource, debugParamService, impl);
}

/**
 * The parameters in force for a player and/or a device of a game: the device's, then the player's
 * over them (a player's value wins on the same key). Expired ones are not delivered.
 */
export async function debugParamsFor(
  db: Db,
  productId: number,
  query: { openid?: string; device_id?: string },
): Promise<GameDebugParams> {
  const targets = [
    query.device_id
      ? and(eq(debugParams.targetKind, 'device'), eq(debugParams.target, query.device_id))
      : undefined,
    query.openid
      ? and(eq(debugParams.targetKind, 'player'), eq(debugParams.target, query.openid))
      : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select()
    .from(debugParams)
    .where(and(eq(debugParams.productId, productId), gt(debugParams.expiresAt, sql`now()`), or(...targets)))
    .orderBy(asc(debugParams.key), asc(debugParams.id));
  // Devices first, so a player's value on the same key is written over it.
  rows.sort((a, b) => (a.targetKind === b.targetKind ? 0 : a.targetKind === 'device' ? -1 : 1));
  const params: Record<string, string> = {};
  for (const row of rows) params[row.key] = row.value;
  return {
    params,
    entries: rows.map((row) => ({
      key: row.key,
      value: row.value,
      source: row.targetKind,
      expires_at: row.expiresAt.toISOString(),
    })),
  };
}

/** `GET /api/game/v1/debug-params?openid=&device_id=`: what the game applies for that player or device. */
export function debugParamGameRoutes(fastify: FastifyInstance, { db }: { db: Db }): void {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/debug-params',
    {
      schema: {
        tags: ['game-api'],
        summary: "A player's and/or a device's debug parameters in force (a player's value wins)",
        querystring: gameDebugParamsQuery,
      },
      config: GAME,
    },
    async (request, reply) => {
      // Per player and short-lived: never cached on the way.
      reply.header('cache-control', 'private, no-store');
      return ok(await debugParamsFor(db, request.gameCaller!.productId, request.query));
    },
  );
}
