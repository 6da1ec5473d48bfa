import type { ReactNode } from 'react';
import type { ColumnType } from 'antd/es/table';
import { formatNumber } from '../format.ts';

/**
 * A column of figures: aligned to the cell's end (the right, the left in Arabic), sortable by the
 * API when `sorter` is set, a count in the language's digits unless `render` says otherwise.
 */
export function figureColumn<T>(
  title: ReactNode,
  dataIndex: string,
  width: number,
  options: { sorter?: boolean; render?: ColumnType<T>['render'] } = {},
): ColumnType<T> {
  return {
    title,
    dataIndex,
    width,
    align: 'end',
    ...(options.sorter ? { sorter: true } : {}),
    render: options.render ?? ((v: number) => formatNumber(v)),
  };
}
