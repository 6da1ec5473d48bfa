import { and, eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE, allPermissions } from '@rx/contracts';
import type { Db } from '../db/index.ts';
import { rolePermissions, roles, userRoles, users } from '../db/schema.ts';

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

/** The CP's active staff who hold `permission` (its admins included), with their language: whom to tell. */
export async function staffHolding(
  db: Db,
  cpId: number,
  permission: string,
): Promise<{ id: number; lang: string }[]> {
  const staff = await db
    .select({ id: users.id, lang: users.defaultLang, permChangedAt: users.permChangedAt })
    .from(users)
    .where(and(eq(users.cpId, cpId), eq(users.disabled, false)));
  const holders: { id: number; lang: string }[] = [];
  for (const user of staff) {
    const grants = await userGrants(db, user.id, user.permChangedAt);
    if (grants.isAdmin || grants.permissions.has(permission)) holders.push(user);
  }
  return holders;
}
