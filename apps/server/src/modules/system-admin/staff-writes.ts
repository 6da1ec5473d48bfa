import { eq, sql } from 'drizzle-orm';
import type { Staff } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { userRoles, users } from '../../db/schema.ts';
import type { Scope } from '../../lib/access.ts';
import { deleteOrDisable } from '../../lib/delete.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, inTransaction, ruleError } from '../../lib/problems.ts';
import { bumpVersion, updateVersioned } from '../../lib/versioned.ts';
import {
  checkPassword,
  checkRoleIds,
  endSessions,
  getStaff,
  hashNewPassword,
  loggedWrites,
  staffOf,
  type StaffChanges,
  type StaffInput,
} from './staff.ts';

const UNIQUE = { users_username: 'username' };

async function setRoles(db: Db, userId: number, roleIds: number[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

/** The staff member as the write left them, logged as `action` (with how they were `before`, if any). */
async function loggedStaff(
  tx: Db,
  scope: Scope,
  action: 'create' | 'update' | 'disable' | 'enable',
  id: number,
  before?: Staff,
): Promise<Staff> {
  const item = await getStaff(tx, scope, id);
  await logChange(tx, scope, {
    action,
    targetType: 'staff',
    targetId: id,
    targetName: item.username,
    before,
    after: item,
  });
  return item;
}

/** A new staff member with an initial password (by policy) they must change at first sign-in. */
export async function createStaff(db: Db, scope: Scope, input: StaffInput): Promise<Staff> {
  checkPassword(scope, input.password, input.username);
  const passwordHash = await hashNewPassword(input.password);
  return inTransaction(
    db,
    scope.lang,
    async (tx) => {
      // Usernames sign in without a CP, so they are unique across CPs.
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${input.username})`);
      if (taken) new FieldProblems(scope.lang).add('username', 'taken').throwIfAny();
      await checkRoleIds(tx, scope, input.role_ids);
      const [row] = await tx
        .insert(users)
        .values({
          cpId: scope.cpId,
          username: input.username,
          passwordHash,
          usertype: input.usertype,
          defaultLang: input.default_lang,
          isModifiedPassword: 0,
          permChangedAt: Date.now(),
        })
        .returning();
      await setRoles(tx, row!.id, input.role_ids);
      return loggedStaff(tx, scope, 'create', row!.id);
    },
    UNIQUE,
  );
}

/** Language, account type and roles; a change of roles renews the staff member's access (305004). */
export function updateStaff(db: Db, scope: Scope, id: number, input: StaffChanges): Promise<Staff> {
  return inTransaction(db, scope.lang, async (tx) => {
    const before = await getStaff(tx, scope, id);
    const roleIds = input.role_ids;
    const rolesChange =
      roleIds !== undefined &&
      roleIds.slice().sort().join() !==
        before.roles
          .map((r) => r.id)
          .sort()
          .join();
    if (roleIds) {
      const { admin } = await checkRoleIds(tx, scope, roleIds);
      // Nobody takes away their own admin role: the CP would be left without one.
      if (id === scope.userId && !admin) throw ruleError(scope.lang, 'not_yourself');
    }
    await updateVersioned(tx, users, staffOf(scope, id), input.version, {
      defaultLang: input.default_lang,
      usertype: input.usertype,
      ...(rolesChange ? { permChangedAt: Date.now() } : {}),
    });
    if (rolesChange) await setRoles(tx, id, roleIds!);
    return loggedStaff(tx, scope, 'update', id, before);
  });
}

/** Disabling ends the staff member's sign-ins at once; one cannot disable oneself. */
export function setStaffDisabled(db: Db, scope: Scope, id: number, disabled: boolean): Promise<Staff> {
  if (id === scope.userId) throw ruleError(scope.lang, 'not_yourself');
  return db.transaction(async (tx) => {
    const before = await getStaff(tx, scope, id);
    await bumpVersion(tx, users, staffOf(scope, id), { disabled });
    if (disabled) await endSessions(tx, id, 'disabled');
    return loggedStaff(tx, scope, disabled ? 'disable' : 'enable', id, before);
  });
}

/** A new initial password (by policy), to be changed at next sign-in; the staff member's sign-ins end. */
export async function resetStaffPassword(db: Db, scope: Scope, id: number, password: string): Promise<Staff> {
  const target = await getStaff(db, scope, id);
  checkPassword(scope, password, target.username);
  const passwordHash = await hashNewPassword(password);
  return db.transaction(async (tx) => {
    await bumpVersion(tx, users, staffOf(scope, id), { passwordHash, isModifiedPassword: 0 });
    await endSessions(tx, id, 'password_reset');
    const item = await getStaff(tx, scope, id);
    await logChange(tx, scope, {
      action: 'reset_password',
      targetType: 'staff',
      targetId: id,
      targetName: item.username,
    });
    return item;
  });
}

/** Staff the operation log names are disabled, never deleted (422001). */
export function deleteStaff(db: Db, scope: Scope, id: number): Promise<{ deleted: true }> {
  if (id === scope.userId) throw ruleError(scope.lang, 'not_yourself');
  return deleteOrDisable(db, scope, {
    table: users,
    target: staffOf(scope, id),
    targetType: 'staff',
    usage: async (tx) => {
      const n = await loggedWrites(tx, id);
      return n ? [{ type: 'operation_log', count: n }] : [];
    },
    isDisabled: (row) => row.disabled,
    disable: { disabled: true },
    afterDisable: (tx) => endSessions(tx, id, 'disabled'),
    describe: (row) => ({
      name: row.username,
      item: { id: row.id, username: row.username, disabled: row.disabled },
    }),
  });
}
