import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PAGE_CATALOGUE } from '@rx/contracts/pages';
import { BASENAME } from '../guard.ts';
import { useAccess } from '../permission/Permission.tsx';
import { useCurrentPage } from '../routes/handle.ts';
import { buildMenu, firstLeaf, menuKeyOf, trailTo, type MenuEntry } from './build.ts';

/** The signed-in user's menu and the keys from its top-level entry down to the current page's item. */
export function useMenu(): { menu: MenuEntry[]; trail: string[] } {
  const access = useAccess();
  const menu = useMemo(() => buildMenu(PAGE_CATALOGUE, access, BASENAME), [access]);
  const page = useCurrentPage();
  const active = page ? menuKeyOf(page) : undefined;
  const trail = useMemo(() => (active ? trailTo(menu, active) : []), [menu, active]);
  return { menu, trail };
}

/** Opens an entry: a page in the console, a group's first page, or a new window. */
export function useOpenEntry(onNavigate?: () => void): (entry: MenuEntry) => void {
  const navigate = useNavigate();
  return useCallback(
    (entry: MenuEntry) => {
      const target = firstLeaf(entry);
      if (target.newWindow) window.open(target.newWindow, '_blank', 'noopener');
      else void navigate(target.key);
      onNavigate?.();
    },
    [navigate, onNavigate],
  );
}

/** Every entry of a menu by key. */
export function entriesByKey(menu: readonly MenuEntry[], into = new Map<string, MenuEntry>()) {
  for (const entry of menu) {
    into.set(entry.key, entry);
    if (entry.children) entriesByKey(entry.children, into);
  }
  return into;
}
