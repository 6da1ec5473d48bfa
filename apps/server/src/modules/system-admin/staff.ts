import { and, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import { ADMIN_ROLE, isValidationKey, passwordProblems, staffResource, type Staff } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { operationLogs, roles, signInSessions, tokenFamilies, userRoles, users } from '../../db/schema.ts';
import type { Scope } from '../../lib/access.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { contains, countWhere } from '../../lib/list.ts';
import { FieldProblems } from '../../lib/problems.ts';
import { resourceReads } from '../../lib/resource-routes.ts';
import type { CreateInput, Filters, UpdateInput } from '../../lib/resource-routes.ts';
import { stamps } from '../../lib/rows.ts';

/** Reading staff: the CP's staff members with their roles. Writes are in staff-writes.ts. */

type Resource = typeof staffResource;
type Row = typeof users.$inferSelect;
export type StaffFilters = Filters<Resource>;
export type StaffInput = CreateInput<Resource>;
export type StaffChanges = UpdateInput<Resource>;

export const staffOf = (scope: Scope, id: number) => and(eq(users.id, id), eq(users.cpId, scope.cpId))!;

async function withRoles(db: Db, rows: Row[]): Promise<Staff[]> {
  const ids = rows.map((r) => r.id);
  const held = ids.length
    ? await db
        .select({ userId: userRoles.userId, id: roles.id, identifier: roles.identifier, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(userRoles.userId, ids))
        .orderBy(roles.identifier)
    : [];
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    default_lang: row.defaultLang as Staff['default_lang'],
    usertype: row.usertype,
    disabled: row.disabled,
    is_modified_password: row.isModifiedPassword,
    roles: held
      .filter((h) => h.userId === row.id)
      .map(({ id, identifier, name }) => ({ id, identifier, name })),
    ...stamps(row),
  }));
}

export const {
  list: listStaff,
  batch: staffBatch,
  get: getStaff,
} = resourceReads(staffResource, {
  table: users,
  items: withRoles,
  where: (f) => [
    f.q ? contains(users.username, f.q) : undefined,
    f.disabled === undefined ? undefined : eq(users.disabled, f.disabled),
    f.role_id
      ? exists(
          sql`(select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${f.role_id})`,
        )
      : undefined,
  ],
});

/** The password policy, as field errors on `password`. */
export function checkPassword(scope: Scope, password: string, username: string): void {
  const problem = passwordProblems(password, username).find(isValidationKey);
  if (problem) new FieldProblems(scope.lang).add('password', problem).throwIfAny();
}

export async function hashNewPassword(password: string): Promise<string> {
  return hashPassword(password);
}

/** Roles must be the CP's own; answers whether the admin role is among them. */
export async function checkRoleIds(db: Db, scope: Scope, roleIds: number[]): Promise<{ admin: boolean }> {
  if (!roleIds.length) return { admin: false };
  const found = await db
    .select({ id: roles.id, identifier: roles.identifier })
    .from(roles)
    .where(and(eq(roles.cpId, scope.cpId), inArray(roles.id, roleIds)));
  const problems = new FieldProblems(scope.lang);
  roleIds.forEach((id, i) => {
    if (!found.some((r) => r.id === id)) problems.add(`role_ids.${i}`, 'unknown_ref');
  });
  problems.throwIfAny();
  return { admin: found.some((r) => r.identifier === ADMIN_ROLE) };
}

/** Ends every sign-in of a staff member (password reset, disabling). */
export async function endSessions(db: Db, userId: number, reason: string): Promise<void> {
  const now = new Date();
  await db
    .update(tokenFamilies)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(tokenFamilies.userId, userId), isNull(tokenFamilies.revokedAt)));
  await db
    .update(signInSessions)
    .set({ revokedAt: now })
    .where(and(eq(signInSessions.userId, userId), isNull(signInSessions.revokedAt)));
}

/** Whether the operation log names the staff member (then they are disabled, never deleted). */
export function loggedWrites(db: Db, userId: number): Promise<number> {
  return countWhere(db, operationLogs, eq(operationLogs.userId, userId));
}
