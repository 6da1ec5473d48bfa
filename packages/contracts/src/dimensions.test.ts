import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AD_MEDIA,
  SHARE_PLATFORMS,
  dimensionPage,
  patternPageOf,
  patternPagePaths,
  sharePlatformKinds,
} from './dimensions.ts';
import { flattenPages } from './pages.ts';
import { defineResource, permissionsFor } from './resource.ts';

const catalogue = new Map(flattenPages().map((page) => [page.path, page]));

describe('dimensions', () => {
  it('serves catalogue pages only, and every platform page of the catalogue', () => {
    for (const path of patternPagePaths()) expect(catalogue.has(path), path).toBe(true);
    const sharePages = [...catalogue.keys()].filter((path) =>
      /^\/share\/app-share-manage\/(?!materials)[^/]+\/[^/]+/.test(path),
    );
    expect(sharePages.length).toBeGreaterThan(90);
    for (const path of sharePages) expect(patternPageOf(path), path).toBeDefined();
  });

  it('makes each platform its pages from its registry entry', () => {
    for (const platform of SHARE_PLATFORMS) {
      for (const kind of sharePlatformKinds(platform)) {
        const page = catalogue.get(`/share/app-share-manage/${platform.code}/${kind}`);
        expect(page, `${platform.code}/${kind}`).toBeDefined();
        if (platform.region !== 'all' && !page!.meta.rxRegion)
          throw new Error(`${platform.code} has no region`);
      }
    }
    expect(patternPageOf('/share/app-share-manage/wechat/link-manage/:id')).toMatchObject({
      dimension: 'platform',
      value: 'wechat',
      kind: 'link-manage',
      detail: true,
      module: 'share/app-share-manage/_platform/link-manage/detail',
    });
    expect(patternPageOf('/share/app-share-manage/facebook/link-manage')).toBeUndefined();
  });

  it('names every medium page by its kind', () => {
    for (const medium of AD_MEDIA)
      for (const path of Object.values(medium.pages)) expect(patternPageOf(path)?.value).toBe(medium.code);
    expect(patternPageOf('/newrxlaunch/kuaishou-account-manage')).toMatchObject({
      dimension: 'media',
      kind: 'account-manage',
      module: 'rxlaunch/rxlaunch-fe/deliver-manage/_media/account-manage',
    });
    expect(dimensionPage('media', 'oppo', 'data-report')).toBeUndefined();
  });

  it("gives a dimensioned resource each value's page permissions", () => {
    const item = z.object({ id: z.number() });
    const links = defineResource({
      name: 'props',
      page: '/share/app-share-manage/wechat/link-manage',
      scope: 'product',
      logTarget: 'prop',
      namespace: 'share',
      item,
      create: item,
      update: item,
      list: item,
      filters: [],
      sorts: ['id'],
      remove: 'delete',
      dimension: {
        name: 'platform',
        kind: ['link-manage', 'linkhw-manage'],
        values: ['wechat', 'facebook', 'native'],
      },
    });
    expect(permissionsFor(links, 'wechat')?.edit).toBe('share/edit/wechat_link');
    expect(permissionsFor(links, 'facebook')?.see).toBe('share/see/facebook_link_hw');
    expect(permissionsFor(links, 'native')?.see).toBe('share/see/native_link');
    expect(permissionsFor(links, 'qq')).toBeUndefined();
    expect(permissionsFor(links, undefined)).toBeUndefined();
    expect(permissionsFor(links, '__proto__')).toBeUndefined();
  });
});
