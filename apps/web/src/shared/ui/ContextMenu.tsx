import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { theme } from 'antd';
import { placeMenu, stepScroll, UI_DEFAULTS } from './defaults.ts';
import './context-menu.css';

export interface ContextMenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
  /** A submenu, opened on hover (closing 200 ms after the pointer leaves) or with the arrow key. */
  children?: ContextMenuItem[];
  onSelect?: () => void;
}

export interface ContextMenuProps {
  /** Where the menu opens, in window coordinates; null: closed. */
  position: { x: number; y: number } | null;
  items: ContextMenuItem[];
  onClose: () => void;
  label?: string;
}

interface Anchor {
  x: number;
  y: number;
  /** For a submenu: the parent item's other edge, used when the preferred side has no room. */
  altX?: number;
}

const DEFAULTS = UI_DEFAULTS.contextMenu;
const isRtl = () => document.documentElement.dir === 'rtl';

/**
 * A right-click menu (spec §9 defaults: 100–600 px wide, z-index 100, submenus close 200 ms after
 * the pointer leaves, a menu taller than the window scrolls 50 px per wheel notch). Keyboard: the
 * first item takes focus, arrows move, Enter/Space choose, Escape or Tab close, and focus goes back
 * to where it was.
 */
export function ContextMenu({ position, items, onClose, label }: ContextMenuProps): ReactNode {
  const { token } = theme.useToken();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!position) return;
    const returnFocus = document.activeElement;
    const outside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside, true);
    window.addEventListener('resize', onClose);
    window.addEventListener('blur', onClose);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      window.removeEventListener('resize', onClose);
      window.removeEventListener('blur', onClose);
      if (returnFocus instanceof HTMLElement && returnFocus.isConnected) returnFocus.focus();
    };
  }, [position, onClose]);

  if (!position) return null;
  const style = {
    '--rx-cm-bg': token.colorBgElevated,
    '--rx-cm-text': token.colorText,
    '--rx-cm-disabled': token.colorTextDisabled,
    '--rx-cm-hover': token.controlItemBgHover,
    '--rx-cm-radius': `${token.borderRadiusLG}px`,
    '--rx-cm-shadow': token.boxShadowSecondary,
    '--rx-cm-min-width': `${DEFAULTS.minWidth}px`,
    '--rx-cm-max-width': `${DEFAULTS.maxWidth}px`,
    '--rx-cm-z-index': DEFAULTS.zIndex,
  } as CSSProperties;
  return createPortal(
    <div ref={rootRef} className="rx-context-menu" style={style}>
      <MenuPanel items={items} anchor={position} onClose={onClose} label={label} autoFocus />
    </div>,
    document.body,
  );
}

interface PanelProps {
  items: ContextMenuItem[];
  anchor: Anchor;
  onClose: () => void;
  label?: string;
  /** Focus the first item on opening (a submenu opened by the pointer leaves focus where it is). */
  autoFocus?: boolean;
  /** For a submenu: closes it and gives focus back to its parent item. */
  onBack?: () => void;
  onPointerInside?: (inside: boolean) => void;
}

