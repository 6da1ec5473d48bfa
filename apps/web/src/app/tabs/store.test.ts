import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/shared/memory-storage.ts';
import type { VisitedView } from '@/shared/settings.ts';
import { clearSession, storage } from '@/shared/storage.ts';
import { useSettings } from '../settings/store.ts';
import { createTabsStore, keepAliveLimit, touchCached, useTabs } from './store.ts';
import { HOME_VIEW } from './views.ts';

const view = (path: string): VisitedView => ({ path, fullPath: path, title: 'page.x' });
const paths = (views: VisitedView[]) => views.map((v) => v.path);

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
});
afterEach(() => vi.unstubAllGlobals());

describe('tabs store', () => {
  it('starts with the fixed home tab and adds tabs as pages open', () => {
    const tabs = createTabsStore(() => false);
    expect(tabs.getState().visited).toEqual([HOME_VIEW]);
    tabs.getState().open(view('/a'), true);
    tabs.getState().open(view('/b'), false);
    tabs.getState().open(view('/a'), true);
    expect(paths(tabs.getState().visited)).toEqual([HOME_VIEW.path, '/a', '/b']);
    expect(tabs.getState().cached).toEqual(['/a']);
  });

  it('closing drops the cached page and its refresh count with the tab', () => {
    const tabs = createTabsStore(() => false);
    for (const p of ['/a', '/b', '/c']) tabs.getState().open(view(p), true);
    tabs.getState().refresh('/b');
    tabs.getState().refresh('/b');
    expect(tabs.getState().generations).toEqual({ '/b': 2 });
    tabs.getState().close('others', '/c');
    expect(paths(tabs.getState().visited)).toEqual([HOME_VIEW.path, '/c']);
    expect(tabs.getState().cached).toEqual(['/c']);
    expect(tabs.getState().generations).toEqual({});
    tabs.getState().close('all', '/c');
    expect(tabs.getState().visited).toEqual([HOME_VIEW]);
  });

  it('keeps at most the limit of pages alive, dropping the least recently shown (their tabs stay)', () => {
    const tabs = createTabsStore(
      () => false,
      () => 3,
    );
    for (const p of ['/a', '/b', '/c']) tabs.getState().open(view(p), true);
    // Showing /a again makes /b the least recently used one.
    tabs.getState().open(view('/a'), true);
    tabs.getState().open(view('/n'), false);
    expect(tabs.getState().cached).toEqual(['/b', '/c', '/a']);
    tabs.getState().open(view('/d'), true);
    expect(tabs.getState().cached).toEqual(['/c', '/a', '/d']);
    expect(paths(tabs.getState().visited)).toEqual([HOME_VIEW.path, '/a', '/b', '/c', '/n', '/d']);
    // Back on /b: kept again (a fresh mount), and /c goes.
    tabs.getState().open(view('/b'), true);
    expect(tabs.getState().cached).toEqual(['/a', '/d', '/b']);
  });

  it('150 pages opened keep only the limit alive', () => {
    const tabs = createTabsStore(
      () => false,
      () => 10,
    );
    for (let i = 0; i < 150; i += 1) tabs.getState().open(view(`/p${i}`), true);
    expect(tabs.getState().cached).toEqual(Array.from({ length: 10 }, (_, i) => `/p${140 + i}`));
  });

  it('reads the limit from the layout settings, held to 1–30, and applies a lowered one at once', () => {
    useSettings.getState().set('keepAliveLimit', 500);
    expect(keepAliveLimit()).toBe(30);
    useSettings.getState().set('keepAliveLimit', 0);
    expect(keepAliveLimit()).toBe(1);
    useSettings.getState().set('keepAliveLimit', 4);
    for (const p of ['/a', '/b', '/c', '/d']) useTabs.getState().open(view(p), true);
    expect(useTabs.getState().cached).toEqual(['/a', '/b', '/c', '/d']);
    useSettings.getState().set('keepAliveLimit', 2);
    expect(useTabs.getState().cached).toEqual(['/c', '/d']);
    useSettings.getState().reset();
    expect(keepAliveLimit()).toBe(10);
  });

  it('touchCached moves the page to the end and cuts from the front', () => {
    expect(touchCached(['/a', '/b'], '/a', 5)).toEqual(['/b', '/a']);
    expect(touchCached(['/a', '/b', '/c'], '/d', 2)).toEqual(['/c', '/d']);
  });

  it('saves both lists as they change', () => {
    const tabs = createTabsStore(() => false);
    tabs.getState().open(view('/a'), true);
    expect(paths(storage.visitedViews.get()!)).toEqual([HOME_VIEW.path, '/a']);
    expect(storage.cachedViews.get()).toEqual(['/a']);
  });

  it('restores the saved tabs after a reload only when tab caching is on', () => {
    createTabsStore(() => false)
      .getState()
      .open(view('/a'), true);
    storage.cachedViews.set(['/a', '/gone', 7 as unknown as string]);
    expect(paths(createTabsStore(() => true).getState().visited)).toEqual([HOME_VIEW.path, '/a']);
    expect(createTabsStore(() => true).getState().cached).toEqual(['/a']);
    expect(createTabsStore(() => false).getState().visited).toEqual([HOME_VIEW]);
  });

  it('sign-out keeps the saved tabs only when tab caching is on', () => {
    const tabs = createTabsStore(() => false);
    tabs.getState().open(view('/a'), true);
    storage.layoutConfig.set({ cacheTagsView: true });
    clearSession();
    expect(storage.visitedViews.get()).not.toBeNull();
    storage.layoutConfig.remove();
    clearSession();
    expect(storage.visitedViews.get()).toBeNull();
    expect(storage.cachedViews.get()).toBeNull();
    tabs.getState().reset();
    expect(tabs.getState()).toMatchObject({ visited: [HOME_VIEW], cached: [], generations: {} });
  });
});
