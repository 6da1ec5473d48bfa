import { and, eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE, allPermissions } from '@rx/contracts';
import type { Db } from '../db/index.ts';
import { rolePermissions, roles, userRoles } from '../db/schema.ts';

export { ADMIN_ROLE };

/** What a staff member may do: their roles and the permissions those grant. */
export interface UserGrants {
  isAdmin: boolean;
  roles: { identifier: string; name: string }[];
  /** Every permission the user holds (admin: the whole catalogue). */
  permissions: Set<string>;
}

/**
 * Grants per user, valid while the user's `perm_changed_at` is unchanged (it is read on every
 * request). One cache per database: user ids of two databases in one process (tests) are not the
 * same users.
 */
const caches = new WeakMap<Db, Map<number, { stamp: number; grants: UserGrants }>>();
const CACHE_LIMIT = 5000;

export async function userGrants(db: Db, userId: number, permChangedAt: number): Promise<UserGrants> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(userId);
  if (hit && hit.stamp === permChangedAt) return hit.grants;
  const rows = await db
    .select({
      identifier: roles.identifier,
      name: roles.name,
      resources: sql<string[] | null>`array_remove(array_agg(${rolePermissions.resource}), null)`,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    // A disabled role grants nothing.
    .where(and(eq(userRoles.userId, userId), eq(roles.disabled, false)))
    .groupBy(roles.id, roles.identifier, roles.name)
    .orderBy(roles.identifier);
  const isAdmin = rows.some((r) => r.identifier === ADMIN_ROLE);
  const permissions = new Set<string>(isAdmin ? allPermissions() : rows.flatMap((r) => r.resources ?? []));
  const grants: UserGrants = {
    isAdmin,
    roles: rows.map((r) => ({ identifier: r.identifier, name: r.name })),
    permissions,
  };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(userId, { stamp: permChangedAt, grants });
  return grants;
}
