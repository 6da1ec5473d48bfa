import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, ilike, inArray, or } from 'drizzle-orm';
import {
  compareAppVersions,
  featureModulesResource,
  gameModulesQuery,
  type FeatureModule,
  type GameModules,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ok } from '../../lib/request.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { GAME } from '../../lib/route-access.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { featureModules } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof featureModules.$inferSelect;

/** `%…%` with the LIKE wildcards of the text taken literally. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toItem(row: Row): FeatureModule {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    channel: row.channel,
    min_version: row.minVersion,
    max_version: row.maxVersion,
    enabled: row.enabled,
    rollout_percent: row.rolloutPercent,
    whitelist: row.whitelist,
    note: row.note,
    ...stamps(row),
  };
}

const impl: ResourceImpl<typeof featureModulesResource, typeof featureModules, FeatureModule, null> = {
  table: featureModules,
  toItem,
  nameOf: (row) => (row.channel ? `${row.code} (${row.channel})` : row.code),
  where: (f) => [
    f.q
      ? or(
          ilike(featureModules.code, likeText(f.q)),
          ilike(featureModules.name, likeText(f.q)),
          ilike(featureModules.note, likeText(f.q)),
        )
      : undefined,
    f.channel !== undefined && f.channel !== '' ? eq(featureModules.channel, f.channel) : undefined,
    f.enabled !== undefined ? eq(featureModules.enabled, f.enabled) : undefined,
  ],
  columns: (input) => ({
    code: input.code,
    name: input.name,
    channel: input.channel,
    minVersion: input.min_version,
    maxVersion: input.max_version,
    enabled: input.enabled,
    rolloutPercent: input.rollout_percent,
    whitelist: input.whitelist,
    note: input.note,
  }),
  // The game looks a module up by its code.
  immutable: ['code'],
  // One row per module and channel: a second one is refused on its code.
  unique: { feature_modules_code_channel: 'code' },
  sheet: autoSheet<FeatureModule>(featureModulesResource),
};

export const featureModuleService = resourceService(featureModulesResource, impl);

/** `/feature-modules`: list, create, edit, delete, export and import. */
export async function featureModuleRoutes(fastify: FastifyInstance, { db }: { db: Db }): Promise<void> {
  resourceRoutes(fastify, db, featureModulesResource, featureModuleService, impl);
}

/** A player's stable bucket of a module, 0–99: the same player stays in or out as the percentage grows. */
export function rolloutBucket(code: string, openid: string): number {
  return createHash('sha256').update(`${code}:${openid}`).digest().readUInt32BE(0) % 100;
}

/**
 * Which modules are on for a channel, an app version and (optionally) a player: per code, the
 * channel's own row, else the every-channel row. On when enabled, the version is within the range,
 * and the player is whitelisted or in the rollout (without an openid, only a 100 % rollout counts).
 */
export function decideModules(
  rows: Row[],
  query: { channel: string; version: string; openid?: string },
): GameModules {
  const chosen = new Map<string, Row>();
  for (const row of rows) {
    const held = chosen.get(row.code);
    if (!held || (held.channel === '' && row.channel !== '')) chosen.set(row.code, row);
  }
  const items: GameModules['items'] = [];
  for (const row of [...chosen.values()].sort((a, b) => a.code.localeCompare(b.code))) {
    const within =
      !query.version ||
      ((!row.minVersion || compareAppVersions(query.version, row.minVersion) >= 0) &&
        (!row.maxVersion || compareAppVersions(query.version, row.maxVersion) <= 0));
    const listed = query.openid !== undefined && row.whitelist.includes(query.openid);
    const rolled =
      row.rolloutPercent >= 100 ||
      (query.openid !== undefined && rolloutBucket(row.code, query.openid) < row.rolloutPercent);
    const [on, reason] = !row.enabled
      ? [false, 'disabled' as const]
      : !within
        ? [false, 'version' as const]
        : listed
          ? [true, 'whitelist' as const]
          : rolled
            ? [true, 'rollout' as const]
            : [false, 'not_in_rollout' as const];
    items.push({ code: row.code, on, reason });
  }
  return { modules: Object.fromEntries(items.map((i) => [i.code, i.on])), items };
}

/** `GET /api/game/v1/modules?channel=&version=&openid=`: the game's modules, on or off, for that caller. */
export function featureModuleGameRoutes(fastify: FastifyInstance, { db }: { db: Db }): void {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/modules',
    {
      schema: {
        tags: ['game-api'],
        summary: 'The feature modules on or off for a channel, an app version and a player',
        querystring: gameModulesQuery,
      },
      config: GAME,
    },
    async (request, reply) => {
      // Depends on the player (whitelist, rollout): not for shared caches.
      reply.header('cache-control', 'private, no-store');
      const { channel } = request.query;
      const rows = await db
        .select()
        .from(featureModules)
        .where(
          and(
            eq(featureModules.productId, request.gameCaller!.productId),
            inArray(featureModules.channel, channel ? ['', channel] : ['']),
          ),
        );
      return ok(decideModules(rows, request.query));
    },
  );
}
