import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../http.ts';
import type { ListAnswer } from './resource.ts';

/**
 * A short list read a page at a time in the component's own state, not the address (a drawer's or a
 * card's rows): `GET path` with `query`, `page` and `page_size`, cached under `queryKey` and the page.
 * `table` is the DataTable's rows, loading state and pager (a fixed page size).
 */
export function usePagedRows<T>(
  queryKey: readonly unknown[],
  path: string,
  query: Record<string, unknown> = {},
  pageSize = 10,
) {
  const [page, setPage] = useState(1);
  const rows = useQuery({
    queryKey: [...queryKey, page],
    queryFn: ({ signal }) =>
      http.get<ListAnswer<T>>(path, { ...query, page, page_size: pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
  const table = {
    loading: rows.isFetching,
    dataSource: rows.data?.list,
    pagination: {
      current: page,
      pageSize,
      showSizeChanger: false,
      total: rows.data?.total ?? 0,
      onChange: setPage,
    },
  };
  return { rows, table };
}
