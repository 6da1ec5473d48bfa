import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  ACTION_VERBS,
  ADMIN_ROLE,
  PAGE_CATALOGUE,
  actionPermission,
  leafPages,
  pagesForRegion,
  ticketsResourceOf,
  type MenuNode,
} from '@rx/contracts';
import type { Db } from '../db/index.ts';
import { cps, notifications, products, rolePermissions, roles, userRoles, users } from '../db/schema.ts';
import { hashPassword } from '../lib/crypto.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';
import { seedConfigDemo } from './config-demo.ts';
import { seedDemoApprovals } from './demo-approvals.ts';
import { requestLink } from '../modules/approvals/index.ts';
import { seedDemoGroups } from '../modules/user-groups/index.ts';
import { seedDemoCheatFlags } from '../modules/cheat-flags/index.ts';
import { seedDemoViolations } from '../modules/violations/index.ts';
import { secretBox } from '../lib/secret-box.ts';
import { channels } from '../modules/channels/tables.ts';
import { seedDemoPlayers } from '../modules/players/index.ts';
import { computeTiersNow } from '../modules/player-tiers/index.ts';
import { seedDemoWebShop } from '../modules/web-shop/index.ts';
import { seedDemoWebSite } from './demo-web-site.ts';
import { seedDemoMailApproval, seedDemoRefunds, seedDemoTickets } from './demo-day.ts';

export const DEMO_PASSWORD = 'Demo@12345';

/** The demo staff member who asked for the seeded mail campaign waiting for approval. */
export const DEMO_REQUEST_MAKER = 'ops_gn2';

export interface SeedOptions {
  demo: boolean;
  adminPassword?: string;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** The server's JWT_SECRET: it seals the demo game API keys' secrets (without it, no demo keys). */
  jwtSecret?: string;
  /**
   * Demo players of the domestic demo game (`DEMO_PLAYERS`); the other demo games get a tenth each.
   * None by default: tests seed their own.
   */
  demoPlayers?: number;
  /**
   * Approval policies on every demo game, as the console's demo ships (main.ts). Off, only 坦克大作战
   * has them: the API tests' fixture, whose tests take the other games as policy-free.
   */
  approvalsOnEveryGame?: boolean;
  /**
   * Work waiting on the first day, as the console's demo ships (main.ts): tickets in each game's
   * queues, the work-order notification opening one. Off: the API tests' fixture (empty queues).
   */
  demoWork?: boolean;
}

/** The see permission of each page and every action permission that goes with it (admin-only pages: none). */
export function permissionsOf(pages: Pick<MenuNode, 'meta'>[]): string[] {
  const all = new Set<string>();
  for (const page of pages) {
    for (const see of (page.meta.roles ?? []).filter((role) => role !== ADMIN_ROLE)) {
      all.add(see);
      for (const verb of ACTION_VERBS) all.add(actionPermission(see, verb));
    }
  }
  return [...all].sort();
}

/** The customer-service group (spec §2, group 9): the pages under `/service` in the menu's own group. */
export function customerServicePages(): MenuNode[] {
  const group = PAGE_CATALOGUE.find((node) => node.path === '/service');
  return group ? leafPages([group]) : [];
}

/**
 * Customer service's working pages until the service group is built: the two ticket queues (product
 * and player feedback) and the work-order page their ticket notifications open.
 */
export function ticketQueuePages(): MenuNode[] {
  const paths = new Set([
    '/service/feedbackConfig/feedback_copy',
    '/service/feedbackConfig/feedback_player',
    '/notification/management',
  ]);
  return leafPages().filter((page) => paths.has(page.path));
}

/** Seeds an empty database once: the demo CPs and staff, or the first admin in production. */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    // Several instances may start at once on one PostgreSQL: one seeds, the others see its rows.
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const [existing] = await tx.select({ id: cps.id }).from(cps).limit(1);
    if (existing) return;
    if (options.demo) {
      await seedDemo(tx, options);
      options.log?.info(
        `demo data seeded: staff admin, ops_gn, ops_gn2, ops_hw, cs_agent, cp_dev (password ${DEMO_PASSWORD})`,
      );
    } else {
      if (!options.adminPassword) {
        throw new Error(
          'The database is empty: set ADMIN_PASSWORD for the first admin (or DEMO=1 for demo data).',
        );
      }
      await seedProduction(tx, options.adminPassword);
      options.log?.warn('first admin "admin" created; they must change the password at first sign-in');
    }
  });
}

