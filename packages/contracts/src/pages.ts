/**
 * The page catalogue: every page of the console (spec §2) with its route metadata, its `see`
 * permission and its region. The sidebar, breadcrumb, tabs, menu search, the server's permission
 * seed and the role editor all read this one list.
 */
import {
  SHARE_BASE,
  SHARE_PLATFORMS,
  sharePlatformKinds,
  type ShareExtraKind,
  type SharePlatform,
} from './dimensions.ts';

export type Region = 'gn' | 'hw';

export interface RouteMeta {
  /** i18n key in the `menu` namespace. */
  title: string;
  /**
   * Any one of these permissions shows the page; none means everyone signed in sees it. `['admin']`
   * (ADMIN_ROLE) means only staff holding the admin role see it.
   */
  roles?: string[];
  hidden?: boolean;
  /** For hidden pages: the menu path kept active while they are open. */
  activeMenu?: string;
  sortBy?: number;
  alwaysShow?: boolean;
  rxRegion?: Region;
  /** Opens in a new window. */
  isBlank?: boolean;
  keepAlive?: boolean;
  /** i18n key in the `menu` namespace of a tip shown on the menu item. */
  tip?: string;
  ignoreAuth?: boolean;
}

export interface MenuNode {
  /** Absolute path inside the console (without the `/main` base). */
  path: string;
  meta: RouteMeta;
  /** For external pages: the address opened instead of a console route. */
  external?: string;
  children?: MenuNode[];
}

type PageOptions = Omit<RouteMeta, 'title' | 'roles'> & Pick<MenuNode, 'external'>;

/**
 * A catalogue page. Whether it is built is not written here (it went stale): a page is built when
 * the console has a module for it (apps/web/src/app/routes/modules.ts); others say "not built yet".
 */
function page(path: string, title: string, see: string, options: PageOptions = {}): MenuNode {
  const { external, ...meta } = options;
  return { path, meta: { title, roles: [see], ...meta }, ...(external ? { external } : {}) };
}

/** A list page: staff flip between it and other tabs, so its tab keeps its state. */
function list(path: string, title: string, see: string, options: PageOptions = {}): MenuNode {
  return page(path, title, see, { keepAlive: true, ...options });
}

/**
 * A list page followed by the hidden pages opened from it. They share its permission (whoever
 * sees the list may open its details) and keep it active in the menu.
 */
function withDetails(listPage: MenuNode, ...details: [path: string, title: string][]): MenuNode[] {
  const { roles, rxRegion } = listPage.meta;
  return [
    listPage,
    ...details.map(([path, title]) => ({
      path,
      meta: { title, roles, hidden: true, activeMenu: listPage.path, ...(rxRegion ? { rxRegion } : {}) },
    })),
  ];
}

/** Sets the region on a node and everything under it. */
function inRegion(rxRegion: Region, node: MenuNode): MenuNode {
  return {
    ...node,
    meta: { ...node.meta, rxRegion },
    ...(node.children ? { children: node.children.map((child) => inRegion(rxRegion, child)) } : {}),
  };
}

/** A menu group: always shown as a folder, no permission of its own (it shows when a page in it does). */
function group(path: string, title: string, children: MenuNode[], rxRegion?: Region): MenuNode {
  const node: MenuNode = { path, meta: { title, alwaysShow: true }, children };
  return rxRegion ? inRegion(rxRegion, node) : node;
}

const SHARE = SHARE_BASE;

/** The title and permission suffix of a platform's extra page kinds. */
const SHARE_EXTRAS: Record<ShareExtraKind, [title: string, thing: string]> = {
  'words-materials-manage': ['page.shareWords', 'words'],
  'videos-materials-manage': ['page.shareVideos', 'videos'],
  'multi-image-manage': ['page.shareMultiImages', 'multi_image'],
};

/**
 * One platform's share group (spec §2.7), made from its registry entry (dimensions.ts): strategies,
 * links (domestic `link-manage`, overseas `linkhw-manage`, both for a platform of both areas, each
 * in its area), images, cards, plus its extras.
 */
