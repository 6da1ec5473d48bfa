import {
  lazy,
  startTransition,
  Suspense,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type Key,
  type ReactNode,
} from 'react';
import Flex from 'antd/es/flex';
import Grid from 'antd/es/grid';
import Table, { type TableProps } from 'antd/es/table';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { ActionsCell } from './ActionsCell.tsx';
import { OverflowTip, OverflowTipHost } from './OverflowTip.tsx';
import { usePagerDefaults, type PagerProps } from './Pager.tsx';
import {
  placeholderHeight,
  scrollWidth,
  withColumnDefaults,
  type OverflowWrappers,
} from './table-columns.ts';
import { UI_DEFAULTS } from './defaults.ts';
import { useScrollRegionsFocusable } from './scroll-regions.ts';
import { arrange, useTableSetup } from '../crud/column-settings.ts';
import { TableTools } from '../crud/TableTools.tsx';
import { storage } from '../storage.ts';
import { loadNamespace } from '../i18n.ts';
import './data-table.css';

export interface DataTableProps<T> extends Omit<TableProps<T>, 'pagination'> {
  /** The shared pager's options (`current`, `pageSize`, `total`, `onChange` for server paging); false: none. */
  pagination?: PagerProps | false;
  /** Keep the clicked row highlighted (default on). */
  highlightCurrentRow?: boolean;
  /**
   * The table's own buttons above it: refresh, row density, and column settings (show/hide,
   * order), saved per user under `id`. The `actions` column stays last and always shown.
   */
  tools?: TableToolsOptions;
}

export interface TableToolsOptions {
  /** Names the saved setup: one per table, stable across releases. */
  id: string;
  onRefresh: () => void;
  refreshing?: boolean;
  /** Shown at the start of the tools row (e.g. the bulk actions of selected rows). */
  leading?: ReactNode;
}

// Kept importable from here (pages' raw tables used it before ScrollTable).
export { useScrollRegionsFocusable };

const DEFAULTS = UI_DEFAULTS.table;

// Saved views (a list's filters, sort and columns under a name) load after the table, with their words.
const SavedViews = lazy(() => loadNamespace('savedViews').then(() => import('../crud/SavedViews.tsx')));

const wrappers: OverflowWrappers = {
  header: (title) => <OverflowTip>{title as ReactNode}</OverflowTip>,
  cell: (content, text) => <OverflowTip title={text}>{content as ReactNode}</OverflowTip>,
  actions: (content) => <ActionsCell>{content as ReactNode}</ActionsCell>,
};

/**
 * The list table every business page uses (spec §9): header shown, centered cells, inner borders,
 * medium size, overflowing text cut with a tooltip (header and cells), scrolling sideways when the
 * columns need more room, row hover and a current-row highlight, the translated empty text, and
 * the shared pager's defaults.
 */
