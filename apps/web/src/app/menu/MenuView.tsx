import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MenuEntry } from './build.ts';
import { iconOf } from './icons.tsx';
import { entriesByKey, useMenu, useOpenEntry } from './useMenu.ts';
import './menu.css';

export interface MenuViewProps {
  mode: 'inline' | 'horizontal';
  /** `all`: the whole tree; `top`: first-level entries only; `active-children`: the children of the active first-level entry. */
  levels?: 'all' | 'top' | 'active-children';
  collapsed?: boolean;
  /** Called after an item navigates (the mobile drawer closes). */
  onNavigate?: () => void;
}

type Items = NonNullable<MenuProps['items']>;

/**
 * An entry's label is plain content, so antd wraps it in its title span (ellipsis, the collapsed
 * sidebar's tooltip); the tip goes in antd's `extra` slot at the end of the item.
 */
function toItems(entries: readonly MenuEntry[], t: TFunction, depth: number, withChildren: boolean): Items {
  return entries.map((entry) => {
    const title = t(`menu:${entry.title}`);
    const tip = entry.tip ? t(`menu:${entry.tip}`) : undefined;
    return {
      key: entry.key,
      label: entry.newWindow ? (
        <>
          {title}
          <ExportOutlined className="rx-menu-new-window" aria-label={t('nav:menu.newWindow')} />
        </>
      ) : (
        title
      ),
      ...(tip
        ? {
            extra: (
              <span className="rx-menu-tip" title={tip}>
                {tip}
              </span>
            ),
          }
        : {}),
      ...(depth === 0 ? { icon: iconOf(entry.key) } : {}),
      ...(withChildren && entry.children ? { children: toItems(entry.children, t, depth + 1, true) } : {}),
    };
  });
}

/** The menu built from the user's permissions and publish area (spec §2 menu behaviour). */
export function MenuView({ mode, levels = 'all', collapsed = false, onNavigate }: MenuViewProps) {
  const { t } = useTranslation();
  const { menu, trail } = useMenu();
  const open = useOpenEntry(onNavigate);

  const top = trail[0];
  const shown = useMemo(() => {
    if (levels === 'top') return menu;
    if (levels === 'active-children') return menu.find((entry) => entry.key === top)?.children ?? [];
    return menu;
  }, [levels, menu, top]);
  const items = useMemo(
    () => toItems(shown, t, levels === 'active-children' ? 1 : 0, levels !== 'top'),
    [shown, t, levels],
  );
  const byKey = useMemo(() => entriesByKey(menu), [menu]);
  const selected = levels === 'top' ? top : trail[trail.length - 1];

  // Groups above the current page open whenever it changes; the user may open and close others.
  const ancestors = trail.slice(0, -1);
  const [openKeys, setOpenKeys] = useState<string[]>(ancestors);
  const [seen, setSeen] = useState(selected);
  if (seen !== selected) {
    setSeen(selected);
    setOpenKeys((keys) => [...new Set([...keys, ...ancestors])]);
  }

  const inline = mode === 'inline';
  return (
    <Menu
      className="rx-menu"
      mode={mode}
      items={items}
      selectedKeys={selected ? [selected] : []}
      {...(inline && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      {...(inline ? { inlineCollapsed: collapsed } : {})}
      onClick={({ key }) => {
        const entry = byKey.get(key);
        if (entry) open(entry);
      }}
    />
  );
}
