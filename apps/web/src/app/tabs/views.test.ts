import { describe, expect, it } from 'vitest';
import { findPage, flattenPages } from '@rx/contracts/pages';
import type { VisitedView } from '@/shared/settings.ts';
import {
  addView,
  canClose,
  closeViews,
  HOME_VIEW,
  neighbourOf,
  nextKept,
  restoreViews,
  shouldKeepAlive,
} from './views.ts';

const view = (path: string, fullPath = path): VisitedView => ({ path, fullPath, title: `page.${path}` });
const home = { ...HOME_VIEW };
const [a, b, c, d] = ['/a', '/b', '/c', '/d'].map((p) => view(p));
const tabs = [home, a!, b!, c!, d!];
const paths = (views: VisitedView[]) => views.map((v) => v.path);

describe('tab list', () => {
  it('the home tab matches the catalogue’s home page', () => {
    expect(findPage(HOME_VIEW.path)?.meta.title).toBe(HOME_VIEW.title);
  });

  it('adds a tab once per path; a new query updates its address in place', () => {
    const once = addView([home], a!);
    expect(addView(once, a!)).toBe(once);
    const moved = addView([home, a!, b!], view('/a', '/a?page=2'));
    expect(moved.map((v) => v.fullPath)).toEqual(['/homepage/index', '/a?page=2', '/b']);
  });

  it('gives each concrete path of a detail route its own tab', () => {
    const list = addView(
      addView([home], view('/basic/sub-channel/edit/1')),
      view('/basic/sub-channel/edit/2'),
    );
    expect(paths(list)).toEqual([HOME_VIEW.path, '/basic/sub-channel/edit/1', '/basic/sub-channel/edit/2']);
  });

  it('closes one, others, left, right and all; home always stays', () => {
    expect(paths(closeViews(tabs, 'self', '/b'))).toEqual([home.path, '/a', '/c', '/d']);
    expect(paths(closeViews(tabs, 'others', '/b'))).toEqual([home.path, '/b']);
    expect(paths(closeViews(tabs, 'left', '/c'))).toEqual([home.path, '/c', '/d']);
    expect(paths(closeViews(tabs, 'right', '/b'))).toEqual([home.path, '/a', '/b']);
    expect(paths(closeViews(tabs, 'all', '/b'))).toEqual([home.path]);
    expect(closeViews(tabs, 'self', home.path)).toBe(tabs);
    expect(paths(closeViews(tabs, 'others', home.path))).toEqual([home.path]);
  });

  it('disables the close entries that would close nothing', () => {
    expect(canClose(tabs, 'self', home.path)).toBe(false);
    expect(canClose(tabs, 'left', '/a')).toBe(false);
    expect(canClose(tabs, 'right', '/d')).toBe(false);
    expect(canClose(tabs, 'left', '/b')).toBe(true);
    expect(canClose([home], 'all', home.path)).toBe(false);
  });

  it('goes to the right neighbour of a closed tab, else the left one', () => {
    expect(neighbourOf(tabs, '/b').path).toBe('/c');
    expect(neighbourOf(tabs, '/d').path).toBe('/c');
    expect(neighbourOf([home, a!], '/a').path).toBe(home.path);
  });

  it('restores only well-formed saved tabs, home first and once', () => {
    const saved = [a, { path: 'x' }, null, view('/c'), home, a, { path: '/e', fullPath: '/x', title: 't' }];
    expect(paths(restoreViews(saved))).toEqual([home.path, '/a', '/c']);
    expect(paths(restoreViews('garbage'))).toEqual([home.path]);
  });
});

describe('keep-alive rule', () => {
  const pageAt = (path: string) => flattenPages().find((p) => p.path === path)!;

  it('keeps list pages alive, not pages without keepAlive, not third-level pages', () => {
    expect(shouldKeepAlive(pageAt('/notification/management'))).toBe(true);
    expect(shouldKeepAlive(pageAt('/basic/gift-list'))).toBe(true);
    expect(shouldKeepAlive(pageAt('/homepage/index'))).toBe(false);
    const deep = pageAt('/projectbase/projectbase-fe/help-center');
    expect(deep.meta.keepAlive).toBe(true);
    expect(deep.parents).toHaveLength(2);
    expect(shouldKeepAlive(deep)).toBe(false);
  });

  it('holds kept pages until their tab closes, and adds the one on screen', () => {
    const empty = new Map<string, string>();
    const one = nextKept(empty, { path: '/a', keepAlive: true, element: 'A' }, []);
    expect([...one]).toEqual([['/a', 'A']]);
    // Same input, same map: storing it during render does not loop.
    expect(nextKept(one, { path: '/a', keepAlive: true, element: 'A2' }, [])).toBe(one);
    const two = nextKept(one, { path: '/b', keepAlive: false, element: 'B' }, ['/a']);
    expect(two).toBe(one);
    expect([...nextKept(two, { path: '/b', keepAlive: false, element: 'B' }, [])]).toEqual([]);
  });
});