export function DataTable<T extends object>({
  columns,
  pagination,
  highlightCurrentRow = DEFAULTS.highlightCurrentRow,
  rowKey = 'key',
  onRow,
  rowClassName,
  locale,
  tools,
  size,
  ...props
}: DataTableProps<T>): ReactNode {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { layout, pagerCount, ...pagerProps } = pagination || {};
  const pager = usePagerDefaults(layout, pagerCount);
  const [current, setCurrent] = useState<Key | undefined>();
  const [setup, saveSetup] = useTableSetup(String(storage.userInfo.get()?.id ?? ''), tools?.id ?? '');
  const keyed = useMemo(
    () =>
      (columns ?? []).map((c) => ({
        ...c,
        key: String(c.key ?? ('dataIndex' in c ? String(c.dataIndex) : '')),
      })),
    [columns],
  );
  const shown = useMemo(() => {
    if (!tools) return columns ?? [];
    const actions = keyed.filter((c) => c.key === 'actions');
    return [
      ...arrange(
        keyed.filter((c) => c.key !== 'actions'),
        setup,
      ),
      ...actions,
    ];
  }, [tools, columns, keyed, setup]);
  // On a phone nothing is pinned: a pinned actions column (or ID) would leave the checkbox, the ID
  // and the buttons on screen and no room for what the row is (issue 27, defect 7). Wider, the row
  // actions stay pinned at the end, so they are never off screen however many columns there are.
  const phone = Grid.useBreakpoint().sm === false;
  const pinned = useMemo(() => pinColumns(shown, phone), [shown, phone]);
  const merged = useMemo(() => withColumnDefaults(pinned, wrappers), [pinned]);
  const keyOf = (record: T): Key =>
    typeof rowKey === 'function' ? rowKey(record) : (record as Record<string, Key>)[rowKey as string]!;

  // Rows that arrive are rendered in the background, in slices the browser can interleave with
  // input and painting: a page of rows rendered at once was the longest task of a list's first
  // load. Meanwhile the rows shown stay (a page's rows while the next renders); a table that had
  // none shows its loading state while rows are coming, not its empty text.
  const rows = useDeferredValue(props.dataSource);
  const rowsBehind = rows !== props.dataSource && !rows?.length && !!props.dataSource?.length;

  // The table itself mounts in a transition after the page around it has committed: antd's table
  // measures its columns in a layout effect on mount, which lays out the whole page at once and then
  // renders the table again, all in the page's first commit (its longest task). Mounted after, it
  // measures the table alone, in a task of its own. Meanwhile its place is held at its empty height.
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);

  const tableRef = useRef<{ nativeElement?: HTMLElement } | null>(null);
  useScrollRegionsFocusable(tableRef, mounted);

  const style = { '--rx-table-current-row': token.controlItemBgActive } as CSSProperties;
  const density = tools ? setup.density : (size ?? DEFAULTS.size);
  const table = !mounted ? (
    <div
      className="rx-data-table-placeholder"
      aria-busy="true"
      style={{
        minBlockSize: placeholderHeight(
          density,
          Math.min(props.dataSource?.length ?? 0, pagerProps.pageSize ?? pager.defaultPageSize ?? Infinity),
          pagination !== false,
        ),
      }}
    />
  ) : (
    <Table<T>
      ref={tableRef as never}
      className="rx-data-table"
      style={style}
      showHeader={DEFAULTS.showHeader}
      bordered={DEFAULTS.bordered}
      size={density}
      // Fills the container as it resizes; scrolls sideways once the columns need more room.
      scroll={DEFAULTS.autoResize ? { x: scrollWidth(merged) } : undefined}
      tableLayout="fixed"
      rowKey={rowKey}
      columns={merged}
      locale={{ emptyText: t('tabs:ui.noData'), ...locale }}
      pagination={pagination === false ? false : { ...pager, ...pagerProps }}
      onRow={(record, index) => {
        const own = onRow?.(record, index) ?? {};
        return {
          ...own,
          onClick: (event) => {
            if (highlightCurrentRow) setCurrent(keyOf(record));
            own.onClick?.(event);
          },
        };
      }}
      rowClassName={(record, index, indent) => {
        const own = typeof rowClassName === 'function' ? rowClassName(record, index, indent) : rowClassName;
        const isCurrent = highlightCurrentRow && current !== undefined && keyOf(record) === current;
        return [own, isCurrent ? 'rx-current-row' : ''].filter(Boolean).join(' ');
      }}
      {...props}
      dataSource={rows}
      loading={rowsBehind || props.loading}
    />
  );
  const tip = <OverflowTipHost within={tableRef} />;
  if (!tools)
    return (
      <>
        {table}
        {tip}
      </>
    );
  return (
    <>
      <Flex justify="space-between" align="center" gap={8} wrap className="rx-data-table__tools">
        <Flex align="center" gap={8} wrap>
          {tools.leading}
        </Flex>
        <Flex align="center" gap={4}>
          <Suspense fallback={null}>
            <SavedViews
              columns={keyed.filter((c) => c.key !== 'actions').map((c) => c.key)}
              setup={setup}
              onSetup={saveSetup}
            />
          </Suspense>
          <TableTools
            columns={keyed
              .filter((c) => c.key !== 'actions')
              .map((c) => ({ key: c.key, title: c.title as ReactNode }))}
            setup={setup}
            onSetup={saveSetup}
            onRefresh={tools.onRefresh}
            refreshing={tools.refreshing ?? false}
          />
        </Flex>
      </Flex>
      {table}
      {tip}
    </>
  );
}

/** The actions column pinned at the end (unless the page says otherwise); on a phone, no column pinned. */
export function pinColumns<C extends { key?: unknown; fixed?: unknown }>(
  columns: readonly C[],
  phone: boolean,
): C[] {
  return columns.map((column) => {
    if (phone) return column.fixed ? { ...column, fixed: false } : column;
    if (column.key === 'actions' && column.fixed === undefined) return { ...column, fixed: 'right' };
    return column;
  });
}
