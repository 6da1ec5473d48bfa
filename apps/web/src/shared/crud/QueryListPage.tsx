import type { ReactNode } from 'react';
import { Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DataTable, type DataTableProps } from '../ui/DataTable.tsx';
import { GamePage } from '../ui/GamePage.tsx';
import { ExportButton } from './ExportButton.tsx';
import type { ListParams } from './list-params.ts';
import type { ListAnswer } from './resource.ts';
import { SearchForm, type SearchField } from './SearchForm.tsx';
import { tablePaging } from './table-paging.ts';

type TableProps<T> = Omit<
  DataTableProps<T>,
  'tools' | 'columns' | 'dataSource' | 'loading' | 'onChange' | 'pagination' | 'title'
>;

export interface PagedTableProps<T extends object> extends TableProps<T> {
  /** The filters, paging and sort in the address (`useListParams`, `useResource`). */
  params: ListParams;
  setParams: (change: Partial<ListParams>) => void;
  /** The page of rows fetched with them. */
  list: { data?: ListAnswer<T>; isFetching: boolean; refetch: () => unknown };
  columns: ColumnsType<T>;
  /** Names the table's saved column setup. */
  toolsId: string;
  /** What the refresh button reloads (default: the list). */
  onRefresh?: () => void;
  /** Shown at the start of the table's tools (bulk actions), before the export. */
  leading?: ReactNode;
  /** The export's resource when the user may export: the file holds the rows the filters find. */
  exportAs?: string | false;
  /** Filters the export adds to the list's own (e.g. the ticket kind). */
  exportFilters?: Record<string, string>;
  /** A column key → the API's sort field, for the sortable columns. */
  sortFields?: Record<string, string>;
}

/** A page of rows from the server, with the table's tools, paged and sorted through the address. */
export function PagedTable<T extends object>({
  params,
  setParams,
  list,
  columns,
  toolsId,
  onRefresh,
  leading,
  exportAs,
  exportFilters,
  sortFields,
  ...table
}: PagedTableProps<T>) {
  return (
    <DataTable<T>
      {...table}
      tools={{
        id: toolsId,
        onRefresh: onRefresh ?? (() => void list.refetch()),
        refreshing: list.isFetching,
        leading: exportAs ? (
          <Space wrap>
            {leading}
            <ExportButton resource={exportAs} filters={{ ...params.filters, ...exportFilters }} />
          </Space>
        ) : (
          leading
        ),
      }}
      loading={list.isFetching}
      columns={columns}
      dataSource={list.data?.list}
      {...tablePaging(params, setParams, list.data?.total, sortFields)}
    />
  );
}

export interface QueryListProps<T extends object> extends PagedTableProps<T> {
  fields: SearchField[];
  /** Buttons on the right of the search form. */
  searchExtra?: ReactNode;
}

/**
 * A list that is not plain CRUD: the search form, then the table with its tools (refresh,
 * density, columns, export) and the server's paging and sort, all kept in the address.
 */
export function QueryList<T extends object>({ fields, searchExtra, ...table }: QueryListProps<T>) {
  return (
    <>
      <SearchForm
        values={table.params.filters}
        onSearch={(filters) => table.setParams({ filters })}
        fields={fields}
        extra={searchExtra}
      />
      <PagedTable<T> {...table} />
    </>
  );
}

interface QueryListPageProps<T extends object> extends QueryListProps<T> {
  title: ReactNode;
  /** What the page is for, under its title. */
  intro?: ReactNode;
  /** Shown between the title and the search form (totals, a summary). */
  before?: ReactNode;
  /** Shown after the table (its drawers and dialogs). */
  children?: ReactNode;
}

/** A game's list page that is not plain CRUD: the title (or "choose a game"), then its QueryList. */
export function QueryListPage<T extends object>({
  title,
  intro,
  before,
  children,
  ...list
}: QueryListPageProps<T>) {
  return (
    <GamePage title={title} intro={intro}>
      {before}
      <QueryList<T> {...list} />
      {children}
    </GamePage>
  );
}
