import { describe, it, expect } from 'vitest';
import {
  ACTION_VERBS,
  PAGE_CATALOGUE,
  actionPermission,
  ADMIN_ROLE,
  allPermissions,
  findPage,
  isAdminOnly,
  flattenPages,
  leafPages,
  pagesForRegion,
  seePermissions,
  type FlatPage,
} from './pages.ts';
import { LANGUAGES, type Language } from './languages.ts';
import zh from '../../../apps/web/src/locales/zh/menu.json';
import en from '../../../apps/web/src/locales/en/menu.json';
import ja from '../../../apps/web/src/locales/ja/menu.json';
import th from '../../../apps/web/src/locales/th/menu.json';
import vi from '../../../apps/web/src/locales/vi/menu.json';
import tl from '../../../apps/web/src/locales/tl/menu.json';
import id from '../../../apps/web/src/locales/id/menu.json';
import ar from '../../../apps/web/src/locales/ar/menu.json';
import tc from '../../../apps/web/src/locales/tc/menu.json';

const MENU: Record<Language, Record<string, string>> = { zh, en, ja, th, vi, tl, id, ar, tc };

const all = flattenPages();
const leaves = leafPages();
const byPath = new Map(all.map((node) => [node.path, node]));
const leafPaths = new Set(leaves.map((page) => page.path));

/** Paths named in spec §2, exactly as written there. */
const SPEC_PATHS = [
  '/homepage/index',
  '/notification/management',
  '/projectbase/projectbase-fe/game-prop-config',
  '/basic/gift-list',
  '/commercialbasic/shop-billing-config',
  '/service/feedbackConfig/feedback-configure',
  '/basic/error-code',
  '/basic/sub-channel/edit/:id',
  '/projectbase/projectbase-fe/help-center',
  '/projectbase/projectbase-fe/help-center/preview/:product_id/:channel_id/:language',
  '/projectbase/projectbase-fe/help-center/detail/:product_id?/:channel_id?',
  '/projectbase/projectbase-fe/auto-reply',
  '/projectbase/projectbase-fe/auto-reply/detail/:product_id?/:channel_id?/:platform_id?',
  '/service/feedbackConfig/feedback_copy',
  '/operation/ckdey-config',
  '/operation/product-notice',
  '/tooloperate/tooloperate-fe/base/mail-manage',
  '/tooloperate/tooloperate-fe/base/mail-manage-new',
  '/useraccount/userManage',
  '/useraccount/userManage/userOption/:openid',
  '/useraccount/account-operation-log',
  '/useraccount/refund',
  '/useraccount/refund/detail/:orderNo?',
  '/operation/prevention-cheat-user',
  '/service/feedbackConfig/feedback_player',
  '/newrxlaunch/payment-hw/goods-management',
  '/newrxlaunch/payment-hw/order-management',
  '/newrxlaunch/payment-hw/activity-config',
  '/newrxlaunch/payment-hw/website-basic-config',
  '/newrxlaunch/payment-hw/protocol-edit',
  '/useraccount/violation-legal-config',
  '/useraccount/violation-legal-template',
  '/useraccount/violator-manage',
  '/useraccount/violator-manage/detail',
  '/operation/service-reply-config',
  '/newrxlaunch/mini-game/subscription',
  '/commercialactivity/user-hierarchy-Query',
  '/commercialactivity/user-group',
  '/commercialactivity/user-group-layered/:name',
  '/commercialactivity/user-group-userlist/:uuid',
  '/commercialactivity/user-profile-config',
  '/commercialactivity/user-profile-userlist/:name',
  '/commercialactivity/window-config',
  '/commercialactivity/window-config-detail/:window_id?',
  '/commercialactivity/scene-config',
  '/commercialactivity/scene-config/detail/:uid?/:copy?',
  '/product/product-fe/app-package-configure',
  '/product/product-fe/app-package-configure/detail/:id?',
  '/product/product-fe/version-manage',
  '/product/product-fe/version-field-config',
  '/product/product-fe/versions-log',
  '/product/product-fe/test-manage',
  '/product/product-fe/bug-manage',
  '/basic/share-platform',
  '/basic/tracking-config',
  '/commercialbasic/share-ad-config/share-config',
  '/operation/landing-manage',
  '/operation/prize-manage',
  '/share/app-share-manage/wechat/strategy-manage',
  '/share/app-share-manage/wechat/strategy-manage/:id',
  '/share/app-share-manage/wechat/link-manage',
  '/share/app-share-manage/wechat/link-manage/:id',
  '/share/app-share-manage/wechat/image-manage',
  '/share/app-share-manage/wechat/card-manage',
  '/share/app-share-manage/facebook/linkhw-manage',
  '/share/app-share-manage/facebook/linkhw-manage/:id',
  '/share/app-share-manage/douyin/words-materials-manage',
  '/share/app-share-manage/douyin/videos-materials-manage',
  '/share/app-share-manage/tiktok/multi-image-manage',
  '/share/app-share-manage/native/link-manage',
  '/share/app-share-manage/native/linkhw-manage',
  '/rxlaunch/rxlaunch-fe/deliver-manage',
  '/newrxlaunch/jrtt/batch-ad',
  '/newrxlaunch/jrtt/batch-ad-edit',
  '/newrxlaunch/jrtt/put-manage',
  '/newrxlaunch/jrtt/batch-task',
  '/newrxlaunch/jrtt/account-manage',
  '/newrxlaunch/jrtt/data-report',
  '/newrxlaunch/jrtt/batch-create-config',
  '/newrxlaunch/kuaishou-batch-ad',
  '/newrxlaunch/batch-task',
  '/newrxlaunch/copy-writing',
  '/newrxlaunch/expend-report',
  '/service',
  '/bi',
];

