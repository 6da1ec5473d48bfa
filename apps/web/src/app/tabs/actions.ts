import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { latestPath } from '../routes/latest-path.ts';
import { useTabs } from './store.ts';
import { HOME_VIEW, neighbourOf, type CloseKind } from './views.ts';

export interface TabActions {
  /** Closes tabs relative to the tab at `path`; leaves the page on screen if its tab closed. */
  close(kind: CloseKind, path: string): void;
  /** Remounts the page of the tab (its state is lost) and shows it. */
  refresh(path: string): void;
}

/**
 * The tab bar's actions with their navigation: closing the tab on screen goes to its neighbour;
 * closing it with others goes to the tab the action was taken on (or home when that one closed too).
 * The page "on screen" is the one the console is going to: closing a tab just clicked, while its
 * page is still loading or rendering, must not let that page open its tab again when it arrives.
 */
export function useTabActions(): TabActions {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const close = useCallback(
    (kind: CloseKind, path: string) => {
      const before = useTabs.getState().visited;
      useTabs.getState().close(kind, path);
      const after = useTabs.getState().visited;
      const current = latestPath(pathname);
      const onScreen = (views: typeof before) => views.some((v) => v.path === current);
      if (!onScreen(before) || onScreen(after)) return;
      const target =
        kind === 'self'
          ? neighbourOf(before, path)
          : (after.find((v) => v.path === path) ?? after[after.length - 1] ?? HOME_VIEW);
      void navigate(target.fullPath);
    },
    [navigate, pathname],
  );

  const refresh = useCallback(
    (path: string) => {
      useTabs.getState().refresh(path);
      const view = useTabs.getState().visited.find((v) => v.path === path);
      if (view && path !== pathname) void navigate(view.fullPath);
    },
    [navigate, pathname],
  );

  return { close, refresh };
}
