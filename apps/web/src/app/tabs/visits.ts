import type { FlatPage } from '@rx/contracts/pages';
import { storage } from '@/shared/storage.ts';
import { HOME_PATH } from '../menu/build.ts';

/**
 * Page visits counted in this browser, per user, for the home page's shortcuts to their most used
 * pages. Only pages a shortcut can open count: not home, not hidden detail pages, no route params,
 * nothing that leaves the console.
 */

/** Pages kept per user (the least visited go first), and users kept per browser. */
const PAGES_PER_USER = 60;
const USERS_KEPT = 10;

export function isShortcutPage(page: Pick<FlatPage, 'path' | 'meta' | 'external'>): boolean {
  return page.path !== HOME_PATH && !page.meta.hidden && !page.path.includes(':') && !page.external;
}

/** A page was shown to the signed-in user: one more visit, when it is a page a shortcut can open. */
export function countVisit(page: Pick<FlatPage, 'path' | 'meta' | 'external'>): void {
  const userId = storage.userInfo.get()?.id;
  if (userId && isShortcutPage(page)) recordVisit(userId, page.path);
}

/** A user's counts as stored, well-formed entries only (storage may hold anything). */
function countsOf(userId: string): [path: string, visits: number][] {
  const counts: unknown = storage.pageVisits.get()?.[userId];
  if (typeof counts !== 'object' || counts === null) return [];
  return Object.entries(counts).filter((entry): entry is [string, number] => Number.isFinite(entry[1]));
}

/** Adds one visit; the user becomes the most recent one kept. */
export function recordVisit(userId: string, path: string): void {
  const counts = new Map(countsOf(userId));
  counts.set(path, (counts.get(path) ?? 0) + 1);
  const kept = [...counts].sort((a, b) => b[1] - a[1]).slice(0, PAGES_PER_USER);
  const all = { ...storage.pageVisits.get() };
  delete all[userId];
  const users = Object.entries(all).slice(-(USERS_KEPT - 1));
  storage.pageVisits.set(Object.fromEntries([...users, [userId, Object.fromEntries(kept)]]));
}

/** The user's most visited pages that `accept` lets through, most visited first. */
export function mostVisited(userId: string, limit: number, accept: (path: string) => boolean): string[] {
  return countsOf(userId)
    .filter(([path]) => accept(path))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([path]) => path);
}