async function seedProduction(db: Db, adminPassword: string): Promise<void> {
  const [cp] = await db
    .insert(cps)
    .values({
      name: process.env.ADMIN_CP_NAME ?? 'Default CP',
      publishArea: process.env.PUBLISH_AREA === 'hw' ? 'hw' : 'gn',
      gwDomain: process.env.GW_DOMAIN ?? '',
      defaultLang: process.env.PUBLISH_AREA === 'hw' ? 'en' : 'zh',
    })
    .returning();
  const [role] = await db
    .insert(roles)
    .values({ cpId: cp!.id, identifier: ADMIN_ROLE, name: 'Administrator' })
    .returning();
  const [admin] = await db
    .insert(users)
    .values({
      cpId: cp!.id,
      username: 'admin',
      passwordHash: await hashPassword(adminPassword),
      isModifiedPassword: 0,
    })
    .returning();
  await db.insert(userRoles).values({ userId: admin!.id, roleId: role!.id });
}

async function seedDemo(db: Db, options: SeedOptions): Promise<void> {
  const [gn, hw] = await db
    .insert(cps)
    .values([
      { name: '瑞雪互娱（国内发行）', publishArea: 'gn', gwDomain: 'gw-gn.example.com' },
      {
        name: 'Ruixue Games Global',
        publishArea: 'hw',
        gwDomain: 'gw-hw.example.com',
        defaultLang: 'en',
        timeZone: 'Asia/Singapore',
      },
    ])
    .returning();
  const productRows = await db
    .insert(products)
    .values([
      { cpId: gn!.id, code: 'xianxia', name: '仙侠奇缘', region: 'gn', platforms: ['android', 'ios', 'pc'] },
      {
        cpId: gn!.id,
        code: 'tankwar',
        name: '坦克大作战',
        region: 'gn',
        platforms: ['android', 'ios', 'web'],
      },
      { cpId: hw!.id, code: 'dawn', name: 'Legends of Dawn', region: 'hw', platforms: ['android', 'ios'] },
      { cpId: hw!.id, code: 'farm', name: 'Pocket Farm', region: 'hw', platforms: ['android', 'ios', 'web'] },
    ])
    .returning();
  for (const product of productRows) await seedDemoCatalogue(db, product);
  if (options.demoPlayers) {
    const games = [];
    for (const [i, product] of productRows.entries()) {
      const codes = await db
        .select({ code: channels.code })
        .from(channels)
        .where(eq(channels.productId, product.id))
        .orderBy(channels.id);
      games.push({
        productId: product.id,
        region: product.region,
        channels: codes.map((c) => c.code),
        count: i === 0 ? options.demoPlayers : Math.ceil(options.demoPlayers / 10),
      });
    }
    await seedDemoPlayers(db, games);
    await seedDemoGroups(db, productRows[0]!);
    await seedDemoCheatFlags(db, productRows[0]!);
    await seedDemoViolations(db, productRows[0]!);
  }

  const roleRows = await db
    .insert(roles)
    .values([
      { cpId: gn!.id, identifier: ADMIN_ROLE, name: '超级管理员' },
      { cpId: gn!.id, identifier: 'ops_gn', name: '国内运营' },
      { cpId: gn!.id, identifier: 'customer_service', name: '客服' },
      { cpId: gn!.id, identifier: 'cp_developer', name: 'CP 研发' },
      { cpId: hw!.id, identifier: ADMIN_ROLE, name: 'Administrator' },
      { cpId: hw!.id, identifier: 'ops_hw', name: 'Overseas operations' },
    ])
    .returning();
  const role = (cpId: number, identifier: string) =>
    roleRows.find((r) => r.cpId === cpId && r.identifier === identifier)!;
  const grants: [number, string[]][] = [
    [role(gn!.id, 'ops_gn').id, permissionsOf(pagesForRegion('gn'))],
    [role(gn!.id, 'customer_service').id, permissionsOf([...customerServicePages(), ...ticketQueuePages()])],
    [role(gn!.id, 'cp_developer').id, ['see/home']],
    [role(hw!.id, 'ops_hw').id, permissionsOf(pagesForRegion('hw'))],
  ];
  await db
    .insert(rolePermissions)
    .values(grants.flatMap(([roleId, list]) => list.map((resource) => ({ roleId, resource }))));

  const staff = [
    { username: 'admin', cpId: gn!.id, role: ADMIN_ROLE, lang: 'zh', usertype: null },
    { username: 'ops_gn', cpId: gn!.id, role: 'ops_gn', lang: 'zh', usertype: null },
    // A second domestic operations member: the maker of the demo's waiting mail campaign, so that no
    // browser test's own staff (admin, ops_gn) has a request of theirs pending (issue 27).
    { username: 'ops_gn2', cpId: gn!.id, role: 'ops_gn', lang: 'zh', usertype: null },
    { username: 'ops_hw', cpId: hw!.id, role: 'ops_hw', lang: 'en', usertype: null },
    { username: 'cs_agent', cpId: gn!.id, role: 'customer_service', lang: 'zh', usertype: null },
    { username: 'cp_dev', cpId: gn!.id, role: 'cp_developer', lang: 'zh', usertype: 1 },
  ];
  const hashes = await Promise.all(staff.map(() => hashPassword(DEMO_PASSWORD)));
  const userRows = await db
    .insert(users)
    .values(
      staff.map((s, i) => ({
        cpId: s.cpId,
        username: s.username,
        passwordHash: hashes[i]!,
        usertype: s.usertype,
        defaultLang: s.lang,
        isModifiedPassword: 1,
      })),
    )
    .returning();
  await db
    .insert(userRoles)
    .values(staff.map((s, i) => ({ userId: userRows[i]!.id, roleId: role(s.cpId, s.role).id })));
  const secrets = options.jwtSecret ? secretBox(options.jwtSecret) : undefined;
  for (const product of productRows) await seedConfigDemo(db, product, secrets);
  // The web recharge site's configuration, top-up activities and protocols (demo-web-site.ts).
  for (const product of productRows) await seedDemoWebSite(db, product);
  // The web recharge site's goods and orders of the overseas games (modules/web-shop).
  for (const product of productRows) await seedDemoWebShop(db, product);
  // Approval policies on every game; the strictest on 坦克大作战 (demo-approvals.ts).
  for (const product of productRows)
    await seedDemoApprovals(db, product, {
      strict: product.code === 'tankwar',
      everyGame: options.approvalsOnEveryGame ?? false,
    });
  // Tickets waiting in each game's queues; the work-order notification opens one (demo-day.ts).
  const ticketOfCp = new Map<number, { id: number; kind: 'product' | 'player' }>();
  for (const product of options.demoWork ? productRows : []) {
    const ticket = await seedDemoTickets(db, product);
    if (ticket && !ticketOfCp.has(product.cpId)) ticketOfCp.set(product.cpId, ticket);
  }
  // Store refunds waiting in each game's refund queue, matched to demo players' orders (demo-day.ts).
  for (const product of options.demoWork && options.demoPlayers ? productRows : [])
    await seedDemoRefunds(db, product);
  // A mail campaign waiting for a second person in each CP that has one to decide (its admin): asked
  // by the CP's operations staff on its first game; the approval notification opens it (demo-day.ts).
  const approvalOfCp = new Map<number, DemoApproval>();
  for (const product of options.demoWork ? productRows : []) {
    if (approvalOfCp.has(product.cpId)) continue;
    const ofCp = staff.map((s, i) => ({ ...s, row: userRows[i]! })).filter((s) => s.cpId === product.cpId);
    // Its maker is the demo's second operations member (ops_gn2): nobody the browser tests sign in as.
    const maker = ofCp.find((s) => s.username === DEMO_REQUEST_MAKER);
    if (!maker || !ofCp.some((s) => s.role === ADMIN_ROLE)) continue;
    const asked = await seedDemoMailApproval(db, product, {
      id: maker.row.id,
      username: maker.username,
      lang: maker.lang,
    });
    if (asked) approvalOfCp.set(product.cpId, { ...asked, makerId: maker.row.id });
  }
  // The demo players' tiers, computed once their orders and sign-ins are in: the tier page shows
  // its distribution and today's snapshot on the first day, not empty charts until the daily run
  // (issue 27, defect 9). The job's own set-based statements, one short transaction per id range,
  // recorded as a finished tier job (the page's "computed at").
  for (const product of options.demoPlayers ? productRows : []) {
    const { players, ms } = await computeTiersNow(db, product);
    options.log?.info({ product: product.code, players, ms: Math.round(ms) }, 'demo player tiers computed');
  }
  await db.insert(notifications).values(
    userRows.flatMap((user, i) =>
      demoNotifications(user.defaultLang === 'en', ticketOfCp.get(user.cpId), {
        // Told of the waiting campaign: who may decide it (admin, operations) and its maker; never
        // customer service or developers, whom the approvals page is not for.
        request: mayDecideDemo(staff[i]!.role) ? approvalOfCp.get(user.cpId) : undefined,
        mine: approvalOfCp.get(user.cpId)?.makerId === user.id,
      }).map((n) => ({
        ...n,
        cpId: user.cpId,
        userId: user.id,
      })),
    ),
  );
}