const DOMESTIC_SHARE = ['wechat', 'meituan', 'douyin', 'jd', 'qq', 'baidu', 'bilibili', 'alipay'];
const OVERSEAS_SHARE = ['facebook', 'messenger', 'line', 'tiktok', 'zalo', 'snapchat', 'reddit'];

/** Keys whose value is a brand name, which may read the same in English and other languages. */
const BRAND_KEYS = new Set(
  [...DOMESTIC_SHARE, ...OVERSEAS_SHARE, ...['toutiao', 'kuaishou', 'oppo', 'honor', 'vivo', 'huawei']].map(
    (slug) => `group.${slug}`,
  ),
);

describe('page catalogue', () => {
  it('holds every path the spec names, exactly as written', () => {
    expect(SPEC_PATHS.length).toBeGreaterThanOrEqual(30);
    for (const path of SPEC_PATHS) expect(byPath.has(path), path).toBe(true);
  });

  it('has no duplicate paths', () => {
    expect(new Set(all.map((node) => node.path)).size).toBe(all.length);
  });

  it('starts with home, the hidden work-order, jobs and approvals pages, then the eleven areas in spec order', () => {
    expect(PAGE_CATALOGUE.map((node) => node.meta.title)).toEqual([
      'page.home',
      'page.workOrders',
      'page.jobs',
      'page.approvals',
      'group.projectBase',
      'group.operationTools',
      'group.violation',
      'group.pushTools',
      'group.commercialTools',
      'group.releaseTools',
      'group.shareTools',
      'group.adPlacement',
      'group.customerService',
      'page.bigData',
      'group.goingOffline',
      'group.system',
    ]);
    expect(byPath.get('/notification/management')?.meta.hidden).toBe(true);
  });

  it('keeps the spec §6 permission examples on their pages', () => {
    const examples: Record<string, string> = {
      '/homepage/index': 'see/home',
      '/projectbase/projectbase-fe/game-prop-config': 'commercialization/see/prop',
      '/basic/gift-list': 'gift_package/see/gift_package',
      '/useraccount/userManage': 'user/see/user',
      '/useraccount/refund': 'refund/see/refund',
      '/useraccount/violation-legal-config': 'risk_control/see/risk_control',
      '/product/product-fe/app-package-configure': 'package/see/package',
      '/product/product-fe/version-manage': 'edition/see/edition',
      '/operation/push-manage/app-push': 'app_push/see/app_push',
    };
    for (const [path, see] of Object.entries(examples))
      expect(byPath.get(path)?.meta.roles, path).toEqual([see]);
  });

  const EVERYONE = ['/jobs', '/approvals'];

  it('gives groups no roles and every page exactly one well-formed see permission', () => {
    for (const node of all.filter((n) => !leafPaths.has(n.path))) {
      expect(node.meta.roles, node.path).toBeUndefined();
      expect(node.meta.alwaysShow, node.path).toBe(true);
    }
    for (const page of leaves) {
      // The backbone's own pages are everyone's: the server narrows what each one shows.
      if (EVERYONE.includes(page.path)) {
        expect(page.meta.roles, page.path).toBeUndefined();
        continue;
      }
      expect(page.meta.roles, page.path).toHaveLength(1);
      if (isAdminOnly(page.meta)) continue;
      expect(page.meta.roles![0], page.path).toMatch(/^(see\/[a-z_]+|[a-z_]+\/see\/[a-z_0-9]+)$/);
    }
  });

  it('gives each visible page its own permission', () => {
    const seen = new Map<string, string>();
    for (const page of leaves.filter((p) => !p.meta.hidden && !isAdminOnly(p.meta))) {
      // The backbone's pages (jobs, approvals) are in the menu for everyone: no permission.
      if (EVERYONE.includes(page.path)) continue;
      const see = page.meta.roles![0]!;
      expect(seen.get(see), `${page.path} repeats the permission of ${seen.get(see)}`).toBeUndefined();
      seen.set(see, page.path);
    }
  });

  it('points hidden pages at a visible list page and shares its permission', () => {
    // Sub-channels are edited from the channel list, but editing them is its own permission.
    const ownPermission = new Set(['/basic/sub-channel/edit/:id']);
    for (const page of leaves.filter((p) => p.meta.hidden && p.meta.activeMenu)) {
      const listPage = byPath.get(page.meta.activeMenu!);
      expect(listPage && leafPaths.has(listPage.path) && !listPage.meta.hidden, page.path).toBe(true);
      if (!ownPermission.has(page.path)) expect(page.meta.roles, page.path).toEqual(listPage!.meta.roles);
    }
    for (const page of leaves.filter((p) => p.path.includes('/:'))) {
      expect(page.meta.hidden, page.path).toBe(true);
      expect(page.meta.activeMenu, page.path).toBeTruthy();
    }
  });

  it('lists products and channels in group 1, sub-channel editing under the channel list', () => {
    const group1 = leaves.filter((p) => p.parents[0] === '/projectbase').map((p) => p.path);
    expect(group1.slice(0, 3)).toEqual([
      '/basic/product-list',
      '/basic/channel-list',
      '/basic/sub-channel/edit/:id',
    ]);
    expect(byPath.get('/basic/product-list')?.meta.roles).toEqual(['basic/see/product']);
    expect(byPath.get('/basic/channel-list')?.meta.roles).toEqual(['basic/see/channel']);
    expect(byPath.get('/basic/sub-channel/edit/:id')?.meta.activeMenu).toBe('/basic/channel-list');
  });

  it('ends with System administration, which only admins see and no role can be granted', () => {
    const system = leaves.filter((p) => p.parents.includes('/system'));
    expect(system.map((p) => p.path)).toEqual(['/system/staff', '/system/roles', '/system/cp-settings']);
    for (const page of system) expect(page.meta.roles, page.path).toEqual([ADMIN_ROLE]);
    expect(allPermissions()).not.toContain(ADMIN_ROLE);
    expect(seePermissions()).not.toContain(ADMIN_ROLE);
  });

  it('opens the external pages in a new window', () => {
    expect(byPath.get('/bi')).toMatchObject({ external: '/bi', meta: { isBlank: true } });
    const workbench = byPath.get('/service/workbench');
    expect(workbench?.external).toBeTruthy();
    expect(workbench?.meta).toMatchObject({ isBlank: true, ignoreAuth: true });
  });

  it('carries the tips', () => {
    expect(byPath.get('/tooloperate/tooloperate-fe/base/mail-manage-new')?.meta.tip).toBe('tip.newVersion');
    const offline = leaves.filter((p) => p.parents.includes('/offline'));
    expect(offline).toHaveLength(8);
    for (const page of offline) expect(page.meta.tip, page.path).toBe('tip.goingOffline');
  });
});

