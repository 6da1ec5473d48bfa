import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import {
  VERSION_AUDIT_ACTIONS,
  VERSION_AUDIT_FILTERS,
  VERSION_AUDIT_SORTS,
  versionAuditQuery,
  versionLogAccess,
  type VersionAuditChange,
  type VersionAuditItem,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { operationLogs as log } from '../../db/schema.ts';
import { contains } from '../../lib/list.ts';
import { listRoute, tableList } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { inGame } from '../../lib/scope.ts';

/**
 * The audit of a game's versions, in the version log: the operation log's entries on versions
 * (every write of one is logged in its transaction, with the row before and after), each turned
 * into the fields it changed.
 */

/** What every write moves and says nothing of the change itself. */
const BOOKKEEPING = new Set(['id', 'product_id', 'version', 'created_at', 'updated_at']);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Empty text, list or object reads as nothing (a new version's empty note is no change to show). */
const orNull = (v: unknown) =>
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (isPlainObject(v) && Object.keys(v).length === 0)
    ? null
    : v;

/** The fields of a log entry's before and after that differ; a multilingual text per language. */
export function changesOf(before: unknown, after: unknown): VersionAuditChange[] {
  const from = isPlainObject(before) ? before : {};
  const to = isPlainObject(after) ? after : {};
  const changes: VersionAuditChange[] = [];
  for (const field of new Set([...Object.keys(from), ...Object.keys(to)])) {
    if (BOOKKEEPING.has(field)) continue;
    const a = orNull(from[field]);
    const b = orNull(to[field]);
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    // Per language (or key): `changelog.en` from '' to 'Fixed the shop'.
    if (
      (isPlainObject(a) || isPlainObject(b)) &&
      (a == null || isPlainObject(a)) &&
      (b == null || isPlainObject(b))
    ) {
      const x = isPlainObject(a) ? a : {};
      const y = isPlainObject(b) ? b : {};
      for (const key of new Set([...Object.keys(x), ...Object.keys(y)]))
        if (JSON.stringify(orNull(x[key])) !== JSON.stringify(orNull(y[key])))
          changes.push({ field: `${field}.${key}`, from: orNull(x[key]), to: orNull(y[key]) });
      continue;
    }
    changes.push({ field, from: a ?? null, to: b ?? null });
  }
  return changes;
}

const auditList = tableList({
  table: log,
  sortBy: { created_at: log.createdAt },
  fallback: '-created_at',
  items: (_db, rows): VersionAuditItem[] =>
    rows.map((row) => ({
      id: row.id,
      action: row.action as VersionAuditItem['action'],
      release_id: Number(row.targetId),
      release_name: row.targetName,
      created_by: row.username,
      created_at: row.createdAt.toISOString(),
      changes: changesOf(row.before, row.after),
    })),
});

/** `GET /version-logs/audit`: the versions' audit, newest first, by version, action and who. */
export function auditRoute(app: FastifyInstance, db: Db): void {
  listRoute(app, {
    name: 'version-audit',
    path: '/version-logs/audit',
    tags: ['version-logs'],
    summary:
      "The audit of the game's versions: who changed which field from what to what, and published, when",
    query: versionAuditQuery,
    filters: VERSION_AUDIT_FILTERS,
    sorts: VERSION_AUDIT_SORTS,
    config: can(versionLogAccess, 'read'),
    list: (request, query) => {
      const scope = scopeOf(request);
      const where: (SQL | undefined)[] = [
        inGame(log, scope),
        eq(log.targetType, 'app_release'),
        query.action ? eq(log.action, query.action) : inArray(log.action, [...VERSION_AUDIT_ACTIONS]),
        query.release_id ? eq(log.targetId, String(query.release_id)) : undefined,
        query.q ? contains(log.targetName, query.q) : undefined,
        query.created_by ? eq(log.username, query.created_by) : undefined,
      ];
      return auditList(db, and(...where), query, scope.lang);
    },
  });
}
