import { describe, expect, it } from 'vitest';
import { findPage, PAGE_CATALOGUE, type MenuNode } from '@rx/contracts/pages';
import {
  buildMenu,
  firstLeaf,
  leavesOf,
  menuKeyOf,
  permittedPages,
  trailTo,
  type Access,
  type MenuEntry,
} from './build.ts';

const admin: Access = { permissions: [], roles: ['admin'], region: 'gn' };
const access = (permissions: string[], region: Access['region'] = 'gn'): Access => ({
  permissions,
  roles: ['staff'],
  region,
});
const keys = (entries: { key: string; children?: unknown[] }[]) => entries.map((entry) => entry.key);

const page = (path: string, meta: Partial<MenuNode['meta']> = {}): MenuNode => ({
  path,
  meta: { title: `t${path}`, roles: [`see${path}`], ...meta },
});
const group = (path: string, children: MenuNode[], meta: Partial<MenuNode['meta']> = {}): MenuNode => ({
  path,
  meta: { title: `g${path}`, ...meta },
  children,
});

describe('buildMenu', () => {
  it('shows admin every group of their publish area', () => {
    const menu = buildMenu(PAGE_CATALOGUE, admin);
    expect(keys(menu)).toContain('/system');
    expect(keys(menu)).not.toContain('/notification/management');
    const pages = leavesOf(menu).map((entry) => entry.key);
    expect(pages).toContain('/basic/gift-list');
    expect(pages).not.toContain('/newrxlaunch/payment-hw/goods-management');
    expect(trailTo(menu, '/share/app-share-manage/facebook')).toEqual([]);
  });

  it('shows a page with any one of its roles, and one without roles to everyone', () => {
    const tree = [page('/a'), page('/b', { roles: ['x', 'y'] }), page('/c', { roles: [] })];
    expect(keys(buildMenu(tree, access(['see/a', 'y'])))).toEqual(['/a', '/b', '/c']);
    expect(keys(buildMenu(tree, access([])))).toEqual(['/c']);
  });

  it('honours ignoreAuth and the role identifiers', () => {
    const tree = [page('/a', { ignoreAuth: true }), page('/b', { roles: ['staff'] })];
    expect(keys(buildMenu(tree, access([])))).toEqual(['/a', '/b']);
  });

  it('filters by publish area, inherited from groups', () => {
    const tree = [
      group('/hw', [page('/hw/a')], { rxRegion: 'hw', alwaysShow: true }),
      page('/gn', { rxRegion: 'gn' }),
    ];
    expect(keys(buildMenu(tree, { ...admin, region: 'gn' }))).toEqual(['/gn']);
    expect(keys(buildMenu(tree, { ...admin, region: 'hw' }))).toEqual(['/hw']);
    expect(permittedPages(tree, { ...admin, region: 'gn' }).map((p) => p.path)).toEqual(['/gn']);
  });

  it('drops empty groups and unwraps single children unless alwaysShow', () => {
    const tree = [
      group('/one', [page('/one/a'), page('/one/b')]),
      group('/kept', [page('/kept/a')], { alwaysShow: true }),
      group('/hidden-only', [page('/hidden-only/a', { hidden: true })], { alwaysShow: true }),
    ];
    const menu = buildMenu(tree, access(['see/one/a', 'see/kept/a', 'see/hidden-only/a']));
    expect(menu).toEqual([
      { key: '/one/a', title: 't/one/a' },
      { key: '/kept', title: 'g/kept', children: [{ key: '/kept/a', title: 't/kept/a' }] },
    ]);
  });

  it('orders siblings by sortBy, keeping catalogue order otherwise', () => {
    const tree = [page('/a'), page('/b', { sortBy: -1 }), page('/c'), page('/d', { sortBy: 5 })];
    expect(keys(buildMenu(tree, admin))).toEqual(['/b', '/a', '/c', '/d']);
  });

  it('keeps tips and opens isBlank and external pages in a new window', () => {
    const tree = [
      page('/t', { tip: 'tip.x' }),
      page('/blank', { isBlank: true }),
      { ...page('/ext', { isBlank: true }), external: '/elsewhere' },
    ];
    expect(buildMenu(tree, admin)).toEqual([
      { key: '/t', title: 't/t', tip: 'tip.x' },
      { key: '/blank', title: 't/blank', newWindow: '/main/blank' },
      { key: '/ext', title: 't/ext', newWindow: '/elsewhere' },
    ]);
  });

  it('opens the big-data platform and the workbench at their configured address, else inside the console', () => {
    const byKey = (entries: MenuEntry[]) => new Map(leavesOf(entries).map((entry) => [entry.key, entry]));
    const bi = (entries: MenuEntry[]) => byKey(entries).get('/bi');
    const workbench = (entries: MenuEntry[]) => byKey(entries).get('/service/workbench');
    const none = buildMenu(PAGE_CATALOGUE, { ...admin, externalUrls: { bi: null, service_workbench: null } });
    expect(bi(none)?.newWindow).toBeUndefined();
    // The console serves its own workbench when no other is configured.
    expect(workbench(none)?.newWindow).toBe('/main/service/workbench');
    expect(bi(buildMenu(PAGE_CATALOGUE, admin))?.newWindow).toBeUndefined();
    const set = buildMenu(PAGE_CATALOGUE, {
      ...admin,
      externalUrls: { bi: 'https://bi.example/', service_workbench: 'https://cs.example/desk' },
    });
    expect(bi(set)?.newWindow).toBe('https://bi.example/');
    expect(workbench(set)?.newWindow).toBe('https://cs.example/desk');
  });

  it('gives every signed-in user the home, jobs and approvals pages and the ignoreAuth pages', () => {
    const menu = buildMenu(PAGE_CATALOGUE, access([]));
    expect(keys(menu)).toEqual(['/homepage/index', '/jobs', '/approvals', '/service']);
    expect(leavesOf(menu).map((entry) => entry.key)).toEqual([
      '/homepage/index',
      '/jobs',
      '/approvals',
      '/service/workbench',
      '/service/temporary-notice',
    ]);
  });
});