describe('menu titles', () => {
  const keys = new Set(all.flatMap((node) => [node.meta.title, ...(node.meta.tip ? [node.meta.tip] : [])]));

  it.each(LANGUAGES)('%s has a non-empty text for every title and tip, and no unused key', (lang) => {
    const texts = MENU[lang];
    for (const key of keys) expect(texts[key]?.trim(), `${lang} ${key}`).toBeTruthy();
    expect(Object.keys(texts).sort()).toEqual([...keys].sort());
  });

  it.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s is translated, not copied from English', (lang) => {
    for (const key of keys) {
      if (!BRAND_KEYS.has(key)) expect(MENU[lang][key], `${lang} ${key}`).not.toBe(MENU.en[key]);
    }
  });

  it('keeps the product wording in Chinese', () => {
    expect(zh['group.projectBase']).toBe('项目基础配置');
    expect(zh['page.gameProps']).toBe('游戏道具配置');
    expect(zh['page.giftList']).toBe('礼包列表');
    expect(zh['page.billingPoints']).toBe('计费点配置');
  });
});

describe('regions', () => {
  const paths = (pages: FlatPage[]) => new Set(pages.map((p) => p.path));
  const gn = paths(pagesForRegion('gn'));
  const hw = paths(pagesForRegion('hw'));

  it('never puts a page in a group of the other region', () => {
    const regionOf = new Map(all.map((node) => [node.path, node.meta.rxRegion]));
    for (const node of all) {
      for (const parent of node.parents) {
        const outer = regionOf.get(parent);
        if (outer) expect(node.meta.rxRegion, node.path).toBe(outer);
      }
    }
  });

  it('hides domestic-only pages overseas and overseas-only pages at home', () => {
    for (const page of leaves) {
      if (page.meta.rxRegion === 'gn') expect(hw.has(page.path), page.path).toBe(false);
      if (page.meta.rxRegion === 'hw') expect(gn.has(page.path), page.path).toBe(false);
      if (!page.meta.rxRegion) expect(gn.has(page.path) && hw.has(page.path), page.path).toBe(true);
    }
  });

  it('follows the spec on which area each page belongs to', () => {
    for (const slug of DOMESTIC_SHARE) {
      expect(gn.has(`/share/app-share-manage/${slug}/link-manage`), slug).toBe(true);
      expect(hw.has(`/share/app-share-manage/${slug}/strategy-manage`), slug).toBe(false);
    }
    for (const slug of OVERSEAS_SHARE) {
      expect(hw.has(`/share/app-share-manage/${slug}/linkhw-manage`), slug).toBe(true);
      expect(gn.has(`/share/app-share-manage/${slug}/strategy-manage`), slug).toBe(false);
    }
    expect(gn.has('/share/app-share-manage/native/link-manage')).toBe(true);
    expect(hw.has('/share/app-share-manage/native/link-manage')).toBe(false);
    expect(hw.has('/share/app-share-manage/native/linkhw-manage')).toBe(true);
    expect(gn.has('/share/app-share-manage/native/linkhw-manage')).toBe(false);
    expect(gn.has('/share/app-share-manage/native/strategy-manage')).toBe(true);
    expect(hw.has('/share/app-share-manage/native/strategy-manage')).toBe(true);

    for (const path of ['/newrxlaunch/payment-hw/goods-management', '/newrxlaunch/expend-report']) {
      expect(hw.has(path) && !gn.has(path), path).toBe(true);
    }
    for (const path of [
      '/newrxlaunch/jrtt/batch-ad',
      '/newrxlaunch/kuaishou-batch-ad',
      '/rxlaunch/rxlaunch-fe/deliver-manage/tencent/account-manage',
      '/rxlaunch/rxlaunch-fe/deliver-manage/huawei/account-manage',
      '/operation/service-reply-config',
      '/newrxlaunch/mini-game/subscription',
      '/operation/push-manage/mini-program-push',
    ]) {
      expect(gn.has(path) && !hw.has(path), path).toBe(true);
    }
    for (const path of ['/homepage/index', '/basic/gift-list', '/operation/push-manage/app-push', '/bi']) {
      expect(gn.has(path) && hw.has(path), path).toBe(true);
    }
  });
});