function sharePlatform(platform: SharePlatform): MenuNode {
  const { code, region } = platform;
  const base = `${SHARE}/${code}`;
  const perm = (thing: string) => `share/see/${code.replace(/-/g, '_')}_${thing}`;
  const inArea = (area: Region) => (region === 'all' ? { rxRegion: area } : {});
  const links = sharePlatformKinds(platform)
    .filter((kind) => kind === 'link-manage' || kind === 'linkhw-manage')
    .flatMap((kind) =>
      kind === 'link-manage'
        ? withDetails(list(`${base}/link-manage`, 'page.shareLinks', perm('link'), inArea('gn')), [
            `${base}/link-manage/:id`,
            'page.shareLinkDetail',
          ])
        : withDetails(list(`${base}/linkhw-manage`, 'page.shareLinksHw', perm('link_hw'), inArea('hw')), [
            `${base}/linkhw-manage/:id`,
            'page.shareLinkHwDetail',
          ]),
    );
  const children = [
    ...withDetails(list(`${base}/strategy-manage`, 'page.shareStrategy', perm('strategy')), [
      `${base}/strategy-manage/:id`,
      'page.shareStrategyDetail',
    ]),
    ...links,
    list(`${base}/image-manage`, 'page.shareImages', perm('image')),
    list(`${base}/card-manage`, 'page.shareCards', perm('card')),
    ...(platform.extras ?? []).map((kind) => {
      const [title, thing] = SHARE_EXTRAS[kind];
      return list(`${base}/${kind}`, title, perm(thing));
    }),
  ];
  return group(base, platform.titleKey, children, region === 'all' ? undefined : region);
}

const AD = '/rxlaunch/rxlaunch-fe/deliver-manage';

/** A domestic ad network whose only page is its advertiser accounts (OPPO, Honor, VIVO, Huawei). */
function adAccountsOnly(slug: string, title: string): MenuNode {
  return group(
    `${AD}/${slug}`,
    title,
    [list(`${AD}/${slug}/account-manage`, 'page.adAccounts', `launch/see/${slug}_account`)],
    'gn',
  );
}

/**
 * The role identifier that holds every permission. Pages listing it in `roles` are shown to
 * admins only (by their role, not by a permission string a role could be granted).
 */
export const ADMIN_ROLE = 'admin';

/** A page only the CP's admins see. */
function adminPage(path: string, title: string): MenuNode {
  return page(path, title, ADMIN_ROLE, { keepAlive: true });
}

const goingOffline = (path: string, title: string, see: string) =>
  list(path, title, see, { tip: 'tip.goingOffline' });

