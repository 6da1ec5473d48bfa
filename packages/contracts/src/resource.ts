import type { z } from 'zod';
import type { LogTableTarget, LogTargetType } from './operation-logs.ts';
import { dimensionPage, type Dimension } from './dimensions.ts';
import { ADMIN_ROLE, actionPermission, flattenPages, isAdminOnly, seePermissionOf } from './pages.ts';

/**
 * A resource described once: the server's routes (`apps/server/src/lib/resource-routes.ts`), the
 * console's list page (`apps/web/src/shared/crud/ResourceListPage.tsx`) and the generic API tests
 * (`apps/server/test/describe-resource.ts`) are all built from this description. A permission
 * string, an API path or an operation-log target is written nowhere else.
 */
export interface ResourceSpec<
  Item extends z.ZodType = z.ZodType,
  Create extends z.ZodType = z.ZodType,
  Update extends z.ZodType = z.ZodType,
  List extends z.ZodType = z.ZodType,
  Export extends z.ZodType = z.ZodType,
> {
  /**
   * The API path under /api/v1 (`/api/v1/<name>`), the query key, the export file's name and the
   * operation log's target of its imports and exports (one of contracts' LOG_TABLE_TARGETS).
   */
  name: LogTableTarget;
  /** The catalogue page (packages/contracts/src/pages.ts) whose permissions guard the resource. */
  page: string;
  /** `product`: rows belong to the game of `X-Product-Id`; `cp`: to the caller's CP. */
  scope: 'product' | 'cp';
  /** The operation log's target type of its rows. */
  logTarget: LogTargetType;
  /** The console's translation namespace of its labels. */
  namespace: string;
  item: Item;
  create: Create;
  /** The update body: the changes plus the `version` they were based on. */
  update: Update;
  /** `page`, `page_size`, `sort` and the filters. */
  list: List;
  /** The filters plus `format`. */
  export?: Export;
  /** The filters the list takes (in the address and the query), in the search form's order. */
  filters: readonly string[];
  /** The fields `sort` accepts; the first is the default. */
  sorts: readonly [string, ...string[]];
  /** Delete: `delete` removes a row nothing uses and disables one in use (422001); `none`: no delete. */
  remove: 'delete' | 'none';
  /** Import and export columns: the column naming a row, and the columns the import writes. */
  sheet?: { key: string; columns: readonly string[] };
  /**
   * A dimensioned resource (dimensions.ts): one table for every sharing platform or medium, the
   * value a column of its rows. Every request names it in the query (`?platform=wechat`), and the
   * permissions are those of that value's catalogue page of `kind` (the first of the kinds it has,
   * e.g. `['link-manage', 'linkhw-manage']` for links of either area; `page` is then the page of
   * the first value, for what reads one page). An unknown value is a 400.
   */
  dimension?: {
    name: Dimension;
    kind: string | readonly string[];
    values: readonly [string, ...string[]];
    /** The value of a request that names none (push tasks: `app`, the page that came first). */
    default?: string;
    /**
     * A request may name no value: it then needs the permissions of `page` (a page across every
     * value, e.g. the batch tasks of every medium) and reads every value's rows.
     */
    optional?: boolean;
  };
}

/** The permissions of a resource's actions, read from its catalogue page. */
export interface ResourcePermissions {
  see: string;
  edit: string;
  delete: string;
  export: string;
  approve: string;
}

export type Resource<S extends ResourceSpec = ResourceSpec> = S & {
  permissions: ResourcePermissions;
  /** A dimensioned resource's permissions per value of its dimension. */
  permissionsBy?: Readonly<Record<string, ResourcePermissions>>;
};

export function permissionsOfPage(page: string): ResourcePermissions {
  const see = seePermissionOf(page);
  return {
    see,
    edit: actionPermission(see, 'edit'),
    delete: actionPermission(see, 'delete'),
    export: actionPermission(see, 'export'),
    approve: actionPermission(see, 'approve'),
  };
}

/** A dimensioned resource's permissions per value (a value without a page of its kind throws at load). */
function permissionsByValue(dimension: NonNullable<ResourceSpec['dimension']>) {
  return Object.fromEntries(
    dimension.values.map((value) => {
      const kinds: readonly string[] = typeof dimension.kind === 'string' ? [dimension.kind] : dimension.kind;
      const page = kinds.map((kind) => dimensionPage(dimension.name, value, kind)).find(Boolean);
      if (!page) throw new Error(`No ${kinds.join('/')} page for ${dimension.name} ${value}`);
      return [value, permissionsOfPage(page)];
    }),
  );
}

/** The permissions of an action's request: its dimension value's for a dimensioned resource. */
export function permissionsFor(
  resource: Pick<Resource, 'permissions' | 'permissionsBy'>,
  value: unknown,
): ResourcePermissions | undefined {
  if (!resource.permissionsBy) return resource.permissions;
  return typeof value === 'string' && Object.hasOwn(resource.permissionsBy, value)
    ? resource.permissionsBy[value]
    : undefined;
}

/** Describes a resource; its permissions come from its catalogue page (an unknown page throws at load). */
export function defineResource<const S extends ResourceSpec>(spec: S): Resource<S> {
  // A page only admins see (system administration) has no permission strings: every action needs
  // the admin role, which the console checks like a permission and the server by the role.
  const page = flattenPages().find((node) => node.path === spec.page);
  if (page && isAdminOnly(page.meta)) {
    return {
      ...spec,
      permissions: {
        see: ADMIN_ROLE,
        edit: ADMIN_ROLE,
        delete: ADMIN_ROLE,
        export: ADMIN_ROLE,
        approve: ADMIN_ROLE,
      },
    };
  }
  return {
    ...spec,
    permissions: permissionsOfPage(spec.page),
    ...(spec.dimension ? { permissionsBy: permissionsByValue(spec.dimension) } : {}),
  };
}

/**
 * What a request does to a resource; each needs its own permission. `approve`: a change that reaches
 * the players (publishing, rolling back), beyond editing the working copy.
 */
export type ResourceAction = 'read' | 'create' | 'update' | 'delete' | 'export' | 'import' | 'approve';

/** The permission an action needs. */
export function permissionOf(resource: Pick<Resource, 'permissions'>, action: ResourceAction): string {
  const p = resource.permissions;
  return {
    read: p.see,
    create: p.edit,
    update: p.edit,
    import: p.edit,
    delete: p.delete,
    export: p.export,
    approve: p.approve,
  }[action];
}
