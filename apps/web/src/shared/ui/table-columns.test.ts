import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COLUMN_WIDTH,
  placeholderHeight,
  scrollWidth,
  withColumnDefaults,
  type ColumnLike,
} from './table-columns.ts';

const wrap = {
  header: (title: unknown) => ({ header: title }),
  cell: (content: unknown, text: string | undefined) => ({ cell: content, text }),
};
type Render = (value: unknown, record: unknown, index: number) => unknown;
const renderOf = (column: ColumnLike) => column.render as unknown as Render;

describe('table column defaults', () => {
  it('centers columns and wraps header and cells in overflow tooltips', () => {
    const [column] = withColumnDefaults([{ title: 'Name' }], wrap);
    expect(column).toMatchObject({
      align: 'center',
      ellipsis: { showTitle: false },
      title: { header: 'Name' },
    });
    expect(renderOf(column!)('Zed', {}, 0)).toEqual({ cell: 'Zed', text: 'Zed' });
    expect(renderOf(column!)(42, {}, 0)).toEqual({ cell: 42, text: '42' });
  });

  it('keeps what a column sets itself, and wraps the output of its render', () => {
    const render = (value: string) => `<${value}>`;
    const [column] = withColumnDefaults([{ title: 'x', align: 'left', render } as ColumnLike], wrap);
    expect(column!.align).toBe('left');
    expect(renderOf(column!)('v', {}, 0)).toEqual({ cell: '<v>', text: '<v>' });
    const [plain] = withColumnDefaults([{ title: 'Ops', ellipsis: false }], wrap);
    expect(plain).toEqual({ title: 'Ops', ellipsis: false, align: 'center' });
  });

  it('keeps the row actions on one line, as wide as asked or as their buttons need', () => {
    const render = () => 'buttons';
    const withActions = { ...wrap, actions: (content: unknown) => ({ actions: content }) };
    const columns = [
      { key: 'actions', title: 'Ops', width: 160, className: 'mine', render } as ColumnLike,
      { title: 'Name', width: 100 },
    ];
    const [actions, name] = withColumnDefaults(columns, withActions);
    expect(actions).toMatchObject({
      ellipsis: false,
      className: 'mine rx-actions-cell',
      title: 'Ops',
      width: 'max(160px, var(--rx-actions-width, 0px))',
    });
    expect(renderOf(actions!)(null, {}, 0)).toEqual({ actions: 'buttons' });
    // The table scrolls sideways below the widths asked for.
    expect(scrollWidth([actions!, name!])).toBe(260);
  });

  it('leaves spanning cells and title functions alone, and handles groups', () => {
    const spanning = { children: 'x', props: { colSpan: 2 } };
    const [column] = withColumnDefaults([{ title: () => 'T', render: () => spanning } as ColumnLike], wrap);
    expect(typeof column!.title).toBe('function');
    expect(renderOf(column!)(null, {}, 0)).toBe(spanning);
    const [group] = withColumnDefaults([{ title: 'G', children: [{ title: 'child' }] }], wrap);
    expect(group!.title).toBe('G');
    expect(group!.children![0]).toMatchObject({ align: 'center', title: { header: 'child' } });
  });

  it('scrolls sideways only below the sum of the column widths', () => {
    const columns = [{ width: 200 }, { width: '30%' }, { children: [{ width: 80 }, {}] }];
    expect(scrollWidth(columns)).toBe(200 + DEFAULT_COLUMN_WIDTH + 80 + DEFAULT_COLUMN_WIDTH);
  });
});

describe('the placeholder of a table that has not mounted yet', () => {
  it('holds the header and the empty row of a table without rows, with no pager', () => {
    expect(placeholderHeight('middle', 0, true)).toBe(1 + 47 + 55);
  });

  it('holds the header, the rows and the pager of a table with rows', () => {
    expect(placeholderHeight('middle', 3, true)).toBe(1 + 47 + 3 * 47 + 56);
    // A card's table without a pager ends after its rows.
    expect(placeholderHeight('middle', 3, false)).toBe(1 + 47 + 3 * 47);
  });

  it('follows the row density (antd tables are large by default)', () => {
    expect(placeholderHeight('small', 2, false)).toBe(1 + 3 * 39);
    expect(placeholderHeight(undefined, 2, false)).toBe(1 + 3 * 55);
  });
});