describe('permitted routes', () => {
  const overseas = access(['payment/see/web_goods', 'share/see/facebook_strategy'], 'hw');

  it('include hidden detail pages, but never another area’s pages', () => {
    const paths = permittedPages(PAGE_CATALOGUE, admin).map((p) => p.path);
    expect(paths).toContain('/useraccount/refund/detail/:orderNo?');
    expect(paths).toContain('/notification/management');
    expect(paths).not.toContain('/newrxlaunch/payment-hw/goods-management');
    expect(new Set(paths).size).toBe(paths.length);
    expect(permittedPages(PAGE_CATALOGUE, overseas).map((p) => p.path)).toEqual([
      '/homepage/index',
      '/jobs',
      '/approvals',
      '/newrxlaunch/payment-hw/goods-management',
      '/share/app-share-manage/facebook/strategy-manage',
      '/share/app-share-manage/facebook/strategy-manage/:id',
      '/service/workbench',
      '/service/temporary-notice',
    ]);
  });

  it('keep the parents of a page', () => {
    const goods = permittedPages(PAGE_CATALOGUE, overseas).find(
      (p) => p.path === '/newrxlaunch/payment-hw/goods-management',
    );
    expect(goods?.parents).toEqual(['/operation-tools', '/newrxlaunch/payment-hw']);
  });
});

describe('selection', () => {
  it('keeps the parent item of a hidden page selected and its groups open', () => {
    const menu = buildMenu(PAGE_CATALOGUE, admin);
    const detail = findPage('/useraccount/refund/detail/123')!;
    expect(menuKeyOf(detail)).toBe('/useraccount/refund');
    expect(trailTo(menu, menuKeyOf(detail))).toEqual(['/operation-tools', '/useraccount/refund']);
  });

  it('finds the first page of a group', () => {
    const menu = buildMenu(PAGE_CATALOGUE, admin);
    const share = menu.find((entry) => entry.key === '/share-tools')!;
    expect(firstLeaf(share).key).toBe('/basic/share-platform');
  });
});
