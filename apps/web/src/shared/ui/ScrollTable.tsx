import { useRef, type ReactNode } from 'react';
import Table, { type TableProps, type TableRef } from 'antd/es/table';
import { useScrollRegionsFocusable } from './scroll-regions.ts';

/**
 * A plain antd table (a drawer's lines, a detail's ledger, a matrix) that is not a business list:
 * like `DataTable`'s, its scroll box takes the keyboard focus while it overflows (axe:
 * scrollable-region-focusable), without the list's pager, tools and column defaults.
 */
export function ScrollTable<T extends object>(props: TableProps<T>): ReactNode {
  const ref = useRef<TableRef>(null);
  useScrollRegionsFocusable(ref);
  return <Table<T> ref={ref} {...props} />;
}
