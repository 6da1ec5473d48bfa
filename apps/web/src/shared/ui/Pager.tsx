import type { ReactNode } from 'react';
import Pagination, { type PaginationProps } from 'antd/es/pagination';
import { useTranslation } from 'react-i18next';
import { pagerLayoutProps, UI_DEFAULTS, type PagerPart } from './defaults.ts';

export interface PagerProps extends PaginationProps {
  /** Which parts show (spec §9 default: total, jumps, prev/next, numbers, sizes, go-to). */
  layout?: readonly PagerPart[];
  /** Numbered buttons at most: 7 (the default) or 5. */
  pagerCount?: number;
}

/** The spec §9 pager defaults as antd Pagination props (the table's pager uses them too). */
export function usePagerDefaults(
  layout: readonly PagerPart[] = UI_DEFAULTS.pager.layout,
  pagerCount: number = UI_DEFAULTS.pager.pagerCount,
): PaginationProps {
  const { t } = useTranslation();
  const { showTotal, ...parts } = pagerLayoutProps(layout, pagerCount);
  return {
    ...parts,
    defaultPageSize: UI_DEFAULTS.pager.pageSize,
    pageSizeOptions: [...UI_DEFAULTS.pager.pageSizes],
    showTotal: showTotal ? (total) => t('tabs:ui.total', { total }) : undefined,
    align: 'end',
  };
}

/**
 * The list pager (spec §9): 10 rows a page, sizes 10/20/50, 7 page buttons, the translated total,
 * the jump buttons, the page-size choice and the go-to box. Pass `current`, `pageSize`, `total`
 * and `onChange` for server-side paging; what you pass wins over the defaults.
 */
export function Pager({ layout, pagerCount, ...props }: PagerProps): ReactNode {
  const defaults = usePagerDefaults(layout, pagerCount);
  return <Pagination {...defaults} {...props} />;
}
