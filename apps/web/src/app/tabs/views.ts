import type { FlatPage } from '@rx/contracts/pages';
import type { VisitedView } from '@/shared/settings.ts';
import { HOME_PATH } from '../menu/build.ts';

/**
 * The tab list as pure functions: the store applies them, the tests check them. A view is keyed by
 * its path (a detail page has one tab per concrete path, e.g. `/basic/sub-channel/edit/12`).
 */

/** The home tab: always first, never closed. */
export const HOME_VIEW: Readonly<VisitedView> = { path: HOME_PATH, fullPath: HOME_PATH, title: 'page.home' };

export const isFixed = (view: Pick<VisitedView, 'path'>): boolean => view.path === HOME_VIEW.path;

/** Spec §4: third-level routes (pages inside a sub-group) are never kept alive. */
export const MAX_CACHED_DEPTH = 1;

/** Whether a page keeps its state while its tab is hidden. */
export function shouldKeepAlive(page: Pick<FlatPage, 'meta' | 'parents'>): boolean {
  return page.meta.keepAlive === true && page.parents.length <= MAX_CACHED_DEPTH;
}

/** Adds a view at the end, or updates the address (query) and title of the one already open. */
export function addView(views: readonly VisitedView[], view: VisitedView): VisitedView[] {
  const index = views.findIndex((v) => v.path === view.path);
  if (index < 0) return [...views, view];
  const old = views[index]!;
  if (old.fullPath === view.fullPath && old.title === view.title) return views as VisitedView[];
  return views.map((v, i) => (i === index ? { ...v, fullPath: view.fullPath, title: view.title } : v));
}

export type CloseKind = 'self' | 'others' | 'left' | 'right' | 'all';

/** The views left after closing, relative to the view at `path`; the home tab always stays. */
export function closeViews(views: readonly VisitedView[], kind: CloseKind, path: string): VisitedView[] {
  const index = views.findIndex((v) => v.path === path);
  const keep = (view: VisitedView, i: number): boolean => {
    if (isFixed(view)) return true;
    switch (kind) {
      case 'self':
        return view.path !== path;
      case 'others':
        return view.path === path;
      case 'left':
        return index < 0 || i >= index;
      case 'right':
        return index < 0 || i <= index;
      case 'all':
        return false;
    }
  };
  const left = views.filter(keep);
  return left.length === views.length ? (views as VisitedView[]) : left;
}

/** Where to go when the tab at `path` closes while it is on screen: its right neighbour, else its left one. */
export function neighbourOf(views: readonly VisitedView[], path: string): VisitedView {
  const index = views.findIndex((v) => v.path === path);
  if (index < 0) return views[views.length - 1] ?? HOME_VIEW;
  return views[index + 1] ?? views[index - 1] ?? HOME_VIEW;
}

/** Whether a close action would close anything (menu entries that would not are disabled). */
export function canClose(views: readonly VisitedView[], kind: CloseKind, path: string): boolean {
  return closeViews(views, kind, path).length !== views.length;
}

/** Saved views, when tab caching restores them: well-formed entries only, home first, no duplicates. */
export function restoreViews(saved: unknown): VisitedView[] {
  let views: VisitedView[] = [{ ...HOME_VIEW }];
  if (!Array.isArray(saved)) return views;
  for (const item of saved as unknown[]) {
    if (!isVisitedView(item) || isFixed(item)) continue;
    views = addView(views, { path: item.path, fullPath: item.fullPath, title: item.title });
  }
  return views;
}

function isVisitedView(value: unknown): value is VisitedView {
  if (typeof value !== 'object' || value === null) return false;
  const { path, fullPath, title } = value as Record<string, unknown>;
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    typeof fullPath === 'string' &&
    fullPath.startsWith(path) &&
    typeof title === 'string'
  );
}

/**
 * The pages the keep-alive area holds after a render: closed ones (not cached, not on screen) are
 * dropped, the page on screen is added when it is kept alive. Returns `kept` itself when nothing
 * changes, so a component can store the result in state during render without looping.
 */
export function nextKept<T>(
  kept: ReadonlyMap<string, T>,
  active: { path: string; keepAlive: boolean; element: T },
  cached: readonly string[],
): ReadonlyMap<string, T> {
  const stale = [...kept.keys()].filter((path) => path !== active.path && !cached.includes(path));
  const add = active.keepAlive && !kept.has(active.path);
  if (stale.length === 0 && !add) return kept;
  const next = new Map(kept);
  for (const path of stale) next.delete(path);
  if (add) next.set(active.path, active.element);
  return next;
}
