import { z } from 'zod';
import { LANGUAGES } from './languages.ts';
import { PUBLISH_AREAS } from './acs.ts';
import {
  distinct,
  idField,
  keyword,
  queryFlag,
  queryInt,
  rowMeta,
  safeText,
  versionField,
} from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * System administration, for the CP's admins only: staff (`/api/v1/staff`), roles
 * (`/api/v1/roles`) and the CP's own settings (`/api/v1/cp-settings`).
 */

export const usernameField = safeText()
  .trim()
  .min(3)
  .max(64)
  .regex(/^[A-Za-z0-9_.@-]+$/);

/** A staff member's role list: role ids of the same CP. */
const roleIds = distinct(idField, 50);

export const staffCreateBody = z.object({
  username: usernameField,
  /** The initial password (policy: 8+ characters, letters and digits, not the username); it must be changed at first sign-in. */
  password: safeText().min(1).max(128),
  default_lang: z.enum(LANGUAGES).default('zh'),
  /** 1 marks a CP developer account (the empty home). */
  usertype: z.union([z.literal(1), z.null()]).default(null),
  role_ids: roleIds.default([]),
});
export type StaffCreate = z.input<typeof staffCreateBody>;

export const staffUpdateBody = z.object({
  default_lang: z.enum(LANGUAGES).optional(),
  usertype: z.union([z.literal(1), z.null()]).optional(),
  role_ids: roleIds.optional(),
  version: versionField,
});
export type StaffUpdate = z.input<typeof staffUpdateBody>;

export const staffResetPasswordBody = z.object({ password: safeText().min(1).max(128) });

export const staffRole = z.object({ id: idField, identifier: z.string(), name: z.string() });

export const staffItem = z.object({
  ...rowMeta,
  username: z.string(),
  default_lang: z.enum(LANGUAGES),
  usertype: z.number().int().nullable(),
  disabled: z.boolean(),
  /** 0 until the staff member has changed the initial password. */
  is_modified_password: z.number().int(),
  roles: z.array(staffRole),
});
export type Staff = z.infer<typeof staffItem>;

export const STAFF_SORTS = ['id', 'username', 'created_at', 'updated_at'] as const;
export const staffFilters = {
  q: keyword,
  disabled: queryFlag,
  role_id: queryInt(1).optional(),
};
export const staffListQuery = listQuery(STAFF_SORTS, staffFilters);
export const staffExportQuery = exportQuery(staffFilters);
export const staffListAnswer = listAnswer(staffItem);

export const roleIdentifier = safeText()
  .trim()
  .min(2)
  .max(32)
  .regex(/^[a-z][a-z0-9_]*$/);

/** Permission strings from the page catalogue (`allPermissions()`); others are refused. */
const permissionList = distinct(safeText().min(1).max(128), 5000);

const roleFields = z.object({
  identifier: roleIdentifier,
  name: safeText().trim().min(1).max(64),
  permissions: permissionList,
  /** A disabled role grants nothing. */
  disabled: z.boolean(),
});

export const roleCreateBody = roleFields.extend({
  permissions: permissionList.default([]),
  disabled: z.boolean().default(false),
});
export type RoleCreate = z.input<typeof roleCreateBody>;
export const roleUpdateBody = roleFields.partial().extend({ version: versionField });
export type RoleUpdate = z.input<typeof roleUpdateBody>;

export const roleItem = roleFields.extend({ ...rowMeta, user_count: z.number().int() });
export type Role = z.infer<typeof roleItem>;

export const ROLE_SORTS = ['id', 'identifier', 'name', 'created_at', 'updated_at'] as const;
export const roleFilters = { q: keyword, disabled: queryFlag };
export const roleListQuery = listQuery(ROLE_SORTS, roleFilters);
export const roleExportQuery = exportQuery(roleFilters);
export const roleListAnswer = listAnswer(roleItem);

/**
 * Staff: the CP's accounts. Admins only (the page's admin role); a staff member the operation log
 * names is disabled instead of deleted. Exported only: each account is created with its own
 * initial password.
 */
export const staffResource = defineResource({
  name: 'staff',
  page: '/system/staff',
  scope: 'cp',
  logTarget: 'staff',
  namespace: 'system',
  item: staffItem,
  create: staffCreateBody,
  update: staffUpdateBody,
  list: staffListQuery,
  export: staffExportQuery,
  filters: ['q', 'disabled', 'role_id'],
  sorts: STAFF_SORTS,
  remove: 'delete',
});

/** Roles: the CP's permission sets, keyed in sheets by identifier. Admins only. */
export const rolesResource = defineResource({
  name: 'roles',
  page: '/system/roles',
  scope: 'cp',
  logTarget: 'role',
  namespace: 'system',
  item: roleItem,
  create: roleCreateBody,
  update: roleUpdateBody,
  list: roleListQuery,
  export: roleExportQuery,
  filters: ['q', 'disabled'],
  sorts: ROLE_SORTS,
  remove: 'delete',
  sheet: { key: 'identifier', columns: ['name', 'permissions', 'disabled'] },
});

/** The IANA time zones this runtime knows (`Intl.supportedValuesOf`), and UTC. */
export function ianaTimeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const zones = supported ? supported('timeZone') : [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
let zoneSet: Set<string> | null = null;
/** Whether `zone` is one of `ianaTimeZones()`. */
export const isIanaTimeZone = (zone: string): boolean => (zoneSet ??= new Set(ianaTimeZones())).has(zone);

const cpSettingsFields = z.object({
  name: safeText().trim().min(1).max(64),
  publish_area: z.enum(PUBLISH_AREAS),
  /** The game gateway's host name. */
  gw_domain: safeText()
    .trim()
    .max(253)
    .regex(/^([a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+)?$/i),
  /** The language its staff write in: every multilingual text must have it. */
  default_lang: z.enum(LANGUAGES),
  /** The time zone of a player whose own is unknown (push at a local time, quiet hours): an IANA name. */
  time_zone: safeText()
    .trim()
    .min(1)
    .max(64)
    .refine(isIanaTimeZone, { params: { key: 'unknown_time_zone' } }),
});
export const cpSettingsBody = cpSettingsFields.partial().extend({ version: versionField });
export type CpSettingsUpdate = z.input<typeof cpSettingsBody>;
export const cpSettingsItem = cpSettingsFields.extend({
  id: idField,
  version: z.number().int(),
  updated_at: z.string(),
});
export type CpSettings = z.infer<typeof cpSettingsItem>;