export const PAGE_CATALOGUE: MenuNode[] = [
  page('/homepage/index', 'page.home', 'see/home'),
  list('/notification/management', 'page.workOrders', 'see/work_order', { hidden: true }),
  // The operations backbone's own pages, for everyone signed in (the server narrows what each sees):
  // one's background jobs (admins: the CP's), and the approval requests one made or may decide.
  // In the menu (issue 27): staff reach their jobs and the approvals without knowing the address.
  { path: '/jobs', meta: { title: 'page.jobs', keepAlive: true } },
  { path: '/approvals', meta: { title: 'page.approvals', keepAlive: true } },

  // 1. Project basic configuration
  group('/projectbase', 'group.projectBase', [
    list('/basic/product-list', 'page.products', 'basic/see/product'),
    list('/basic/channel-list', 'page.channels', 'basic/see/channel'),
    // Sub-channels are edited from their channel's row in the channel list; editing them is its
    // own permission.
    page('/basic/sub-channel/edit/:id', 'page.subChannelEdit', 'basic/see/sub_channel', {
      hidden: true,
      activeMenu: '/basic/channel-list',
    }),
    // The game's outside parties (its own server, payment provider, store): real or fake, their
    // settings and sealed credentials, and the call log.
    list('/basic/outside-parties', 'page.outsideParties', 'basic/see/outside_party'),
    list('/projectbase/projectbase-fe/game-prop-config', 'page.gameProps', 'commercialization/see/prop'),
    list('/basic/gift-list', 'page.giftList', 'gift_package/see/gift_package'),
    list('/commercialbasic/shop-billing-config', 'page.billingPoints', 'commercialization/see/billing_point'),
    list('/service/feedbackConfig/feedback-configure', 'page.feedbackTypes', 'service/see/feedback_type'),
    list('/basic/error-code', 'page.errorCodes', 'basic/see/error_code'),
    group('/projectbase/projectbase-fe/service-basic', 'group.serviceBasics', [
      ...withDetails(
        list('/projectbase/projectbase-fe/help-center', 'page.helpCenter', 'service/see/help_center'),
        [
          '/projectbase/projectbase-fe/help-center/preview/:product_id/:channel_id/:language',
          'page.helpCenterPreview',
        ],
        ['/projectbase/projectbase-fe/help-center/detail/:product_id?/:channel_id?', 'page.helpCenterDetail'],
      ),
      ...withDetails(
        list('/projectbase/projectbase-fe/auto-reply', 'page.autoReply', 'service/see/auto_reply'),
        [
          '/projectbase/projectbase-fe/auto-reply/detail/:product_id?/:channel_id?/:platform_id?',
          'page.autoReplyDetail',
        ],
      ),
    ]),
    group('/projectbase/projectbase-fe/social', 'group.social', [
      page(
        '/projectbase/projectbase-fe/social/chat-access-setting',
        'page.chatAccess',
        'social/see/chat_access',
      ),
      page(
        '/projectbase/projectbase-fe/social/friend-access-setting',
        'page.friendAccess',
        'social/see/friend_access',
      ),
    ]),
  ]),

  // 2. Basic operational tools
  group('/operation-tools', 'group.operationTools', [
    list('/service/feedbackConfig/feedback_copy', 'page.productFeedback', 'service/see/product_feedback'),
    list('/operation/ckdey-config', 'page.exchangeCodes', 'operation/see/exchange_code'),
    list('/operation/product-notice', 'page.announcements', 'operation/see/notice'),
    list('/tooloperate/tooloperate-fe/base/mail-manage', 'page.mail', 'mail/see/mail'),
    list('/tooloperate/tooloperate-fe/base/mail-manage-new', 'page.mailNew', 'mail/see/mail_new', {
      tip: 'tip.newVersion',
    }),
    ...withDetails(list('/useraccount/userManage', 'page.userAccess', 'user/see/user'), [
      '/useraccount/userManage/userOption/:openid',
      'page.userOption',
    ]),
    list('/useraccount/account-operation-log', 'page.operationLog', 'user/see/operation_log'),
    ...withDetails(list('/useraccount/refund', 'page.refunds', 'refund/see/refund'), [
      '/useraccount/refund/detail/:orderNo?',
      'page.refundDetail',
    ]),
    list('/operation/prevention-cheat-user', 'page.antiCheatUsers', 'operation/see/anti_cheat_user'),
    list('/service/feedbackConfig/feedback_player', 'page.playerFeedback', 'service/see/player_feedback'),
    group(
      '/newrxlaunch/payment-hw',
      'group.webRecharge',
      [
        list('/newrxlaunch/payment-hw/goods-management', 'page.webGoods', 'payment/see/web_goods'),
        list('/newrxlaunch/payment-hw/order-management', 'page.webOrders', 'payment/see/web_order'),
        list('/newrxlaunch/payment-hw/activity-config', 'page.webActivities', 'payment/see/web_activity'),
        ...withDetails(
          page(
            '/newrxlaunch/payment-hw/website-basic-config',
            'page.websiteBasics',
            'payment/see/website_config',
          ),
          ['/newrxlaunch/payment-hw/protocol-edit', 'page.protocolEdit'],
        ),
      ],
      'hw',
    ),
  ]),

  // 3. Illegal account management
  group('/violation', 'group.violation', [
    ...withDetails(
      list(
        '/useraccount/violation-legal-config',
        'page.riskControlAccounts',
        'risk_control/see/risk_control',
      ),
      ['/useraccount/violation-legal-template', 'page.violationTemplates'],
    ),
    ...withDetails(list('/useraccount/violator-manage', 'page.violators', 'risk_control/see/violator'), [
      '/useraccount/violator-manage/detail',
      'page.violatorDetail',
    ]),
  ]),

  // 4. Message push tools
  group('/push-tools', 'group.pushTools', [
    group('/operation/push-manage', 'group.pushManage', [
      list('/operation/push-manage/app-push', 'page.appPush', 'app_push/see/app_push'),
      list(
        '/operation/push-manage/mini-program-push',
        'page.miniProgramPush',
        'mini_program_push/see/mini_program_push',
        {
          rxRegion: 'gn',
        },
      ),
    ]),
    list('/operation/service-reply-config', 'page.wechatServicePush', 'wechat_push/see/service_reply', {
      rxRegion: 'gn',
    }),
    list('/newrxlaunch/mini-game/subscription', 'page.miniGameSubscription', 'mini_game/see/subscription', {
      rxRegion: 'gn',
    }),
  ]),

  // 5. Commercial auxiliary tools
  group('/commercial-tools', 'group.commercialTools', [
    list(
      '/commercialactivity/user-hierarchy-Query',
      'page.userLevelQuery',
      'commercialization/see/user_hierarchy',
    ),
    ...withDetails(
      list('/commercialactivity/user-group', 'page.userGroups', 'commercialization/see/user_group'),
      ['/commercialactivity/user-group-layered/:name', 'page.userGroupLayers'],
      ['/commercialactivity/user-group-userlist/:uuid', 'page.userGroupMembers'],
    ),
    ...withDetails(
      list(
        '/commercialactivity/user-profile-config',
        'page.userProfiles',
        'commercialization/see/user_profile',
      ),
      ['/commercialactivity/user-profile-userlist/:name', 'page.userProfileMembers'],
    ),
    ...withDetails(
      list('/commercialactivity/window-config', 'page.windowConfig', 'commercialization/see/window'),
      ['/commercialactivity/window-config-detail/:window_id?', 'page.windowDetail'],
    ),
    ...withDetails(
      list('/commercialactivity/scene-config', 'page.sceneConfig', 'commercialization/see/scene'),
      ['/commercialactivity/scene-config/detail/:uid?/:copy?', 'page.sceneDetail'],
    ),
  ]),

  // 6. Version release tools
  group('/release-tools', 'group.releaseTools', [
    ...withDetails(
      list('/product/product-fe/app-package-configure', 'page.packages', 'package/see/package'),
      ['/product/product-fe/app-package-configure/detail/:id?', 'page.packageDetail'],
    ),
    list('/product/product-fe/version-manage', 'page.versions', 'edition/see/edition'),
    list('/product/product-fe/version-field-config', 'page.versionFields', 'edition/see/version_field'),
    list('/product/product-fe/versions-log', 'page.versionLog', 'edition/see/version_log'),
    list('/product/product-fe/test-manage', 'page.testManage', 'test/see/test'),
    list('/product/product-fe/bug-manage', 'page.bugManage', 'test/see/bug'),
  ]),

  // 7. Social sharing tools
  group('/share-tools', 'group.shareTools', [
    list('/basic/share-platform', 'page.shareChannels', 'share/see/share_platform'),
    list('/basic/tracking-config', 'page.shareTracking', 'share/see/tracking'),
    list('/commercialbasic/share-ad-config/share-config', 'page.shareAdSchedule', 'share/see/share_ad'),
    list('/operation/landing-manage', 'page.landingPages', 'share/see/landing_page'),
    list('/operation/prize-manage', 'page.lottery', 'share/see/prize'),
    group(`${SHARE}/materials`, 'group.shareMaterials', [
      list(`${SHARE}/materials/invite-strategy`, 'page.inviteShare', 'share/see/invite_strategy'),
      list(`${SHARE}/materials/password-strategy`, 'page.passwordShare', 'share/see/password_strategy'),
      list(`${SHARE}/materials/video-strategy`, 'page.videoShare', 'share/see/video_strategy'),
      list(`${SHARE}/materials/app-strategy`, 'page.appShare', 'share/see/app_strategy'),
      list(`${SHARE}/materials/mini-game-strategy`, 'page.miniGameShare', 'share/see/mini_game_strategy', {
        rxRegion: 'gn',
      }),
    ]),
    ...(SHARE_PLATFORMS as readonly SharePlatform[]).map(sharePlatform),
  ]),

  // 8. Ad placement tools
  group(AD, 'group.adPlacement', [
    group(
      `${AD}/jrtt`,
      'group.toutiao',
      [
        ...withDetails(list('/newrxlaunch/jrtt/batch-ad', 'page.batchAd', 'launch/see/jrtt_batch_ad'), [
          '/newrxlaunch/jrtt/batch-ad-edit',
          'page.batchAdEdit',
        ]),
        list('/newrxlaunch/jrtt/put-manage', 'page.deliveryManage', 'launch/see/jrtt_put'),
        list('/newrxlaunch/jrtt/batch-task', 'page.batchTasks', 'launch/see/jrtt_batch_task'),
        list('/newrxlaunch/jrtt/account-manage', 'page.adAccounts', 'launch/see/jrtt_account'),
        list('/newrxlaunch/jrtt/data-report', 'page.dataReport', 'launch/see/jrtt_data_report'),
        list('/newrxlaunch/jrtt/title-library', 'page.titleLibrary', 'launch/see/jrtt_title'),
        list(
          '/newrxlaunch/jrtt/batch-create-config',
          'page.batchCreateConfig',
          'launch/see/jrtt_batch_create',
        ),
      ],
      'gn',
    ),
    group(
      `${AD}/tencent`,
      'group.tencentAds',
      [
        list(`${AD}/tencent/gdt-list`, 'page.gdtAds', 'launch/see/gdt_ad'),
        ...withDetails(list(`${AD}/tencent/gdtv3-list`, 'page.gdtV3Ads', 'launch/see/gdtv3_ad'), [
          `${AD}/tencent/gdtv3-edit/:id?`,
          'page.gdtV3Edit',
        ]),
        list(`${AD}/tencent/batch-create-config`, 'page.batchCreateConfig', 'launch/see/gdt_batch_create'),
        list(`${AD}/tencent/account-manage`, 'page.adAccounts', 'launch/see/gdt_account'),
        list(`${AD}/tencent/data-report`, 'page.dataReport', 'launch/see/gdt_data_report'),
        list(`${AD}/tencent/minigame-monitor`, 'page.minigameMonitor', 'launch/see/gdt_minigame_monitor'),
      ],
      'gn',
    ),
    group(
      `${AD}/kuaishou`,
      'group.kuaishou',
      [
        ...withDetails(
          list('/newrxlaunch/kuaishou-batch-ad', 'page.batchAd', 'launch/see/kuaishou_batch_ad'),
          ['/newrxlaunch/kuaishou-batch-ad-edit', 'page.batchAdEdit'],
        ),
        list('/newrxlaunch/kuaishou-account-manage', 'page.adAccounts', 'launch/see/kuaishou_account'),
        list('/newrxlaunch/kuaishou-data-report', 'page.dataReport', 'launch/see/kuaishou_data_report'),
      ],
      'gn',
    ),
    adAccountsOnly('oppo', 'group.oppo'),
    adAccountsOnly('honor', 'group.honor'),
    adAccountsOnly('vivo', 'group.vivo'),
    adAccountsOnly('huawei', 'group.huawei'),
    group(`${AD}/tools`, 'group.adTools', [
      list(`${AD}/application-management`, 'page.applications', 'launch/see/application'),
      list(`${AD}/window-manage`, 'page.windowManage', 'launch/see/window'),
      list('/newrxlaunch/batch-task', 'page.batchTasks', 'launch/see/batch_task'),
      list(`${AD}/promotion-activitie`, 'page.promotionActivities', 'launch/see/promotion_activity'),
      ...withDetails(list(`${AD}/mapping-manage`, 'page.mappings', 'launch/see/mapping'), [
        `${AD}/mapping-manage/detail/:id?`,
        'page.mappingDetail',
      ]),
      list(`${AD}/ai-trustship`, 'page.aiTrustship', 'launch/see/ai_trustship'),
      list(`${AD}/trustship-rule`, 'page.trustshipRules', 'launch/see/trustship_rule'),
      list(`${AD}/material-library`, 'page.materialLibrary', 'launch/see/material'),
      list(`${AD}/label`, 'page.materialLabels', 'launch/see/material_label'),
      list(`${AD}/add-source`, 'page.addSource', 'launch/see/material_source'),
      list(`${AD}/material-attribution`, 'page.materialAttribution', 'launch/see/material_attribution'),
      list('/newrxlaunch/copy-writing', 'page.copyWriting', 'launch/see/copy_writing'),
      list(`${AD}/media-platforms-info`, 'page.mediaPlatforms', 'launch/see/media_platform'),
      list('/newrxlaunch/expend-report', 'page.expendReport', 'launch/see/expend_report', { rxRegion: 'hw' }),
    ]),
  ]),

  // 9. Customer service
  group('/service', 'group.customerService', [
    list('/service/feedback', 'page.serviceFeedback', 'service/see/feedback'),
    // The workbench is a separate real-time app every agent opens; the console only links to it.
    page('/service/workbench', 'page.serviceWorkbench', 'service/see/workbench', {
      isBlank: true,
      ignoreAuth: true,
      external: '/service-workbench',
    }),
    list('/service/temporary-notice', 'page.temporaryNotice', 'service/see/temporary_notice', {
      ignoreAuth: true,
    }),
    list('/service/user-manage', 'page.serviceUsers', 'service/see/user'),
    list('/service/blacklist', 'page.blacklist', 'service/see/blacklist'),
    list('/service/user-order-query', 'page.userOrders', 'service/see/user_order'),
    page('/service/service-settings', 'page.serviceSettings', 'service/see/service_setting'),
    list('/service/personnel-settings', 'page.personnelSettings', 'service/see/personnel'),
    list('/service/common-scripts', 'page.commonScripts', 'service/see/common_script'),
    page('/service/panel-settings', 'page.panelSettings', 'service/see/panel_setting'),
    list('/service/data-statistics', 'page.dataStatistics', 'service/see/data_statistics'),
    list('/service/session-records', 'page.sessionRecords', 'service/see/session_record'),
    list('/service/robot-session-records', 'page.robotSessions', 'service/see/robot_session_record'),
    list('/service/rating-complaints', 'page.ratingComplaints', 'service/see/rating_complaint'),
    list(
      '/service/session-classification-stats',
      'page.sessionClassStats',
      'service/see/session_class_stats',
    ),
    list('/service/auto-reply-stats', 'page.autoReplyStats', 'service/see/auto_reply_stats'),
    list('/service/quality-stats', 'page.qualityStats', 'service/see/quality_stats'),
    list('/service/operation-log', 'page.serviceOperationLog', 'service/see/operation_log'),
  ]),

  // 10. Big-data query platform
  page('/bi', 'page.bigData', 'bi/see/bi', { isBlank: true, external: '/bi' }),

  // 11. Will go offline
  group('/offline', 'group.goingOffline', [
    goingOffline('/offline/holidays', 'page.holidays', 'offline/see/holiday'),
    goingOffline('/offline/callback', 'page.callback', 'offline/see/callback'),
    goingOffline(
      '/offline/account-cancellation',
      'page.accountCancellation',
      'offline/see/account_cancellation',
    ),
    goingOffline('/offline/module-manage', 'page.moduleManage', 'offline/see/module'),
    goingOffline('/offline/debug-params', 'page.debugParams', 'offline/see/debug_param'),
    goingOffline('/offline/documents', 'page.documents', 'offline/see/document'),
    goingOffline('/offline/accidents', 'page.accidents', 'offline/see/accident'),
    goingOffline('/offline/image-review', 'page.imageReview', 'offline/see/image_review'),
  ]),

  // System administration: the CP's staff, roles and settings, for its admins only.
  group('/system', 'group.system', [
    adminPage('/system/staff', 'page.staff'),
    adminPage('/system/roles', 'page.roles'),
    adminPage('/system/cp-settings', 'page.cpSettings'),
  ]),
];

