import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../http.ts';
import { storage } from '../storage.ts';
import { apiQuery, type ListParams } from './list-params.ts';

export interface ListAnswer<T> {
  list: T[];
  total: number;
}

/** Query parameters every request of a resource carries (a dimensioned resource's `platform`). */
export type ExtraQuery = Record<string, string>;

/** Keys of a resource's queries: invalidating `[resource]` refreshes all its lists and rows. */
export function resourceKey(resource: string, ...rest: unknown[]) {
  return [resource, storage.productId.get() ?? 0, ...rest];
}

/** A page of a resource (`GET /api/v1/<resource>`), the previous page shown while the next loads. */
export function useResourceList<T>(resource: string, params: ListParams, extra?: ExtraQuery) {
  const query = { ...apiQuery(params), ...extra };
  return useQuery({
    queryKey: resourceKey(resource, 'list', query),
    queryFn: ({ signal }) => http.get<ListAnswer<T>>(`/${resource}`, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useResourceItem<T>(resource: string, id: number | string | undefined) {
  return useQuery({
    queryKey: resourceKey(resource, 'item', id),
    queryFn: ({ signal }) => http.get<T>(`/${resource}/${id}`, undefined, { signal }),
    enabled: id !== undefined && id !== '',
  });
}

/** Create, update (with the row's version) and delete; each refreshes the resource's queries. */
export function useResourceMutations<TCreate, TUpdate extends { version: number }>(
  resource: string,
  query?: ExtraQuery,
) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: [resource] });
  // Field errors and conflicts are shown by the form itself, not as a toast.
  const create = useMutation({
    mutationFn: (body: TCreate) => http.post(`/${resource}`, body, { silent: true, query }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: TUpdate }) =>
      http.put(`/${resource}/${id}`, body, { silent: true, query }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => http.delete(`/${resource}/${id}`, { query }),
    onSettled: refresh,
  });
  return { create, update, remove, refresh };
}
