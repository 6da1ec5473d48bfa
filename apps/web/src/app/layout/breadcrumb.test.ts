import { describe, expect, it } from 'vitest';
import type { FlatPage, MenuNode } from '@rx/contracts/pages';
import { flattenPages, findPage } from '@rx/contracts/pages';
import { breadcrumbTrail, catalogueByPath } from './breadcrumb.ts';

const tree: MenuNode[] = [
  { path: '/home', meta: { title: 'page.home' } },
  {
    path: '/ops',
    meta: { title: 'group.ops', alwaysShow: true },
    children: [
      {
        path: '/ops/share',
        meta: { title: 'group.share' },
        children: [
          { path: '/ops/share/links', meta: { title: 'page.links' } },
          {
            path: '/ops/share/links/:id',
            meta: { title: 'page.link', hidden: true, activeMenu: '/ops/share/links' },
          },
        ],
      },
    ],
  },
];
const byPath = new Map(flattenPages(tree).map((node) => [node.path, node]));
const pageAt = (path: string) => byPath.get(path) as FlatPage;

describe('breadcrumbTrail', () => {
  it('is just the page for a top-level page', () => {
    expect(breadcrumbTrail(pageAt('/home'), byPath)).toEqual([
      { path: '/home', title: 'page.home', link: false },
    ]);
  });

  it('lists the groups, outermost first, as text', () => {
    expect(breadcrumbTrail(pageAt('/ops/share/links'), byPath)).toEqual([
      { path: '/ops', title: 'group.ops', link: false },
      { path: '/ops/share', title: 'group.share', link: false },
      { path: '/ops/share/links', title: 'page.links', link: false },
    ]);
  });

  it('puts the list a hidden detail page belongs to before it, as a link', () => {
    expect(breadcrumbTrail(pageAt('/ops/share/links/:id'), byPath).map((c) => [c.title, c.link])).toEqual([
      ['group.ops', false],
      ['group.share', false],
      ['page.links', true],
      ['page.link', false],
    ]);
  });

  it('reads the real catalogue by default: a detail page gets its group and list', () => {
    const detail = findPage('/basic/sub-channel/edit/12');
    expect(detail).toBeDefined();
    const trail = breadcrumbTrail(detail!);
    expect(trail.at(-1)).toMatchObject({ title: detail!.meta.title, link: false });
    expect(trail.length).toBeGreaterThan(1);
    for (const crumb of trail) expect(catalogueByPath().has(crumb.path)).toBe(true);
  });
});
