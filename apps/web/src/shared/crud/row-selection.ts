import type { TableRowSelection } from 'antd/es/table/interface';

/**
 * A table's checkboxes over rows kept by numeric id, for staff who may act on the rows only
 * (`undefined`, no checkboxes, otherwise); `checkbox` names a row's box and may disable it.
 */
export function idSelection<Row>(
  may: boolean,
  selected: number[],
  setSelected: (ids: number[]) => void,
  checkbox: (row: Row) => { disabled?: boolean; 'aria-label': string },
): TableRowSelection<Row> | undefined {
  if (!may) return undefined;
  return {
    selectedRowKeys: selected,
    onChange: (keys) => setSelected(keys as number[]),
    getCheckboxProps: checkbox,
  };
}
