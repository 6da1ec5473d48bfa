import { create } from 'zustand';
import { KEEP_ALIVE_LIMIT_RANGE, type VisitedView } from '@/shared/settings.ts';
import { storage } from '@/shared/storage.ts';
import { useSettings } from '../settings/store.ts';
import { addView, closeViews, HOME_VIEW, restoreViews, type CloseKind } from './views.ts';

export interface TabsState {
  /** The open tabs, home first. */
  visited: VisitedView[];
  /** Paths of the open tabs whose page keeps its state while hidden, least recently shown first. */
  cached: string[];
  /** Bumped by `refresh`: part of the page's React key, so a new value remounts the page. */
  generations: Record<string, number>;
  /**
   * A page was opened: adds its tab, and when its catalogue entry keeps it alive makes it the most
   * recently used kept page, dropping the least recently used beyond the limit (their tabs stay).
   */
  open(view: VisitedView, keepAlive: boolean): void;
  /** Applies a lowered limit at once. */
  trim(): void;
  close(kind: CloseKind, path: string): void;
  refresh(path: string): void;
  /** Back to the home tab alone (sign-out without tab caching). */
  reset(): void;
}

/** Tab caching (`cacheTagsView`): tabs survive a reload and a sign-out. */
export const tabCachingOn = (): boolean => useSettings.getState().settings.cacheTagsView;

/** The keep-alive limit (`keepAliveLimit`), held to its range whatever storage holds. */
export function keepAliveLimit(): number {
  const { min, max } = KEEP_ALIVE_LIMIT_RANGE;
  const value = Math.trunc(useSettings.getState().settings.keepAliveLimit);
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : max;
}

/** The kept pages after `path` was shown: it moves to the end, the oldest beyond `limit` go. */
export function touchCached(cached: readonly string[], path: string, limit: number): string[] {
  const next = [...cached.filter((p) => p !== path), path];
  return next.slice(Math.max(0, next.length - limit));
}

/** The lists to start with: the saved ones when tab caching is on, else the home tab alone. */
export function initialTabs(
  cachingOn: boolean,
  limit = keepAliveLimit(),
): Pick<TabsState, 'visited' | 'cached'> {
  if (!cachingOn) return { visited: [{ ...HOME_VIEW }], cached: [] };
  const visited = restoreViews(storage.visitedViews.get());
  const paths = new Set(visited.map((v) => v.path));
  const saved = storage.cachedViews.get();
  const cached = Array.isArray(saved) ? saved.filter((p) => typeof p === 'string' && paths.has(p)) : [];
  return { visited, cached: [...new Set(cached)].slice(-limit) };
}

/**
 * The tab store. Both lists are saved as they change (spec §4); whether they are read back after a
 * reload, and kept at sign-out, depends on tab caching.
 */
export function createTabsStore(
  cachingOn: () => boolean = tabCachingOn,
  limit: () => number = keepAliveLimit,
) {
  const store = create<TabsState>((set, get) => ({
    ...initialTabs(cachingOn(), limit()),
    generations: {},
    open(view, keepAlive) {
      const { visited, cached } = get();
      const nextVisited = addView(visited, view);
      const alreadyLast = cached[cached.length - 1] === view.path;
      const nextCached = keepAlive && !alreadyLast ? touchCached(cached, view.path, limit()) : cached;
      if (nextVisited !== visited || nextCached !== cached) set({ visited: nextVisited, cached: nextCached });
    },
    trim() {
      const { cached } = get();
      if (cached.length > limit()) set({ cached: cached.slice(-limit()) });
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
useSettings.subscribe((state, previous) => {
  if (state.settings.keepAliveLimit !== previous.settings.keepAliveLimit) useTabs.getState().trim();
});

/** Sign-out: the open tabs stay only when tab caching is on (the storage side is `clearSession`). */
export function forgetTabsAtSignOut(): void {
  if (!tabCachingOn()) useTabs.getState().reset();
}
