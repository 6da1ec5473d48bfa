import { permissionsFor, type Resource } from '@rx/contracts/resource';
import { usePermission } from '@/app/permission/index.ts';
import { useListParams, type ListParams } from './list-params.ts';
import { useResourceList, useResourceMutations, type ExtraQuery } from './resource.ts';

export interface UseResourceOptions {
  /**
   * The API sort when the address names none (e.g. `'-id'`, newest first, so a row just created
   * shows on the first page). It is not written to the address: the table's columns show no sort.
   */
  defaultSort?: string;
  /**
   * Query parameters every request carries: a dimensioned resource's value (`{ platform: 'wechat' }`),
   * whose permissions are then the ones checked.
   */
  query?: ExtraQuery;
}

/** The params the list is fetched with: the address's sort, or the default when it has none. */
export function withDefaultSort(params: ListParams, defaultSort: string | undefined): ListParams {
  return params.sort || !defaultSort ? params : { ...params, sort: defaultSort };
}

/**
 * Everything a list page of a described resource needs: its filters, paging and sort in the address,
 * the page of rows, the writes, and what the user may do (from the resource's catalogue page).
 */
export function useResource<T, TCreate = unknown>(resource: Resource, options: UseResourceOptions = {}) {
  const [params, setParams] = useListParams(resource.filters);
  const list = useResourceList<T>(resource.name, withDefaultSort(params, options.defaultSort), options.query);
  const mutations = useResourceMutations<TCreate, Record<string, unknown> & { version: number }>(
    resource.name,
    options.query,
  );
  const dimension = resource.dimension?.name;
  const p = permissionsFor(resource, dimension && options.query?.[dimension]) ?? resource.permissions;
  const can = {
    edit: usePermission([p.edit]),
    delete: usePermission([p.delete]) && resource.remove === 'delete',
    export: usePermission([p.export]) && resource.export !== undefined,
    import: usePermission([p.edit]) && resource.sheet !== undefined,
  };
  return { params, setParams, list, can, ...mutations };
}
