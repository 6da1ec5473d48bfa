import { useState, type ReactNode } from 'react';
import Tooltip from 'antd/es/tooltip';
import './overflow-tip.css';

/**
 * Text cut with an ellipsis when it does not fit; hovering shows it whole in a tooltip, only when
 * it was actually cut (the table's header and cells use it). Its direction follows its own text
 * (`dir="auto"`): data mixing Chinese or Latin with numbers keeps its order in Arabic ("6480 元宝").
 *
 * The tooltip exists only while it is shown: a page of rows has a cell like this per column, and a
 * tooltip in each (a trigger, a popup and their theme look-ups) was much of a list's first render.
 */
export function OverflowTip({ children, title }: { children: ReactNode; title?: ReactNode }): ReactNode {
  const [open, setOpen] = useState(false);
  const text = (
    <span
      className="rx-overflow-tip"
      dir="auto"
      onMouseEnter={(event) => {
        const el = event.currentTarget;
        if (el.scrollWidth > el.clientWidth) setOpen(true);
      }}
      onMouseLeave={() => setOpen(false)}
    >
      {children}
    </span>
  );
  if (!open) return text;
  return (
    <Tooltip title={title ?? children} open onOpenChange={(next) => !next && setOpen(false)}>
      {text}
    </Tooltip>
  );
}
