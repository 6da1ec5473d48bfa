// Role checks for interface elements (spec §5): the rule, the hook and the element.
export { Permission, useAccess, useGrants, usePermission } from './Permission.tsx';
export { checkRoles, holdsAny, isAdmin, NEED_ROLES_MESSAGE, type Grants } from './rules.ts';
