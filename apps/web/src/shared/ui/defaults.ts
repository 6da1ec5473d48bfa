/**
 * Spec §9: the defaults of the shared table, pager, modal and context menu, in one typed object.
 * The components read them from here; a page changes one by passing the prop, never by copying.
 */
export const PAGER_PARTS = [
  'total',
  'prev-jump',
  'prev',
  'pager',
  'next',
  'next-jump',
  'sizes',
  'full-jump',
] as const;
export type PagerPart = (typeof PAGER_PARTS)[number];

export const UI_DEFAULTS = {
  table: {
    showHeader: true,
    /** Overflowing header and cell text is cut with an ellipsis and shown whole in a tooltip. */
    showOverflowTooltip: true,
    /** Columns follow the container's width and scroll sideways when they need more. */
    autoResize: true,
    /** Inner borders between cells. */
    bordered: true,
    align: 'center',
    highlightHoverRow: true,
    /** A clicked row stays highlighted as the current row. */
    highlightCurrentRow: true,
    /** 'medium' in the spec; antd calls it 'middle'. */
    size: 'middle',
  },
  pager: {
    pageSize: 10,
    pageSizes: [10, 20, 50],
    /** Numbered buttons at most: first, last, and two either side of the current page. */
    pagerCount: 7,
    layout: PAGER_PARTS,
  },
  modal: {
    minWidth: 500,
    minHeight: 400,
    mask: true,
    /** The page behind does not scroll while the modal is open. */
    lockScroll: true,
    draggable: false,
    dblclickZoom: false,
    zIndex: 9999,
  },
  contextMenu: {
    minWidth: 100,
    maxWidth: 600,
    zIndex: 100,
    submenuCloseDelayMs: 200,
    /** A menu taller than the window scrolls by this much per wheel notch. */
    scrollStepPx: 50,
  },
} as const;

/** The antd Pagination props a pager layout stands for (antd draws the parts in its fixed order). */
export interface PagerLayoutProps {
  showTotal: boolean;
  showPrevNextJumpers: boolean;
  showSizeChanger: boolean;
  showQuickJumper: boolean;
  /** antd shows 5 numbered buttons with it, 7 without. */
  showLessItems: boolean;
  /** No numbered buttons: antd's simple mode (prev, page input, next). */
  simple: boolean;
}

export function pagerLayoutProps(
  layout: readonly PagerPart[] = UI_DEFAULTS.pager.layout,
  pagerCount: number = UI_DEFAULTS.pager.pagerCount,
): PagerLayoutProps {
  const has = (part: PagerPart) => layout.includes(part);
  return {
    showTotal: has('total'),
    showPrevNextJumpers: has('prev-jump') || has('next-jump'),
    showSizeChanger: has('sizes'),
    showQuickJumper: has('full-jump'),
    showLessItems: pagerCount < 7,
    simple: !has('pager'),
  };
}

/**
 * The menu's new scroll offset after a wheel turn: one step of `step` pixels in the wheel's
 * direction, kept between 0 and the most the content can scroll.
 */
export function stepScroll(
  current: number,
  deltaY: number,
  maxScroll: number,
  step: number = UI_DEFAULTS.contextMenu.scrollStepPx,
): number {
  if (deltaY === 0 || maxScroll <= 0) return Math.max(0, Math.min(current, Math.max(maxScroll, 0)));
  const next = current + Math.sign(deltaY) * step;
  return Math.max(0, Math.min(next, maxScroll));
}

/**
 * Where a menu of the given size opens for a pointer at (x, y): at the pointer, extending right
 * (left in right-to-left pages), moved back inside the window when it would overflow an edge.
 */
export function placeMenu(
  pointer: { x: number; y: number },
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  rtl = false,
): { left: number; top: number } {
  let left = rtl ? pointer.x - size.width : pointer.x;
  if (left < 0) left = rtl ? pointer.x : 0;
  if (left + size.width > viewport.width) left = viewport.width - size.width;
  const top = pointer.y + size.height > viewport.height ? viewport.height - size.height : pointer.y;
  return { left: Math.max(0, left), top: Math.max(0, top) };
}
