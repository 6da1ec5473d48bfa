import { ADMIN_ROLE } from '@rx/contracts/pages';

/** What the signed-in staff member holds: permission strings (`module/see/thing`) and role identifiers. */
export interface Grants {
  permissions: readonly string[];
  roles: readonly string[];
}

export const NO_GRANTS: Grants = { permissions: [], roles: [] };

/** The message of the spec (§5) for a role check given no roles. */
export const NEED_ROLES_MESSAGE = "need roles! Like v-permission=['admin','editor']";

/** The admin role (by role identifier, or as a permission string) holds everything. */
export function isAdmin(grants: Grants): boolean {
  return grants.roles.includes(ADMIN_ROLE) || grants.permissions.includes(ADMIN_ROLE);
}

/** Whether the user holds any one of `wanted` (each a permission string or a role identifier). */
export function holdsAny(grants: Grants, wanted: readonly string[]): boolean {
  if (isAdmin(grants)) return true;
  return wanted.some((name) => grants.permissions.includes(name) || grants.roles.includes(name));
}

/**
 * The role-visibility rule for interface elements (spec §5): needs a non-empty list of roles and
 * keeps the element when the user holds one of them.
 */
export function checkRoles(grants: Grants, roles: readonly string[] | undefined): boolean {
  if (!roles || roles.length === 0) throw new Error(NEED_ROLES_MESSAGE);
  return holdsAny(grants, roles);
}

/** The grants of a session: its permissions and the identifiers of the user's roles. */
export function grantsOf(session: {
  permissions: readonly string[];
  user: { role_info: readonly { identifier: string }[] } | null;
}): Grants {
  return {
    permissions: session.permissions,
    roles: session.user?.role_info.map((role) => role.identifier) ?? [],
  };
}