describe('helpers', () => {
  it('flattens depth-first with ancestor paths', () => {
    expect(all[0]).toMatchObject({ path: '/homepage/index', parents: [] });
    expect(all.some((node) => 'children' in node)).toBe(false);
    expect(byPath.get('/projectbase/projectbase-fe/help-center')?.parents).toEqual([
      '/projectbase',
      '/projectbase/projectbase-fe/service-basic',
    ]);
    const index = (path: string) => all.findIndex((node) => node.path === path);
    expect(index('/projectbase')).toBeLessThan(index('/projectbase/projectbase-fe/game-prop-config'));
    expect(index('/projectbase/projectbase-fe/social/friend-access-setting')).toBeLessThan(
      index('/operation-tools'),
    );
  });

  it('lists pages without groups', () => {
    expect(leafPaths.has('/projectbase')).toBe(false);
    expect(leafPaths.has('/share/app-share-manage/wechat')).toBe(false);
    expect(leafPaths.has('/bi')).toBe(true);
    expect(leaves.length + all.filter((n) => !leafPaths.has(n.path)).length).toBe(all.length);
  });

  it('lists see permissions unique and sorted', () => {
    const see = seePermissions();
    expect(see).toEqual([...new Set(see)].sort());
    expect(see).toContain('see/home');
    expect(see).toContain('share/see/tiktok_multi_image');
    expect(see.every((p) => p.split('/').includes('see'))).toBe(true);
  });

  it('turns a see permission into an action permission', () => {
    expect(actionPermission('gift_package/see/gift_package', 'edit')).toBe('gift_package/edit/gift_package');
    expect(actionPermission('refund/see/refund', 'approve')).toBe('refund/approve/refund');
    expect(actionPermission('see/home', 'export')).toBe('export/home');
    expect(() => actionPermission('gift_package/edit/gift_package', 'delete')).toThrow();
  });

  it('lists every permission: each see permission with its actions', () => {
    const permissions = allPermissions();
    expect(permissions).toEqual([...new Set(permissions)].sort());
    expect(permissions).toHaveLength(seePermissions().length * (ACTION_VERBS.length + 1));
    expect(permissions).toContain('refund/approve/refund');
    expect(permissions).toContain('delete/home');
  });

  it('finds the page of a concrete path, with required and optional parameters', () => {
    expect(findPage('/basic/sub-channel/edit/12')?.path).toBe('/basic/sub-channel/edit/:id');
    expect(findPage('/basic/sub-channel/edit')).toBeUndefined();
    expect(findPage('/useraccount/refund')?.path).toBe('/useraccount/refund');
    expect(findPage('/useraccount/refund/detail')?.path).toBe('/useraccount/refund/detail/:orderNo?');
    expect(findPage('/useraccount/refund/detail/R-1?tab=items')?.path).toBe(
      '/useraccount/refund/detail/:orderNo?',
    );
    expect(findPage('/projectbase/projectbase-fe/help-center/preview/1/2/en')?.path).toBe(
      '/projectbase/projectbase-fe/help-center/preview/:product_id/:channel_id/:language',
    );
    expect(findPage('/projectbase/projectbase-fe/help-center/preview/1/2')).toBeUndefined();
    expect(findPage('/projectbase/projectbase-fe/help-center/detail/1')?.path).toBe(
      '/projectbase/projectbase-fe/help-center/detail/:product_id?/:channel_id?',
    );
    expect(findPage('/commercialactivity/scene-config/detail/9/1')?.meta.activeMenu).toBe(
      '/commercialactivity/scene-config',
    );
    expect(findPage('/useraccount/userManage/userOption/abc')?.meta.roles).toEqual(['user/see/user']);
    expect(findPage('/homepage/index/')?.path).toBe('/homepage/index');
    expect(findPage('/projectbase')).toBeUndefined();
    expect(findPage('/nowhere')).toBeUndefined();
  });
});
