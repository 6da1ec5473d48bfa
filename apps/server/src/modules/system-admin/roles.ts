import { and, count, eq, inArray } from 'drizzle-orm';
import { ADMIN_ROLE, allPermissions, rolesResource, type Role } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { rolePermissions, roles, userRoles, users } from '../../db/schema.ts';
import type { Scope } from '../../lib/access.ts';
import { deleteOrDisable } from '../../lib/delete.ts';
import { containsAny, countWhere } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, inTransaction, ruleError } from '../../lib/problems.ts';
import { resourceReads } from '../../lib/resource-routes.ts';
import type { CreateInput, Filters, UpdateInput } from '../../lib/resource-routes.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { stamps } from '../../lib/rows.ts';

type Resource = typeof rolesResource;
type Row = typeof roles.$inferSelect;
export type RoleFilters = Filters<Resource>;
export type RoleInput = CreateInput<Resource>;

const roleOf = (scope: Scope, id: number) => and(eq(roles.id, id), eq(roles.cpId, scope.cpId))!;

/** Roles with their permissions and how many staff hold them. */
async function withDetails(db: Db, rows: Row[]): Promise<Role[]> {
  const ids = rows.map((r) => r.id);
  const [grants, holders] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(rolePermissions)
          .where(inArray(rolePermissions.roleId, ids))
          .orderBy(rolePermissions.resource),
        db
          .select({ roleId: userRoles.roleId, n: count() })
          .from(userRoles)
          .where(inArray(userRoles.roleId, ids))
          .groupBy(userRoles.roleId),
      ])
    : [[], []];
  return rows.map((row) => ({
    id: row.id,
    identifier: row.identifier,
    name: row.name,
    disabled: row.disabled,
    // The admin role holds everything by its identifier, not by a list.
    permissions: grants.filter((g) => g.roleId === row.id).map((g) => g.resource),
    user_count: holders.find((h) => h.roleId === row.id)?.n ?? 0,
    ...stamps(row),
  }));
}

export const {
  list: listRoles,
  batch: roleBatch,
  get: getRole,
} = resourceReads(rolesResource, {
  table: roles,
  items: withDetails,
  where: (f) => [
    containsAny(f.q, roles.identifier, roles.name),
    f.disabled === undefined ? undefined : eq(roles.disabled, f.disabled),
  ],
});

/** Permissions must come from the page catalogue; identifiers are unique in the CP, `admin` reserved. */
async function check(db: Db, scope: Scope, input: Partial<RoleInput>, exceptId = 0): Promise<void> {
  const problems = new FieldProblems(scope.lang);
  const known = new Set(allPermissions());
  input.permissions?.forEach((p, i) => {
    if (!known.has(p)) problems.add(`permissions.${i}`, 'unknown_ref');
  });
  if (input.identifier !== undefined) {
    const [taken] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.cpId, scope.cpId), eq(roles.identifier, input.identifier)));
    if (input.identifier === ADMIN_ROLE || (taken && taken.id !== exceptId))
      problems.add('identifier', 'taken');
  }
  problems.throwIfAny();
}

/** Staff holding the role get `perm_changed_at = now`: their access tokens answer 305004 and are renewed. */
export async function touchHolders(db: Db, roleId: number): Promise<void> {
  const holders = db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roleId));
  await db.update(users).set({ permChangedAt: Date.now() }).where(inArray(users.id, holders));
}

async function setPermissions(db: Db, roleId: number, permissions: string[]): Promise<void> {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (permissions.length) {
    await db.insert(rolePermissions).values(permissions.map((resource) => ({ roleId, resource })));
  }
}

const UNIQUE = { roles_cp_identifier: 'identifier' };

export function createRole(db: Db, scope: Scope, input: RoleInput): Promise<Role> {
  return inTransaction(
    db,
    scope.lang,
    async (tx) => {
      await check(tx, scope, input);
      const [row] = await tx
        .insert(roles)
        .values({
          cpId: scope.cpId,
          identifier: input.identifier,
          name: input.name,
          disabled: input.disabled,
        })
        .returning();
      await setPermissions(tx, row!.id, input.permissions);
      const item = await getRole(tx, scope, row!.id);
      await logChange(tx, scope, {
        action: 'create',
        targetType: 'role',
        targetId: row!.id,
        targetName: row!.name,
        after: item,
      });
      return item;
    },
    UNIQUE,
  );
}

export function updateRole(db: Db, scope: Scope, id: number, input: UpdateInput<Resource>): Promise<Role> {
  return inTransaction(
    db,
    scope.lang,
    async (tx) => {
      const before = await getRole(tx, scope, id);
      if (before.identifier === ADMIN_ROLE) throw ruleError(scope.lang, 'admin_role_fixed');
      await check(tx, scope, input, id);
      const { version, permissions, ...changes } = input;
      const row = await updateVersioned(tx, roles, roleOf(scope, id), version, changes);
      const grantsChange =
        (permissions && permissions.slice().sort().join() !== before.permissions.join()) ||
        (changes.disabled !== undefined && changes.disabled !== before.disabled);
      if (permissions) await setPermissions(tx, id, permissions);
      if (grantsChange) await touchHolders(tx, id);
      const item = await getRole(tx, scope, id);
      await logChange(tx, scope, {
        action: 'update',
        targetType: 'role',
        targetId: id,
        targetName: row.name,
        before,
        after: item,
      });
      return item;
    },
    UNIQUE,
  );
}

/** A role staff hold is disabled instead of deleted (422001); the admin role stays. */
export async function deleteRole(db: Db, scope: Scope, id: number): Promise<{ deleted: true }> {
  const role = await findOr404(db, roles, roleOf(scope, id));
  if (role.identifier === ADMIN_ROLE) throw ruleError(scope.lang, 'admin_role_fixed');
  return deleteOrDisable(db, scope, {
    table: roles,
    target: roleOf(scope, id),
    targetType: 'role',
    usage: async (tx) => {
      const n = await countWhere(tx, userRoles, eq(userRoles.roleId, id));
      return n ? [{ type: 'staff', count: n }] : [];
    },
    isDisabled: (row) => row.disabled,
    disable: { disabled: true },
    afterDisable: (tx) => touchHolders(tx, id),
    describe: (row) => ({
      name: row.name,
      item: { id: row.id, identifier: row.identifier, name: row.name, disabled: row.disabled },
    }),
  });
}