/** A catalogue node without its children, with the paths of its ancestors (outermost first). */
export type FlatPage = Omit<MenuNode, 'children'> & { parents: string[] };

/** Every node, groups included, depth-first in menu order. */
export function flattenPages(nodes: MenuNode[] = PAGE_CATALOGUE, parents: string[] = []): FlatPage[] {
  return nodes.flatMap(({ children, ...node }) => [
    { ...node, parents },
    ...(children ? flattenPages(children, [...parents, node.path]) : []),
  ]);
}

/** The pages: nodes without children. */
export function leafPages(nodes: MenuNode[] = PAGE_CATALOGUE): FlatPage[] {
  const flat = flattenPages(nodes);
  const groups = new Set(flat.flatMap((node) => node.parents));
  return flat.filter((node) => !groups.has(node.path));
}

const unique = (values: Iterable<string>) => [...new Set(values)].sort();

/** Every `see` permission of the catalogue, unique and sorted (admin-only pages have none). */
export function seePermissions(nodes: MenuNode[] = PAGE_CATALOGUE): string[] {
  return unique(
    flattenPages(nodes).flatMap((node) => (node.meta.roles ?? []).filter((role) => role !== ADMIN_ROLE)),
  );
}

let seeByPath: Map<string, string | undefined> | undefined;

