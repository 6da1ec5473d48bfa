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
import { seedDemoGroups } from '../modules/user-groups/index.ts';
import { seedDemoCheatFlags } from '../modules/cheat-flags/index.ts';
import { seedDemoViolations } from '../modules/violations/index.ts';
import { secretBox } from '../lib/secret-box.ts';
import { channels } from '../modules/channels/tables.ts';
import { seedDemoPlayers } from '../modules/players/index.ts';
import { seedDemoWebShop } from '../modules/web-shop/index.ts';
import { seedDemoWebSite } from './demo-web-site.ts';
import { seedDemoTickets } from './demo-day.ts';

export const DEMO_PASSWORD = 'Demo@12345';

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
        `demo data seeded: staff admin, ops_gn, ops_hw, cs_agent, cp_dev (password ${DEMO_PASSWORD})`,
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
  await db.insert(notifications).values(
    userRows.flatMap((user) =>
      demoNotifications(user.defaultLang === 'en', ticketOfCp.get(user.cpId)).map((n) => ({
        ...n,
        cpId: user.cpId,
        userId: user.id,
      })),
    ),
  );
}

/** A few notifications for each demo staff member, in their language (data, not interface text). */
function demoNotifications(english: boolean, ticket?: { id: number; kind: 'product' | 'player' }) {
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  // The work order is a seeded ticket, opened on its queue; approvals open the approvals page.
  const ticketNo = ticket ? String(ticket.id) : '1024';
  const ticketLink = ticket
    ? `${ticketsResourceOf(ticket.kind).page}?ticket=${ticket.id}`
    : '/notification/management';
  return english
    ? [
        {
          kind: 'work_order' as const,
          title: `Work order #${ticketNo}: payment not received`,
          body: 'Player 8812 paid 4.99 USD, no diamonds arrived.',
          link: ticketLink,
          createdAt: at(12),
        },
        {
          kind: 'approval' as const,
          title: 'Mail campaign awaiting your approval',
          body: 'Weekend login reward, all servers.',
          link: ticket ? '/approvals' : '/notification/management',
          createdAt: at(95),
        },
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
        {
          kind: 'approval' as const,
          title: '邮件活动待您审批',
          body: '周末登录奖励，全服发放。',
          link: ticket ? '/approvals' : '/notification/management',
          createdAt: at(95),
        },
        {
          kind: 'system' as const,
          title: '周二 02:00 例行维护',
          body: '后台可正常使用，游戏服务器将重启。',
          link: '',
          createdAt: at(60 * 26),
        },
      ];
}
