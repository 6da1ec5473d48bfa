import { useLayoutEffect, useRef } from 'react';

const BOXES = '.ant-table-content, .ant-table-body';

/**
 * A table that scrolls sideways (or up and down) must be reachable by keyboard even when nothing in
 * it can take focus (an empty table, rows of plain text): its scrolling box gets `tabindex=0`
 * while it overflows, so arrow keys scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
 *
 * The boxes are measured only when a resize observer reports them, once the browser has laid the
 * page out anyway (before it paints), never while rendering: reading a box's size in a layout
 * effect made the browser lay the whole table out again after every render.
 */
export function useScrollRegionsFocusable(
  ref: { current: { nativeElement?: HTMLElement } | null },
  /** False while the table is not mounted yet (DataTable mounts it after the page): watched once it is. */
  mounted = true,
): void {
  const watcher = useRef<ResizeObserver | null>(null);

  useLayoutEffect(() => {
    const root = ref.current?.nativeElement;
    if (!root || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const boxes = [...root.querySelectorAll<HTMLElement>(BOXES)];
      // Every size first, then the attributes: a write between two reads would lay out again.
      const overflowing = boxes.map(
        (box) => box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1,
      );
      boxes.forEach((box, i) => {
        if (overflowing[i]) {
          if (box.tabIndex !== 0) box.tabIndex = 0;
        } else if (box.hasAttribute('tabindex')) box.removeAttribute('tabindex');
      });
    });
    observer.observe(root);
    watcher.current = observer;
    return () => {
      observer.disconnect();
      watcher.current = null;
    };
  }, [ref, mounted]);

  // After each render, the boxes and what they hold (rows arriving or columns widening change the
  // overflow without changing the table's own size): watching an element already watched does
  // nothing, and a newly watched one is reported once it is laid out.
  useLayoutEffect(() => {
    const root = ref.current?.nativeElement;
    const observer = watcher.current;
    if (!root || !observer) return;
    for (const box of root.querySelectorAll<HTMLElement>(BOXES)) {
      observer.observe(box);
      if (box.firstElementChild) observer.observe(box.firstElementChild);
    }
  });
}
