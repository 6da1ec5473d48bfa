import { describe, expect, it } from 'vitest';
import { pagesForRegion, type MenuNode } from '@rx/contracts/pages';
import { cellState, filterRows, matrixRows, pageCount, pagesOf, toggle } from './matrix.ts';

const CATALOGUE: MenuNode[] = [
  { path: '/home', meta: { title: 'page.home', roles: ['see/home'] } },
  {
    path: '/basic',
    meta: { title: 'group.basic', alwaysShow: true },
    children: [
      { path: '/basic/gifts', meta: { title: 'page.gifts', roles: ['gift/see/gift'] } },
      {
        path: '/basic/gifts/:id',
        meta: { title: 'page.giftDetail', roles: ['gift/see/gift'], hidden: true },
      },
      { path: '/basic/web', meta: { title: 'page.web', roles: ['pay/see/web'], rxRegion: 'hw' } },
      {
        path: '/basic/notice',
        meta: { title: 'page.notice', roles: ['basic/see/notice'], ignoreAuth: true },
      },
    ],
  },
  {
    path: '/cn',
    meta: { title: 'group.cn', rxRegion: 'gn' },
    children: [{ path: '/cn/wechat', meta: { title: 'page.wechat', roles: ['share/see/wechat'] } }],
  },
  {
    path: '/system',
    meta: { title: 'group.system' },
    children: [{ path: '/system/staff', meta: { title: 'page.staff', roles: ['admin'] } }],
  },
];

describe('permission matrix rows', () => {
  it('follows the menu, keeps the publish area and pages without region, drops admin-only and detail pages', () => {
    expect(matrixRows('gn', CATALOGUE)).toEqual([
      { key: '/home', title: 'page.home', see: 'see/home' },
      {
        key: '/basic',
        title: 'group.basic',
        children: [
          { key: '/basic/gifts', title: 'page.gifts', see: 'gift/see/gift' },
          { key: '/basic/notice', title: 'page.notice', see: 'basic/see/notice', everyone: true },
        ],
      },
      {
        key: '/cn',
        title: 'group.cn',
        children: [{ key: '/cn/wechat', title: 'page.wechat', see: 'share/see/wechat' }],
      },
    ]);
    const hw = matrixRows('hw', CATALOGUE);
    expect(hw.flatMap(pagesOf)).toEqual(['see/home', 'gift/see/gift', 'pay/see/web', 'basic/see/notice']);
  });

  it('covers every page of the real catalogue a region shows', () => {
    for (const region of ['gn', 'hw'] as const) {
      const sees = new Set(matrixRows(region).flatMap(pagesOf));
      const expected = new Set(
        pagesForRegion(region)
          .map((p) => p.meta.roles?.[0])
          .filter((see): see is string => !!see && see !== 'admin'),
      );
      expect(sees).toEqual(expected);
    }
  });
});

describe('permission matrix cells', () => {
  const rows = matrixRows('gn', CATALOGUE);
  const basic = rows[1]!;
  const gifts = basic.children![0]!;

  it('an action brings the page with it; removing the page removes its actions', () => {
    const withEdit = toggle([], [gifts], ['edit'], true);
    expect(withEdit).toEqual(['gift/edit/gift', 'gift/see/gift']);
    expect(toggle(withEdit, [gifts], ['see'], false)).toEqual([]);
    expect(toggle(withEdit, [gifts], ['edit'], false)).toEqual(['gift/see/gift']);
  });

  it('a group or column toggles all its pages and keeps permissions outside them', () => {
    const all = toggle(['other/see/x'], rows, ['see'], true);
    expect(all).toEqual(['gift/see/gift', 'other/see/x', 'see/home', 'share/see/wechat']);
    expect(cellState(new Set(all), rows, 'see')).toBe('all');
    const some = toggle(all, [rows[2]!], ['see'], false);
    expect(cellState(new Set(some), rows, 'see')).toBe('some');
    expect(cellState(new Set(some), rows, 'export')).toBe('none');
    expect(pageCount(some, rows)).toBe(2);
  });

  it('a new role shows its see column empty, not part-selected, though everyone sees some pages', () => {
    expect(cellState(new Set(), rows, 'see')).toBe('none');
    expect(cellState(new Set(), [basic], 'see')).toBe('none');
    expect(cellState(new Set(['gift/see/gift']), rows, 'see')).toBe('some');
    const everything = toggle([], rows, ['see'], true);
    expect(cellState(new Set(everything), rows, 'see')).toBe('all');
    expect(cellState(new Set(), rows, 'edit')).toBe('none');
  });

  it('filters rows by title, keeping the groups leading to matches', () => {
    expect(filterRows(rows, (r) => r.title === 'page.gifts')).toEqual([{ ...basic, children: [gifts] }]);
  });

  it('a page everyone sees always holds see, and its actions can still be granted', () => {
    const notice = basic.children![1]!;
    expect(cellState(new Set(), [notice], 'see')).toBe('all');
    expect(cellState(new Set(['gift/see/gift']), [basic], 'see')).toBe('all');
    expect(toggle([], [notice], ['see'], true)).toEqual([]);
    expect(toggle([], [notice], ['export'], true)).toEqual(['basic/export/notice']);
    expect(toggle(['basic/export/notice'], [notice], ['see'], false)).toEqual(['basic/export/notice']);
    expect(pageCount(['basic/see/notice', 'gift/see/gift'], rows)).toBe(1);
  });
});
