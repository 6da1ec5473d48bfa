import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { ACTIONS_WIDTH_VAR } from './table-columns.ts';

/** The widest row's need, per table and interface language (a language switch measures afresh). */
function widen(table: HTMLElement, need: number): void {
  const lang = document.documentElement.lang;
  const current =
    table.dataset.actionsLang === lang ? parseFloat(table.style.getPropertyValue(ACTIONS_WIDTH_VAR)) : 0;
  table.dataset.actionsLang = lang;
  if (!(need <= current)) table.style.setProperty(ACTIONS_WIDTH_VAR, `${need}px`);
}

/**
 * A row's action buttons on one line. The column is as wide as the page asks, or as the widest
 * row's buttons need in the interface language (Arabic and Tagalog labels run longer than Chinese):
 * each cell measures its buttons and widens the table's actions column through a CSS variable.
 */
export function ActionsCell({ children }: { children: ReactNode }): ReactNode {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const buttons = ref.current;
    const cell = buttons?.closest('td');
    const table = cell?.closest<HTMLElement>('.rx-data-table');
    if (!buttons || !cell || !table) return;
    const measure = () => {
      const style = getComputedStyle(cell);
      const frame = parseFloat(style.paddingInlineStart) + parseFloat(style.paddingInlineEnd) + 1;
      widen(table, Math.ceil(buttons.scrollWidth + frame));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(buttons);
    return () => observer.disconnect();
  }, []);
  return (
    <span ref={ref} className="rx-actions">
      {children}
    </span>
  );
}
