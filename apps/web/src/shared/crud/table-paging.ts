import type { SorterResult } from 'antd/es/table/interface';
import type { ListParams } from './list-params.ts';

/**
 * The API's `sort` from a table's sorter: `field` ascending, `-field` descending, or none. A column
 * keyed differently from the API's field is renamed through `rename`.
 */
export function sortOf<T>(sorter: SorterResult<T> | SorterResult<T>[], rename: Record<string, string> = {}) {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  const key = String(one?.columnKey ?? one?.field ?? '');
  const field = rename[key] ?? key;
  return one?.order && field ? `${one.order === 'descend' ? '-' : ''}${field}` : undefined;
}

/** The DataTable props that tie a list page's table to its address: the sort and server paging. */
export function tablePaging<T>(
  params: ListParams,
  setParams: (change: Partial<ListParams>) => void,
  total: number | undefined,
  rename?: Record<string, string>,
) {
  return {
    onChange: (_: unknown, __: unknown, sorter: SorterResult<T> | SorterResult<T>[]) =>
      setParams({ sort: sortOf(sorter, rename) }),
    pagination: {
      current: params.page,
      pageSize: params.page_size,
      total: total ?? 0,
      onChange: (page: number, page_size: number) => setParams({ page, page_size }),
    },
  };
}
