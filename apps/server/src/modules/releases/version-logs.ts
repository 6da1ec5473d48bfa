import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  VERSION_LOG_FILTERS,
  VERSION_LOG_SORTS,
  versionAdoptionQuery,
  versionLogAccess,
  versionLogQuery,
  type VersionLogItem,
} from '@rx/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { containsAny } from '../../lib/list.ts';
import { ok } from '../../lib/request.ts';
import { listRoute } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { inScope } from '../../lib/scope.ts';
import { versionAdoption } from '../players/index.ts';
import { toPublish } from './publish.ts';
import { appReleasePublishes as p, appReleases } from './tables.ts';
import { auditRoute } from './version-audit.ts';

type Query = z.output<typeof versionLogQuery>;

const SORTS = {
  created_at: p.createdAt,
  version_code: sql`(${p.snapshot} ->> 'version_code')::int`,
  platform: p.platform,
  channel: p.channel,
  action: p.action,
};

/** The release log of the caller's game: every publish of every platform and channel, filtered, sorted and paged. */
export async function versionLog(
  db: Db,
  scope: Scope,
  query: Query,
): Promise<{ list: VersionLogItem[]; total: number }> {
  const where = and(
    inScope(p, scope),
    containsAny(query.q, sql`${p.snapshot} ->> 'version_name'`, p.note),
    query.platform ? eq(p.platform, query.platform) : undefined,
    query.channel !== undefined ? eq(p.channel, query.channel) : undefined,
    query.action ? eq(p.action, query.action) : undefined,
    query.created_by ? eq(p.createdBy, query.created_by) : undefined,
  );
  const sort = query.sort ?? '-created_at';
  const field = sort.replace(/^-/, '') as keyof typeof SORTS;
  const order: SQL[] = [sort.startsWith('-') ? desc(SORTS[field]) : asc(SORTS[field]), desc(p.id)];
  // The live publish of each platform and channel is its highest number.
  const live = sql<number>`(select max(q.number) from ${p} q where q.product_id = ${p.productId} and q.platform = ${p.platform} and q.channel = ${p.channel})`;
  const rows = await db
    .select({ row: p, live, changelog: appReleases.changelog })
    .from(p)
    .innerJoin(appReleases, eq(appReleases.id, p.releaseId))
    .where(where)
    .orderBy(...order)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(p)
    .where(where);
  return {
    list: rows.map(({ row, live: liveNumber, changelog }): VersionLogItem => {
      // The log is the publish as the publishes drawer shows it, without the version's copy, with
      // the version's changelog.
      const { snapshot: _snapshot, ...item } = toPublish(row, Number(liveNumber));
      return { ...item, changelog };
    }),
    total: count?.total ?? 0,
  };
}

/** `GET /version-logs`: who released what, when (read-only). */
export function versionLogRoutes(app: FastifyInstance, db: Db): void {
  auditRoute(app, db);
  listRoute(app, {
    name: 'version-logs',
    path: '/version-logs',
    tags: ['version-logs'],
    summary: "The release log: every publish, halt, resume and rollback of the game's versions",
    query: versionLogQuery,
    filters: VERSION_LOG_FILTERS,
    sorts: VERSION_LOG_SORTS,
    config: can(versionLogAccess, 'read'),
    list: (request, query) => versionLog(db, scopeOf(request), query),
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/version-logs/adoption',
    {
      schema: {
        tags: ['version-logs'],
        summary: 'Players signing in per app version and day (UTC), from the sign-ins games report',
        querystring: versionAdoptionQuery,
      },
      config: can(versionLogAccess, 'read'),
    },
    async (request) => {
      const scope = scopeOf(request);
      return ok(await versionAdoption(db, scope.productId!, request.query.days));
    },
  );
}