/** The see permission of the catalogue page at `path` (the server checks it for that page's data). */
export function seePermissionOf(path: string): string {
  // Made once: every resource's definition asks (the server's start flattened the catalogue 100s of times).
  if (!seeByPath) {
    seeByPath = new Map();
    for (const node of flattenPages())
      if (!seeByPath.has(node.path)) seeByPath.set(node.path, node.meta.roles?.[0]);
  }
  const see = seeByPath.get(path);
  if (!see || see === ADMIN_ROLE) throw new Error(`No see permission for ${path}`);
  return see;
}

/** Whether only admins see the page. */
export function isAdminOnly(meta: Pick<RouteMeta, 'roles'>): boolean {
  return meta.roles?.length === 1 && meta.roles[0] === ADMIN_ROLE;
}

export const ACTION_VERBS = ['edit', 'delete', 'approve', 'export'] as const;
export type ActionVerb = (typeof ACTION_VERBS)[number];

/** 'module/see/thing' → 'module/<verb>/thing'; 'see/home' → '<verb>/home'. */
export function actionPermission(see: string, verb: ActionVerb): string {
  const parts = see.split('/');
  if (parts.length === 3 && parts[1] === 'see') return `${parts[0]}/${verb}/${parts[2]}`;
  if (parts.length === 2 && parts[0] === 'see') return `${verb}/${parts[1]}`;
  throw new Error(`Not a see permission: ${see}`);
}

