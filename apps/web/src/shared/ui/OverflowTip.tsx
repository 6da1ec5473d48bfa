import { useSyncExternalStore, type ReactNode } from 'react';
import Tooltip from 'antd/es/tooltip';
import './overflow-tip.css';

/** The cut text the pointer is on, and what its tooltip says; null while none is. */
let shown: { anchor: HTMLElement; title: ReactNode } | null = null;
const listeners = new Set<() => void>();
function show(next: typeof shown): void {
  shown = next;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Text cut with an ellipsis when it does not fit; hovering shows it whole in a tooltip, only when
 * it was actually cut (the table's header and cells use it). Its direction follows its own text
 * (`dir="auto"`): data mixing Chinese or Latin with numbers keeps its order in Arabic ("6480 元宝").
 *
 * The cell holds no tooltip of its own: a page of rows has one such cell per column, and a tooltip
 * in each (a trigger, a popup and their theme look-ups) was much of a list's first render. The
 * table's one `OverflowTipHost` shows the tooltip of the cell the pointer is on.
 */
export function OverflowTip({ children, title }: { children: ReactNode; title?: ReactNode }): ReactNode {
  return (
    <span
      className="rx-overflow-tip"
      dir="auto"
      onMouseEnter={(event) => {
        const el = event.currentTarget;
        if (el.scrollWidth > el.clientWidth) show({ anchor: el, title: title ?? children });
      }}
      onMouseLeave={(event) => {
        if (shown?.anchor === event.currentTarget) show(null);
      }}
    >
      {children}
    </span>
  );
}

/**
 * The tooltip of the cut text the pointer is on, when that text is inside `within` (each table has
 * one host): drawn over the text's place, so it points at it as a tooltip of its own would.
 */
export function OverflowTipHost({
  within,
}: {
  within: { current: { nativeElement?: HTMLElement } | null };
}): ReactNode {
  const current = useSyncExternalStore(subscribe, () => shown);
  if (!current || !current.anchor.isConnected || !within.current?.nativeElement?.contains(current.anchor))
    return null;
  const place = current.anchor.getBoundingClientRect();
  return (
    <Tooltip title={current.title} open onOpenChange={(open) => !open && show(null)}>
      <span
        aria-hidden
        style={{
          position: 'fixed',
          left: place.left,
          top: place.top,
          width: place.width,
          height: place.height,
          pointerEvents: 'none',
        }}
      />
    </Tooltip>
  );
}
