import type { Resource } from '@rx/contracts/resource';
import { usePermission } from '../../app/permission/index.ts';
import { useListParams } from './list-params.ts';
import { useResourceList, useResourceMutations } from './resource.ts';

/**
 * Everything a list page of a described resource needs: its filters, paging and sort in the address,
 * the page of rows, the writes, and what the user may do (from the resource's catalogue page).
 */
export function useResource<T, TCreate = unknown>(resource: Resource) {
  const [params, setParams] = useListParams(resource.filters);
  const list = useResourceList<T>(resource.name, params);
  const mutations = useResourceMutations<TCreate, Record<string, unknown> & { version: number }>(
    resource.name,
  );
  const { permissions: p } = resource;
  const can = {
    edit: usePermission([p.edit]),
    delete: usePermission([p.delete]) && resource.remove === 'delete',
    export: usePermission([p.export]) && resource.export !== undefined,
    import: usePermission([p.edit]) && resource.sheet !== undefined,
  };
  return { params, setParams, list, can, ...mutations };
}