/** Every permission a role can hold: each `see` permission and its actions, unique and sorted. */
export function allPermissions(nodes: MenuNode[] = PAGE_CATALOGUE): string[] {
  return unique(
    seePermissions(nodes).flatMap((see) => [see, ...ACTION_VERBS.map((verb) => actionPermission(see, verb))]),
  );
}

/** The pages shown in a publish area: those without a region or with that region. */
export function pagesForRegion(region: Region, nodes: MenuNode[] = PAGE_CATALOGUE): FlatPage[] {
  const regionOf = new Map(flattenPages(nodes).map((node) => [node.path, node.meta.rxRegion]));
  // A page inside a regional group belongs to that region even if it does not say so itself.
  return leafPages(nodes).filter((page) =>
    [...page.parents, page.path].every((path) => {
      const own = regionOf.get(path);
      return own === undefined || own === region;
    }),
  );
}

/** How well a route pattern matches a concrete path: the number of fixed segments, or undefined. */
function matchScore(pattern: string, path: string): number | undefined {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (got.length > want.length) return undefined;
  let score = 0;
  for (const [index, segment] of want.entries()) {
    const value = got[index];
    if (segment.startsWith(':')) {
      if (value === undefined && !segment.endsWith('?')) return undefined;
      continue;
    }
    // The router matches paths case-insensitively.
    if (value?.toLowerCase() !== segment.toLowerCase()) return undefined;
    score += 1;
  }
  return score;
}

/** The catalogue page a concrete path (e.g. '/basic/sub-channel/edit/12') opens, if any. */
export function findPage(path: string, nodes: MenuNode[] = PAGE_CATALOGUE): FlatPage | undefined {
  const clean = path.split(/[?#]/)[0] ?? '';
  let best: { page: FlatPage; score: number } | undefined;
  for (const page of leafPages(nodes)) {
    const score = matchScore(page.path, clean);
    if (score !== undefined && (!best || score > best.score)) best = { page, score };
  }
  return best?.page;
}
