import type { FastifyInstance } from 'fastify';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { adMinigameAlertsResource, type AdMinigameAlert } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { contains } from '../../lib/list.ts';
import { fieldError } from '../../lib/problems.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { adAccounts, addDays, dayIn } from '../ads/index.ts';
import { breaksSql } from './monitor.ts';
import { adMinigameAlerts, adMinigameDays } from './tables.ts';
import { inGame } from '../../lib/scope.ts';
import { stamps } from '../../lib/rows.ts';

const resource = adMinigameAlertsResource;
type Row = typeof adMinigameAlerts.$inferSelect;

const toItem = (row: Row): AdMinigameAlert => ({
  id: row.id,
  name: row.name,
  metric: row.metric,
  op: row.op,
  value: row.value,
  ad_account_id: row.adAccountId,
  enabled: row.enabled,
  account_name: '',
  recent_hits: 0,
  ...stamps(row),
});

/** The account's name and how many of the last 7 days' rows break each threshold (one grouped query). */
async function withHits(db: Db, items: AdMinigameAlert[]): Promise<AdMinigameAlert[]> {
  if (!items.length) return items;
  const accountIds = [
    ...new Set(items.map((i) => i.ad_account_id).filter((id): id is number => id !== null)),
  ];
  const accounts = accountIds.length
    ? await db
        .select({ id: adAccounts.id, name: adAccounts.name, accountId: adAccounts.accountId })
        .from(adAccounts)
        .where(inArray(adAccounts.id, accountIds))
    : [];
  const since = addDays(dayIn(new Date()), -7);
  const hits = await db
    .select({ id: adMinigameAlerts.id, hits: count(adMinigameDays.id) })
    .from(adMinigameAlerts)
    .innerJoin(adMinigameDays, and(sql`${breaksSql(adMinigameAlerts)}`, gte(adMinigameDays.day, since)))
    .where(
      inArray(
        adMinigameAlerts.id,
        items.map((i) => i.id),
      ),
    )
    .groupBy(adMinigameAlerts.id);
  const name = new Map(accounts.map((a) => [a.id, `${a.name} (${a.accountId})`]));
  const hit = new Map(hits.map((h) => [h.id, h.hits]));
  return items.map((item) => ({
    ...item,
    account_name: item.ad_account_id ? (name.get(item.ad_account_id) ?? '') : '',
    recent_hits: hit.get(item.id) ?? 0,
  }));
}

const impl: ResourceImpl<typeof resource, typeof adMinigameAlerts, AdMinigameAlert, null> = {
  table: adMinigameAlerts,
  toItem,
  complete: withHits,
  sheet: autoSheet<AdMinigameAlert>(resource),
  nameOf: (row) => row.name,
  where: (f) => [
    f.q ? contains(adMinigameAlerts.name, f.q) : undefined,
    f.metric ? eq(adMinigameAlerts.metric, f.metric) : undefined,
    f.enabled === undefined ? undefined : eq(adMinigameAlerts.enabled, f.enabled),
  ],
  columns: (input) => ({
    name: input.name,
    metric: input.metric,
    op: input.op,
    value: input.value,
    adAccountId: input.ad_account_id,
    enabled: input.enabled,
  }),
  // One account: a Tencent advertiser of the game (so of the caller's CP).
  async check(db, scope, input) {
    if (!input.ad_account_id) return;
    const [row] = await db
      .select({ id: adAccounts.id })
      .from(adAccounts)
      .where(
        and(
          eq(adAccounts.id, input.ad_account_id),
          inGame(adAccounts, scope),
          eq(adAccounts.media, 'tencent'),
          eq(adAccounts.role, 'advertiser'),
        ),
      );
    if (!row) throw fieldError(scope.lang, 'ad_account_id', 'unknown_ref');
  },
};

export function minigameAlertRoutes(fastify: FastifyInstance, db: Db): void {
  resourceRoutes(fastify, db, resource, resourceService(resource, impl), impl);
}
