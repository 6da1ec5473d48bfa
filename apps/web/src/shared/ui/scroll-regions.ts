import { useLayoutEffect } from 'react';

/**
 * A table that scrolls sideways (or up and down) must be reachable by keyboard even when nothing in
 * it can take focus (an empty table, rows of plain text): its scrolling box gets `tabindex=0`
 * while it overflows, so arrow keys scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function useScrollRegionsFocusable(ref: { current: { nativeElement?: HTMLElement } | null }): void {
  useLayoutEffect(() => {
    const root = ref.current?.nativeElement;
    if (!root) return;
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => mark());
    // The boxes and what they hold: rows arriving or columns widening change the overflow without
    // changing the table's own size.
    const mark = () => {
      for (const box of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        const overflows = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
        if (overflows) box.tabIndex = 0;
        else box.removeAttribute('tabindex');
        observer?.observe(box);
        if (box.firstElementChild) observer?.observe(box.firstElementChild);
      }
    };
    mark();
    observer?.observe(root);
    return () => observer?.disconnect();
  });
}
