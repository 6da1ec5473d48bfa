import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
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

interface PageChange {
  current?: number;
  pageSize?: number;
}

/**
 * The DataTable props that tie a list page's table to its address: the sort and server paging.
 *
 * antd calls the table's `onChange` for paging as well as for sorting, right after the pager's own
 * `onChange`; both used to write the address from the same stale params, so the sort write undid the
 * page change. Everything now goes through the table's `onChange`, once, by what changed.
 */
export function tablePaging<T>(
  params: ListParams,
  setParams: (change: Partial<ListParams>) => void,
  total: number | undefined,
  rename?: Record<string, string>,
) {
  return {
    onChange: (
      pagination: PageChange | null,
      _filters: unknown,
      sorter: SorterResult<T> | SorterResult<T>[],
      extra?: Pick<TableCurrentDataSource<T>, 'action'>,
    ) => {
      if (extra?.action === 'paginate' && pagination) {
        const pageSize = pagination.pageSize ?? params.page_size;
        // A new page size starts again from the first page.
        const page = pageSize !== params.page_size ? 1 : (pagination.current ?? 1);
        setParams({ page, page_size: pageSize });
        return;
      }
      const sort = sortOf(sorter, rename);
      if (sort !== params.sort) setParams({ sort, page: 1 });
    },
    pagination: {
      current: params.page,
      pageSize: params.page_size,
      total: total ?? 0,
    },
  };
}
