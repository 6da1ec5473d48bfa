import type { FastifyInstance } from 'fastify';
import { and, gt, ilike, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { csBlacklistResource, type CsBlacklistEntry } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { FieldProblems } from '../../lib/problems.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { csBlacklist } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

/**
 * The service blacklist as a resource (`/api/v1/cs-blacklist`): the game API refuses a player with
 * an active entry (`isBlacklisted` in service.ts reads the same table).
 */

type Row = typeof csBlacklist.$inferSelect;

/** `%…%` with the LIKE wildcards of the text taken literally. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const isActive = (row: Row, now = Date.now()) => row.expiresAt === null || row.expiresAt.getTime() > now;

const impl: ResourceImpl<typeof csBlacklistResource, typeof csBlacklist, CsBlacklistEntry, null> = {
  table: csBlacklist,
  toItem: (row: Row): CsBlacklistEntry => ({
    id: row.id,
    openid: row.openid,
    reason: row.reason,
    expires_at: row.expiresAt?.toISOString() ?? null,
    active: isActive(row),
    ...stamps(row),
  }),
  nameOf: (row) => row.openid,
  where: (f) => [
    f.q ? or(ilike(csBlacklist.openid, likeText(f.q)), ilike(csBlacklist.reason, likeText(f.q))) : undefined,
    f.state === 'active'
      ? or(isNull(csBlacklist.expiresAt), gt(csBlacklist.expiresAt, sql`now()`))
      : f.state === 'expired'
        ? and(isNotNull(csBlacklist.expiresAt), lte(csBlacklist.expiresAt, sql`now()`))
        : undefined,
  ],
  columns: (input) => ({
    openid: input.openid,
    reason: input.reason,
    expiresAt:
      input.expires_at === undefined
        ? undefined
        : input.expires_at === null
          ? null
          : new Date(input.expires_at),
  }),
  // An entry is a player's: another player is another entry.
  immutable: ['openid'],
  unique: { cs_blacklist_player: 'openid' },
  // An expiry already past would list a player who is not refused: say so instead.
  check: async (_db, scope, input) => {
    const problems = new FieldProblems(scope.lang);
    if (input.expires_at && Date.parse(input.expires_at) <= Date.now())
      problems.add('expires_at', 'not_in_future');
    problems.throwIfAny();
  },
  sheet: autoSheet<CsBlacklistEntry>(csBlacklistResource),
};

export const csBlacklistService = resourceService(csBlacklistResource, impl);

export function csBlacklistRoutes(fastify: FastifyInstance, db: Db): void {
  resourceRoutes(fastify, db, csBlacklistResource, csBlacklistService, impl);
}
