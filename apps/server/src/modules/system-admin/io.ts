import { roleCreateBody, type Role, type Staff } from '@rx/contracts';
import { listCell, parseCell, timeCell } from '../../lib/cells.ts';
import type { ImportSpec } from '../../lib/import.ts';
import type { ExportSpec } from '../../lib/table-io.ts';
import { createRole, roleBatch, updateRole, type RoleFilters, type RoleInput } from './roles.ts';
import { staffBatch, type StaffFilters } from './staff.ts';

/** Staff as a sheet (export only: accounts are created one by one, each with its initial password). */
export const staffTable: ExportSpec<Staff, StaffFilters, null> = {
  name: 'staff',
  headers: [
    'id',
    'username',
    'default_lang',
    'usertype',
    'roles',
    'disabled',
    'is_modified_password',
    'version',
    'created_at',
    'updated_at',
  ],
  prepare: async () => null,
  toCells: (s) => ({
    ...s,
    roles: listCell(s.roles.map((r) => r.identifier)),
    created_at: timeCell(s.created_at),
    updated_at: timeCell(s.updated_at),
  }),
  batch: staffBatch,
};

const ROLE_COLUMNS = ['name', 'permissions', 'disabled'] as const;

/** Roles as a sheet, keyed by identifier; permissions separated by `|`. */
export const roleTable: ExportSpec<Role, RoleFilters, null> & ImportSpec<Role, RoleInput, null> = {
  name: 'roles',
  headers: ['id', 'identifier', ...ROLE_COLUMNS, 'user_count', 'version', 'created_at', 'updated_at'],
  key: 'identifier',
  columns: ROLE_COLUMNS,
  schema: roleCreateBody,
  prepare: async () => null,
  toCells: (r) => ({
    id: r.id,
    identifier: r.identifier,
    name: r.name,
    permissions: listCell(r.permissions.slice().sort()),
    disabled: r.disabled,
    user_count: r.user_count,
    version: r.version,
    created_at: timeCell(r.created_at),
    updated_at: timeCell(r.updated_at),
  }),
  fromCells: (cells) => ({
    identifier: parseCell.text(cells.identifier),
    name: parseCell.text(cells.name),
    permissions: parseCell.list(cells.permissions),
    disabled: parseCell.bool(cells.disabled),
  }),
  batch: roleBatch,
  existing: (db, scope) => roleBatch(db, scope, {}, 0, 1_000_000),
  keyOf: (r) => r.identifier,
  create: (db, scope, input) => createRole(db, scope, input),
  update: (db, scope, item, input) => updateRole(db, scope, item.id, { ...input, version: item.version }),
};
