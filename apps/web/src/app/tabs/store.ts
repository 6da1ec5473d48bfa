import { create } from 'zustand';
import type { VisitedView } from '../../shared/settings.ts';
import { storage } from '../../shared/storage.ts';
import { useSettings } from '../settings/store.ts';
import { addView, closeViews, HOME_VIEW, restoreViews, type CloseKind } from './views.ts';

export interface TabsState {
  /** The open tabs, home first. */
  visited: VisitedView[];
  /** Paths of the open tabs whose page keeps its state while hidden. */
  cached: string[];
  /** Bumped by `refresh`: part of the page's React key, so a new value remounts the page. */
  generations: Record<string, number>;
  /** A page was opened: adds its tab (and marks it kept alive when its catalogue entry says so). */
  open(view: VisitedView, keepAlive: boolean): void;
  close(kind: CloseKind, path: string): void;
  refresh(path: string): void;
  /** Back to the home tab alone (sign-out without tab caching). */
  reset(): void;
}

/** Tab caching (`cacheTagsView`): tabs survive a reload and a sign-out. */
export const tabCachingOn = (): boolean => useSettings.getState().settings.cacheTagsView;

/** The lists to start with: the saved ones when tab caching is on, else the home tab alone. */
export function initialTabs(cachingOn: boolean): Pick<TabsState, 'visited' | 'cached'> {
  if (!cachingOn) return { visited: [{ ...HOME_VIEW }], cached: [] };
  const visited = restoreViews(storage.visitedViews.get());
  const paths = new Set(visited.map((v) => v.path));
  const saved = storage.cachedViews.get();
  const cached = Array.isArray(saved) ? saved.filter((p) => typeof p === 'string' && paths.has(p)) : [];
  return { visited, cached: [...new Set(cached)] };
}

/**
 * The tab store. Both lists are saved as they change (spec §4); whether they are read back after a
 * reload, and kept at sign-out, depends on tab caching.
 */
export function createTabsStore(cachingOn: () => boolean = tabCachingOn) {
  const store = create<TabsState>((set, get) => ({
    ...initialTabs(cachingOn()),
    generations: {},
    open(view, keepAlive) {
      const { visited, cached } = get();
      const nextVisited = addView(visited, view);
      const nextCached = keepAlive && !cached.includes(view.path) ? [...cached, view.path] : cached;
      if (nextVisited !== visited || nextCached !== cached) set({ visited: nextVisited, cached: nextCached });
    },
    close(kind, path) {
      const { visited, cached, generations } = get();
      const nextVisited = closeViews(visited, kind, path);
      if (nextVisited === visited) return;
      const open = new Set(nextVisited.map((v) => v.path));
      set({
        visited: nextVisited,
        cached: cached.filter((p) => open.has(p)),
        generations: Object.fromEntries(Object.entries(generations).filter(([p]) => open.has(p))),
      });
    },
    refresh(path) {
      const { generations } = get();
      set({ generations: { ...generations, [path]: (generations[path] ?? 0) + 1 } });
    },
    reset() {
      set({ ...initialTabs(false), generations: {} });
    },
  }));
  store.subscribe((state, previous) => {
    if (state.visited !== previous.visited) storage.visitedViews.set(state.visited);
    if (state.cached !== previous.cached) storage.cachedViews.set(state.cached);
  });
  return store;
}

export const useTabs = createTabsStore();

/** Sign-out: the open tabs stay only when tab caching is on (the storage side is `clearSession`). */
export function forgetTabsAtSignOut(): void {
  if (!tabCachingOn()) useTabs.getState().reset();
}
