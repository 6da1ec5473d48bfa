import { and, count, desc, eq, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { HOME_FIGURES, HOME_RECENT_OPERATIONS, type HomeFigure, type HomeSummary } from '@rx/contracts/home';
import { LANGUAGES } from '@rx/contracts/languages';
import { findPage, seePermissionOf } from '@rx/contracts/pages';
import type { Db } from '../../db/index.ts';
import { cps, notifications, operationLogs, products } from '../../db/schema.ts';
import type { UserGrants } from '../../lib/grants.ts';
import { billingPoints } from '../billing-points/tables.ts';
import { errorCodes } from '../error-codes/tables.ts';
import { giftPackages } from '../gift-packages/tables.ts';
import { helpArticles } from '../help-center/tables.ts';
import { OPERATION_LOG_SEE } from '../operation-logs/index.ts';
import { props } from '../props/tables.ts';

/** Who asks: the home page counts only what this caller may see, in their CP. */
export interface Caller {
  cpId: number;
  userId: number;
  grants: UserGrants;
}

interface Counted {
  table: PgTable & { cpId: PgColumn; productId: PgColumn };
  where?: SQL;
}

/** An error code lacking its text in at least one interface language. */
const untranslated = or(...LANGUAGES.map((lang) => sql`coalesce(${errorCodes.texts}->>${lang}, '') = ''`))!;

/** How each figure is counted (per game, within the CP). */
const FIGURES: Record<HomeFigure, Counted> = {
  props: { table: props },
  gift_packages: { table: giftPackages },
  billing_points: { table: billingPoints, where: sql`${billingPoints.status} <> 'retired'` },
  help_articles: { table: helpArticles },
  help_drafts: { table: helpArticles, where: eq(helpArticles.status, 'draft') },
  error_codes_untranslated: { table: errorCodes, where: and(eq(errorCodes.status, 'active'), untranslated) },
};

const holds = (grants: UserGrants, permission: string) =>
  grants.isAdmin || grants.permissions.has(permission);

/** The figures whose page the caller may open: their see permission, and the page's publish area. */
export function visibleFigures(grants: UserGrants, area: string): HomeFigure[] {
  return (Object.keys(HOME_FIGURES) as HomeFigure[]).filter((figure) => {
    const path = HOME_FIGURES[figure];
    const region = findPage(path)?.meta.rxRegion;
    return (!region || region === area) && holds(grants, seePermissionOf(path));
  });
}

async function countPerGame(db: Db, cpId: number, { table, where }: Counted): Promise<Map<number, number>> {
  const rows = await db
    .select({ productId: table.productId, n: count() })
    .from(table)
    .where(and(eq(table.cpId, cpId), where))
    .groupBy(table.productId);
  return new Map(rows.map((row) => [row.productId as number, row.n]));
}

async function unreadByKind(db: Db, { cpId, userId }: Caller): Promise<HomeSummary['unread']> {
  const rows = await db
    .select({ kind: notifications.kind, n: count() })
    .from(notifications)
    .where(and(eq(notifications.cpId, cpId), eq(notifications.userId, userId), isNull(notifications.readAt)))
    .groupBy(notifications.kind);
  const unread = { work_order: 0, approval: 0, system: 0 };
  for (const row of rows) unread[row.kind] = row.n;
  return unread;
}

/** Signing in is logged too, but is not work the home page should list. */
const SESSION_ACTIONS = ['sign_in', 'link_login'];

async function recentOperations(db: Db, caller: Caller): Promise<HomeSummary['recent_operations']> {
  if (!holds(caller.grants, OPERATION_LOG_SEE)) return null;
  const rows = await db
    .select()
    .from(operationLogs)
    .where(
      and(
        eq(operationLogs.cpId, caller.cpId),
        eq(operationLogs.userId, caller.userId),
        notInArray(operationLogs.action, SESSION_ACTIONS),
      ),
    )
    .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id))
    .limit(HOME_RECENT_OPERATIONS);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    target_type: row.targetType,
    target_name: row.targetName,
    product_id: row.productId,
    created_at: row.createdAt.toISOString(),
  }));
}

/** The home page's summary for one caller. */
export async function homeSummary(db: Db, caller: Caller): Promise<HomeSummary> {
  const [cp] = await db.select({ area: cps.publishArea }).from(cps).where(eq(cps.id, caller.cpId));
  const figures = visibleFigures(caller.grants, cp?.area ?? '');
  const [games, counts, unread, recent] = await Promise.all([
    db
      .select({ id: products.id, code: products.code, name: products.name, region: products.region })
      .from(products)
      .where(and(eq(products.cpId, caller.cpId), eq(products.status, 'active')))
      .orderBy(products.id),
    Promise.all(figures.map((figure) => countPerGame(db, caller.cpId, FIGURES[figure]))),
    unreadByKind(db, caller),
    recentOperations(db, caller),
  ]);
  return {
    unread,
    figures,
    games: games.map((game) => ({
      ...game,
      counts: Object.fromEntries(figures.map((figure, i) => [figure, counts[i]!.get(game.id) ?? 0])),
    })),
    recent_operations: recent,
  };
}
