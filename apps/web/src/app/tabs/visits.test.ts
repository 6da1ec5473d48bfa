import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/shared/memory-storage.ts';
import { storage } from '@/shared/storage.ts';
import { countVisit, isShortcutPage, mostVisited, recordVisit } from './visits.ts';

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('page visits', () => {
  it('counts visits per user and answers the most visited first', () => {
    for (const path of ['/a', '/b', '/b', '/c', '/b', '/a']) recordVisit('u1', path);
    recordVisit('u2', '/z');
    expect(mostVisited('u1', 6, () => true)).toEqual(['/b', '/a', '/c']);
    expect(mostVisited('u1', 2, (path) => path !== '/b')).toEqual(['/a', '/c']);
    expect(mostVisited('u2', 6, () => true)).toEqual(['/z']);
    expect(mostVisited('nobody', 6, () => true)).toEqual([]);
  });

  it('keeps storage bounded: 60 pages per user, 10 users', () => {
    for (let i = 0; i < 80; i += 1) recordVisit('u1', `/p${i}`);
    expect(Object.keys(storage.pageVisits.get()!.u1!)).toHaveLength(60);
    for (let i = 0; i < 15; i += 1) recordVisit(`user${i}`, '/x');
    const users = Object.keys(storage.pageVisits.get()!);
    expect(users).toHaveLength(10);
    expect(users.at(-1)).toBe('user14');
  });

  it('survives a hand-edited value', () => {
    storage.pageVisits.set({ u1: 'nonsense' } as never);
    expect(mostVisited('u1', 6, () => true)).toEqual([]);
    recordVisit('u1', '/a');
    expect(storage.pageVisits.get()).toEqual({ u1: { '/a': 1 } });
  });

  it('counts a page shown to the signed-in user, when a shortcut can open it', () => {
    const page = (path: string) => ({ path, meta: { title: 't' } });
    countVisit(page('/basic/gift-list'));
    expect(storage.pageVisits.get()).toBeNull();
    storage.userInfo.set({ id: 'u7' } as never);
    countVisit(page('/basic/gift-list'));
    countVisit(page('/homepage/index'));
    expect(storage.pageVisits.get()).toEqual({ u7: { '/basic/gift-list': 1 } });
  });

  it('only pages a shortcut can open count', () => {
    const page = (path: string, extra: object = {}) => ({ path, meta: { title: 't' }, ...extra });
    expect(isShortcutPage(page('/basic/gift-list'))).toBe(true);
    expect(isShortcutPage(page('/homepage/index'))).toBe(false);
    expect(isShortcutPage(page('/basic/sub-channel/edit/:id'))).toBe(false);
    expect(isShortcutPage(page('/x', { meta: { title: 't', hidden: true } }))).toBe(false);
    expect(isShortcutPage(page('/bi', { external: '/bi' }))).toBe(false);
  });
});
