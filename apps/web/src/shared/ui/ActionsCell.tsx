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

/** Where each observed row's buttons stand: their cell (its padding) and their table. */
const places = new WeakMap<Element, { cell: HTMLElement; table: HTMLElement }>();

/**
 * Every row's buttons are measured together, once the browser has laid the page out (a resize
 * observer reports before the frame is painted): all the rows are read first, then each table is
 * widened once. Measuring each row as it mounted read the layout after the previous row had
 * widened the column, so a page of rows laid the table out again for every row.
 */
function measure(entries: ResizeObserverEntry[]): void {
  const needs = new Map<HTMLElement, number>();
  for (const { target } of entries) {
    const place = places.get(target);
    if (!place) continue;
    const style = getComputedStyle(place.cell);
    const frame = parseFloat(style.paddingInlineStart) + parseFloat(style.paddingInlineEnd) + 1;
    const need = Math.ceil((target as HTMLElement).scrollWidth + frame);
    needs.set(place.table, Math.max(needs.get(place.table) ?? 0, need));
  }
  for (const [table, need] of needs) widen(table, need);
}

let observer: ResizeObserver | undefined;

/**
 * A row's action buttons on one line. The column is as wide as the page asks, or as the widest
 * row's buttons need in the interface language (Arabic and Tagalog labels run longer than Chinese):
 * the cells' buttons are measured and widen the table's actions column through a CSS variable.
 */
export function ActionsCell({ children }: { children: ReactNode }): ReactNode {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const buttons = ref.current;
    const cell = buttons?.closest('td');
    const table = cell?.closest<HTMLElement>('.rx-data-table');
    if (!buttons || !cell || !table) return;
    places.set(buttons, { cell, table });
    observer ??= new ResizeObserver(measure);
    observer.observe(buttons);
    return () => {
      observer?.unobserve(buttons);
      places.delete(buttons);
    };
  }, []);
  return (
    <span ref={ref} className="rx-actions">
      {children}
    </span>
  );
}