/** Whether a demo role may decide the seeded mail campaign (the admin's and operations' roles). */
const mayDecideDemo = (role: string) => role === ADMIN_ROLE || role.startsWith('ops_');

/** A few notifications for each demo staff member, in their language (data, not interface text). */
function demoNotifications(
  english: boolean,
  ticket?: { id: number; kind: 'product' | 'player' },
  approval: { request?: DemoApproval; mine: boolean } = { mine: false },
) {
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  // The work order is a seeded ticket, opened on its queue; the approval one opens the seeded mail
  // campaign's request (none where nobody could decide one).
  const ticketNo = ticket ? String(ticket.id) : '1024';
  const ticketLink = ticket
    ? `${ticketsResourceOf(ticket.kind).page}?ticket=${ticket.id}`
    : '/notification/management';
  const { request, mine } = approval;
  const campaign = request ? (english ? request.title.en : request.title.zh) : '';
  const asked = !ticket
    ? {
        // The API tests' fixture (no demo work): a notice linking to the notifications page.
        title: english ? 'Mail campaign awaiting your approval' : '邮件活动待您审批',
        link: '/notification/management',
      }
    : request
      ? {
          title: mine
            ? english
              ? `Your mail campaign awaits approval: ${campaign}`
              : `您的邮件活动待审批：${campaign}`
            : english
              ? `Mail campaign awaiting your approval: ${campaign}`
              : `邮件活动待您审批：${campaign}`,
          link: requestLink(request.id),
        }
      : null;
  const approvalNotice = asked && {
    kind: 'approval' as const,
    ...asked,
    body: english ? 'Weekend login reward, all servers.' : '周末登录奖励，全服发放。',
    createdAt: at(95),
  };
  const list = english
    ? [
        {
          kind: 'work_order' as const,
          title: `Work order #${ticketNo}: payment not received`,
          body: 'Player 8812 paid 4.99 USD, no diamonds arrived.',
          link: ticketLink,
          createdAt: at(12),
        },
        approvalNotice,
        {
          kind: 'system' as const,
          title: 'Maintenance window on Tuesday 02:00 UTC',
          body: 'The console stays available; game servers restart.',
          link: '',
          createdAt: at(60 * 26),
        },
      ]
    : [
        {
          kind: 'work_order' as const,
          title: `工单 #${ticketNo}：充值未到账`,
          body: '玩家 8812 支付 30 元后未收到钻石。',
          link: ticketLink,
          createdAt: at(12),
        },
        approvalNotice,
        {
          kind: 'system' as const,
          title: '周二 02:00 例行维护',
          body: '后台可正常使用，游戏服务器将重启。',
          link: '',
          createdAt: at(60 * 26),
        },
      ];
  return list.filter((n): n is NonNullable<typeof n> => n !== null);
}

/** The demo's mail campaign waiting for approval in one CP, and who asked. */
interface DemoApproval {
  id: number;
  title: { zh: string; en: string };
  makerId: number;
}
