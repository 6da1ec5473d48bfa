import { UI_DEFAULTS } from './defaults.ts';

/** What the column defaults touch; antd's column types fit it. */
export interface ColumnLike {
  key?: unknown;
  className?: string;
  align?: string;
  width?: number | string;
  ellipsis?: boolean | { showTitle?: boolean };
  title?: unknown;
  // antd's render is typed with `any` arguments; `never` accepts every such function.
  render?: (value: never, record: never, index: number) => unknown;
  children?: readonly ColumnLike[];
}

/** How the table wraps a header and a cell so overflowing text shows whole in a tooltip. */
export interface OverflowWrappers {
  header(title: unknown): unknown;
  /** `text`: the cell's value as text when it is plain, for the tooltip. */
  cell(content: unknown, text: string | undefined): unknown;
  /** The row actions' buttons, kept on one line (ActionsCell). */
  actions?(content: unknown): unknown;
}

/**
 * The row actions' column: its buttons stay on one line, never cut into a tooltip. It is as wide as
 * the page asks, or wider when the buttons need it in the interface language: ActionsCell measures
 * them into this CSS variable of the table.
 */
export const ACTIONS_COLUMN_KEY = 'actions';
export const ACTIONS_WIDTH_VAR = '--rx-actions-width';
const ACTIONS_CLASS = 'rx-actions-cell';
/** The width each actions column asked for, for the table's scroll width. */
const askedWidth = new WeakMap<object, number>();

const plainText = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/** antd's `{ children, props }` cell (row/col spans) is left as it is. */
const isRenderedCell = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  'props' in value &&
  'children' in value &&
  !('$$typeof' in value);

/**
 * The spec §9 column defaults: centered, and (unless a column says `ellipsis: false`) text cut with
 * an ellipsis whose whole text shows in a tooltip, in the header and in every cell. What a column
 * sets itself wins. Groups get the same for their children.
 */
export function withColumnDefaults<C extends ColumnLike>(columns: readonly C[], wrap: OverflowWrappers): C[] {
  return columns.map((column) => {
    const next: ColumnLike = { ...column, align: column.align ?? UI_DEFAULTS.table.align };
    if (column.children) {
      next.children = withColumnDefaults(column.children, wrap);
      return next as C;
    }
    if (column.key === ACTIONS_COLUMN_KEY) {
      const asked = typeof column.width === 'number' ? column.width : DEFAULT_COLUMN_WIDTH;
      next.width = `max(${asked}px, var(${ACTIONS_WIDTH_VAR}, 0px))`;
      askedWidth.set(next, asked);
      next.className = [column.className, ACTIONS_CLASS].filter(Boolean).join(' ');
      next.ellipsis = false;
      const render = column.render;
      if (render && wrap.actions)
        next.render = (value: never, record: never, index: number) =>
          wrap.actions!(render(value, record, index));
      return next as C;
    }
    if (column.ellipsis === false || !UI_DEFAULTS.table.showOverflowTooltip) return next as C;
    next.ellipsis = { showTitle: false };
    if (typeof column.title !== 'function' && column.title !== undefined)
      next.title = wrap.header(column.title);
    const render = column.render;
    next.render = (value: never, record: never, index: number) => {
      const content = render ? render(value, record, index) : value;
      return isRenderedCell(content) ? content : wrap.cell(content, plainText(content));
    };
    return next as C;
  });
}

/** The width a column without its own is given when the table works out its scroll width. */
export const DEFAULT_COLUMN_WIDTH = 120;

/**
 * The table's scroll width: the sum of its leaf columns' widths (numbers; others count as
 * DEFAULT_COLUMN_WIDTH). The table fills its container and scrolls sideways only below that.
 */
export function scrollWidth(columns: readonly ColumnLike[]): number {
  return columns.reduce(
    (sum, column) =>
      sum +
      (column.children
        ? scrollWidth(column.children)
        : typeof column.width === 'number'
          ? column.width
          : (askedWidth.get(column) ?? DEFAULT_COLUMN_WIDTH)),
    0,
  );
}

/** A row's height at each density (antd's cell padding, a line of text and the border). */
const ROW_HEIGHT = { large: 55, medium: 47, middle: 47, small: 39 } as const;
/** The pager's height with its margins. */
const PAGER_HEIGHT = 56;

/**
 * The height the table will take once mounted, for its placeholder: the table's top border, the
 * header, then its rows and pager, or the empty row (a little taller than a row; antd shows no pager
 * without rows).
 */
export function placeholderHeight(
  density: keyof typeof ROW_HEIGHT | undefined,
  rows: number,
  paged: boolean,
): number {
  const row = ROW_HEIGHT[density ?? 'large'];
  return 1 + row + (rows > 0 ? rows * row + (paged ? PAGER_HEIGHT : 0) : row + 8);
}