function MenuPanel(props: PanelProps): ReactNode {
  const { items, anchor, onClose, label, autoFocus, onBack, onPointerInside } = props;
  const listRef = useRef<HTMLUListElement>(null);
  const [sub, setSub] = useState<{ key: string; anchor: Anchor; focus: boolean } | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useLayoutEffect(() => {
    const list = listRef.current!;
    const viewport = { width: window.innerWidth, height: window.innerHeight };
    list.style.maxHeight = `${viewport.height}px`;
    const size = { width: list.offsetWidth, height: Math.min(list.scrollHeight, viewport.height) };
    const rtl = isRtl();
    const placed = placeMenu(anchor, size, viewport, rtl);
    const { top } = placed;
    let { left } = placed;
    if (anchor.altX !== undefined) {
      // A submenu opens beside its item: after it in reading order, else before it.
      const after = rtl ? anchor.altX - size.width : anchor.x;
      const before = rtl ? anchor.x : anchor.altX - size.width;
      const fits = (x: number) => x >= 0 && x + size.width <= viewport.width;
      left = Math.max(
        0,
        Math.min(fits(after) || !fits(before) ? after : before, viewport.width - size.width),
      );
    }
    Object.assign(list.style, { left: `${left}px`, top: `${top}px`, visibility: 'visible' });
    if (autoFocus) enabledItems(list)[0]?.focus();
  }, [anchor, autoFocus]);

  useEffect(() => {
    const list = listRef.current!;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      list.scrollTop = stepScroll(list.scrollTop, event.deltaY, list.scrollHeight - list.clientHeight);
    };
    list.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      list.removeEventListener('wheel', onWheel);
      window.clearTimeout(timer.current);
    };
  }, []);

  const cancelClose = () => window.clearTimeout(timer.current);
  const scheduleClose = () => {
    cancelClose();
    timer.current = window.setTimeout(() => setSub(null), DEFAULTS.submenuCloseDelayMs);
  };
  const openSub = (item: ContextMenuItem, button: HTMLElement, focus: boolean) => {
    cancelClose();
    const rect = button.getBoundingClientRect();
    setSub({ key: item.key, anchor: { x: rect.right, y: rect.top, altX: rect.left }, focus });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = listRef.current!;
    const enabled = enabledItems(list);
    const index = enabled.indexOf(document.activeElement as HTMLButtonElement);
    const forward = isRtl() ? 'ArrowLeft' : 'ArrowRight';
    const back = isRtl() ? 'ArrowRight' : 'ArrowLeft';
    const move = (to: number) => enabled[(to + enabled.length) % enabled.length]?.focus();
    const item = items.find((i) => i.key === (document.activeElement as HTMLElement | null)?.dataset.key);
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index < 0 ? -1 : index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(-1);
    else if (event.key === forward && item?.children)
      openSub(item, document.activeElement as HTMLElement, true);
    else if ((event.key === back || event.key === 'Escape') && onBack) onBack();
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const subItem = sub && items.find((i) => i.key === sub.key);
  // When some items have icons, the others keep the space so the labels line up.
  const withIcons = items.some((i) => i.icon);
  return (
    <>
      <ul
        ref={listRef}
        role="menu"
        aria-label={label}
        className="rx-context-menu__list"
        onKeyDown={onKeyDown}
        onContextMenu={(event) => event.preventDefault()}
        onMouseEnter={() => onPointerInside?.(true)}
        onMouseLeave={() => onPointerInside?.(false)}
      >
        {items.map((item) => (
          <li key={item.key} role="none">
            <button
              type="button"
              role="menuitem"
              data-key={item.key}
              aria-disabled={item.disabled || undefined}
              aria-haspopup={item.children ? 'menu' : undefined}
              aria-expanded={item.children ? sub?.key === item.key : undefined}
              className="rx-context-menu__item"
              onMouseEnter={(event) =>
                item.children && !item.disabled
                  ? openSub(item, event.currentTarget, false)
                  : sub && scheduleClose()
              }
              onMouseLeave={() => item.children && scheduleClose()}
              onClick={(event) => {
                if (item.disabled) return;
                if (item.children) return openSub(item, event.currentTarget, true);
                onClose();
                item.onSelect?.();
              }}
            >
              {withIcons && (
                <span className="rx-context-menu__icon" aria-hidden>
                  {item.icon}
                </span>
              )}
              <span className="rx-context-menu__label">{item.label}</span>
            </button>
          </li>
        ))}
      </ul>
      {sub && subItem?.children && (
        <MenuPanel
          key={sub.key}
          items={subItem.children}
          anchor={sub.anchor}
          onClose={onClose}
          autoFocus={sub.focus}
          onPointerInside={(inside) => (inside ? cancelClose() : scheduleClose())}
          onBack={() => {
            setSub(null);
            listRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(sub.key)}"]`)?.focus();
          }}
        />
      )}
    </>
  );
}

function enabledItems(list: HTMLElement): HTMLButtonElement[] {
  return [...list.querySelectorAll<HTMLButtonElement>(':scope > li > [role=menuitem]:not([aria-disabled])')];
}
