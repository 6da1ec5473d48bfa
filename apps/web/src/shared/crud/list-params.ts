import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Paging, sort and filters of a list page, kept in the address so a shared link restores the view. */
export interface ListParams {
  page: number;
  page_size: number;
  sort?: string;
  filters: Record<string, string>;
}

const PAGING_KEYS = new Set(['page', 'page_size', 'sort']);

export function parseListParams(
  search: URLSearchParams,
  filterKeys: readonly string[],
  defaultSize = 10,
): ListParams {
  const page = Number(search.get('page'));
  const size = Number(search.get('page_size'));
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = search.get(key);
    if (value !== null && value !== '' && !PAGING_KEYS.has(key)) filters[key] = value;
  }
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    page_size: Number.isInteger(size) && size > 0 && size <= 100 ? size : defaultSize,
    sort: search.get('sort') || undefined,
    filters,
  };
}

/** The address's query for the params: empty values and defaults are left out. */
export function listSearch(
  params: ListParams,
  keep: URLSearchParams = new URLSearchParams(),
  defaultSize = 10,
) {
  const next = new URLSearchParams(keep);
  for (const key of ['page', 'page_size', 'sort', ...Object.keys(params.filters)]) next.delete(key);
  if (params.page > 1) next.set('page', String(params.page));
  if (params.page_size !== defaultSize) next.set('page_size', String(params.page_size));
  if (params.sort) next.set('sort', params.sort);
  for (const [key, value] of Object.entries(params.filters)) if (value !== '') next.set(key, value);
  return next;
}

/** The query the API takes: paging, sort and filters side by side. */
export function apiQuery(params: ListParams): Record<string, string | number> {
  return {
    page: params.page,
    page_size: params.page_size,
    ...(params.sort ? { sort: params.sort } : {}),
    ...params.filters,
  };
}

export function useListParams(filterKeys: readonly string[]) {
  const [search, setSearch] = useSearchParams();
  const keysKey = filterKeys.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys are compared by value
  const params = useMemo(() => parseListParams(search, filterKeys), [search, keysKey]);
  const update = useCallback(
    (change: Partial<ListParams>) => {
      const next = { ...params, ...change };
      // New filters start again from the first page.
      if (change.filters) {
        next.page = 1;
        for (const key of filterKeys) if (!(key in change.filters)) delete next.filters[key];
      }
      const cleared = new URLSearchParams(search);
      for (const key of filterKeys) cleared.delete(key);
      setSearch(listSearch(next, cleared), { replace: true });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys are compared by value
    [params, search, setSearch, keysKey],
  );
  return [params, update] as const;
}
