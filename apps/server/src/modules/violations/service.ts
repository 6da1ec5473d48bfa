import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCode,
  VIOLATION_EVENT_CATEGORIES,
  violationEvent,
  type LinkKind,
  type LinkedAccount,
  type ViolationEventCategory,
  type ViolationEventItem,
  type ViolationReportResult,
  type ViolatorDetail,
  type ViolatorItem,
  type ViolatorListQuery,
  type ViolatorOffence,
  type ViolatorStatus,
  type ViolatorTemplateOption,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { contains, countWhere, sortOrder, type ListPage } from '../../lib/list.ts';
import { queryRows } from '../../lib/rows.ts';
import { raiseCheatFlag } from '../cheat-flags/index.ts';
import { toItem as sanctionItem } from '../sanctions/index.ts';
import { sanctions } from '../sanctions/tables.ts';
import { violationOffences, violationTemplates } from '../violation-templates/tables.ts';
import { violationEvents, violators } from './tables.ts';
import { inGame } from '../../lib/scope.ts';

export type ViolatorRow = typeof violators.$inferSelect;

/** A zod problem in one line (the event's own error). */
function problem(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues.map((i) => `${i.path.map(String).join('.') || 'event'}: ${i.message}`).join('; ');
}

/**
 * A game's report: each event stored once per (product, event id) in its own transaction, the
 * player's violator row opened (or reopened), and an event with a rule and a score handed to
 * anti-cheat in the same transaction. An invalid event or an unknown player answers its reason.
 */
export async function ingestViolations(
  db: Db,
  caller: { cpId: number; productId: number },
  raw: unknown[],
): Promise<ViolationReportResult[]> {
  const results: ViolationReportResult[] = [];
  for (const item of raw) {
    const given = (item as { event_id?: unknown } | null)?.event_id;
    const id = typeof given === 'string' ? given.slice(0, 64) : '';
    const parsed = violationEvent.safeParse(item);
    if (!parsed.success) {
      results.push({ event_id: id, status: 'error', error: 'invalid', message: problem(parsed.error) });
      continue;
    }
    const event = parsed.data;
    const result = await db.transaction(async (tx): Promise<ViolationReportResult> => {
      const [player] = await queryRows<{ id: number }>(
        tx,
        sql`select id from players where product_id = ${caller.productId} and openid = ${event.openid}`,
      );
      if (!player)
        return {
          event_id: event.event_id,
          status: 'error',
          error: 'unknown_player',
          message: `openid: no player ${event.openid} in this game`,
        };
      const playerId = Number(player.id);
      const occurredAt = new Date(event.occurred_at);
      const [stored] = await tx
        .insert(violationEvents)
        .values({
          cpId: caller.cpId,
          productId: caller.productId,
          eventId: event.event_id,
          playerId,
          openid: event.openid,
          roleId: event.role_id ?? '',
          server: event.server,
          category: event.category,
          occurredAt,
          rule: event.rule ?? '',
          score: event.score ?? null,
          evidence: event.evidence as Record<string, unknown>,
          deviceId: event.device_id ?? '',
          ip: event.ip ?? '',
        })
        .onConflictDoNothing()
        .returning({ id: violationEvents.id });
      if (!stored) return { event_id: event.event_id, status: 'duplicate' };
      // A new event puts a reviewed violator back in the queue.
      await tx
        .insert(violators)
        .values({ playerId, cpId: caller.cpId, productId: caller.productId, openid: event.openid })
        .onConflictDoUpdate({
          target: violators.playerId,
          set: { status: 'open', version: sql`${violators.version} + 1`, updatedAt: new Date() },
          setWhere: sql`${violators.status} <> 'open'`,
        });
      const answer: ViolationReportResult = { event_id: event.event_id, status: 'stored' };
      if (event.rule && event.score !== undefined)
        answer.cheat_flag = await raiseCheatFlag(tx, {
          cpId: caller.cpId,
          productId: caller.productId,
          playerId,
          openid: event.openid,
          source: 'game_report',
          rule: event.rule,
          score: event.score,
          evidence: {
            ...(event.evidence as Record<string, unknown>),
            event_id: event.event_id,
            category: event.category,
            ...(event.server ? { server: event.server } : {}),
          },
          at: occurredAt,
        });
      return answer;
    });
    results.push(result);
  }
  return results;
}

interface GroupRow {
  player_id: number;
  openid: string;
  nickname: string | null;
  hits: number;
  servers: string[] | null;
  first_seen: Date | string;
  last_seen: Date | string;
  status: ViolatorStatus;
  note: string;
  handled_by_name: string;
  handled_at: Date | string | null;
  version: number;
  [category: `c_${string}`]: number;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function toViolator(row: GroupRow): ViolatorItem {
  const byCategory: Record<string, number> = {};
  for (const c of VIOLATION_EVENT_CATEGORIES) {
    const n = Number(row[`c_${c}`] ?? 0);
    if (n > 0) byCategory[c] = n;
  }
  return {
    openid: row.openid,
    nickname: row.nickname ?? '',
    hits: Number(row.hits),
    by_category: byCategory,
    servers: (row.servers ?? []).filter(Boolean).sort(),
    first_seen: iso(row.first_seen),
    last_seen: iso(row.last_seen),
    status: row.status,
    note: row.note,
    handled_by: row.handled_by_name,
    handled_at: row.handled_at === null ? null : iso(row.handled_at),
    version: Number(row.version),
  };
}

type Filters = Omit<ViolatorListQuery, 'page' | 'page_size' | 'sort'>;

/** Events matching the filters (the statuses are the violators'): the `where` of the grouping. */
function eventConditions(productId: number, f: Filters): SQL {
  const parts: SQL[] = [sql`e.product_id = ${productId}`];
  if (f.q) parts.push(contains(sql`e.openid`, f.q));
  if (f.category) parts.push(sql`e.category = ${f.category}`);
  if (f.server) parts.push(sql`e.server = ${f.server}`);
  if (f.from) parts.push(sql`e.occurred_at >= ${new Date(`${f.from}T00:00:00Z`)}`);
  if (f.to) parts.push(sql`e.occurred_at < ${new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000)}`);
  return sql.join(parts, sql` and `);
}

/** Violators grouped from their events: hits per category, servers, first and last seen, review state. */
function grouped(productId: number, f: Filters, extra: SQL = sql``): SQL {
  const perCategory = sql.join(
    VIOLATION_EVENT_CATEGORIES.map(
      (c) => sql`count(*) filter (where e.category = ${c})::int as ${sql.identifier(`c_${c}`)}`,
    ),
    sql`, `,
  );
  return sql`select g.*, v.openid, v.status, v.note, v.handled_by_name, v.handled_at, v.version, p.nickname
    from (
      select e.player_id, count(*)::int as hits, min(e.occurred_at) as first_seen,
        max(e.occurred_at) as last_seen, array_agg(distinct e.server) as servers, ${perCategory}
      from violation_events e
      where ${eventConditions(productId, f)} ${extra}
      group by e.player_id
    ) g
    join violators v on v.player_id = g.player_id
    left join players p on p.id = g.player_id
    ${f.status ? sql`where v.status = ${f.status}` : sql``}`;
}

export async function listViolators(
  db: Db,
  scope: ProductScope,
  query: ViolatorListQuery,
): Promise<ListPage<ViolatorItem>> {
  const { page, page_size, sort, ...filters } = query;
  const order = sortOrder(
    sort,
    { hits: sql`hits`, last_seen: sql`last_seen` },
    '-last_seen',
    sql.raw('player_id') as never,
    scope.lang,
  );
  const base = grouped(scope.productId, filters);
  // One aggregation answers the page and the total (a window count); a page past the end counts apart.
  const rows = await queryRows<GroupRow & { total_rows: number }>(
    db,
    sql`select *, count(*) over () as total_rows from (${base}) r
      order by ${sql.join(order, sql`, `)} limit ${page_size} offset ${(page - 1) * page_size}`,
  );
  const total = rows[0]
    ? Number(rows[0].total_rows)
    : Number(
        (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${base}) r`))[0]?.n ?? 0,
      );
  return { list: rows.map(toViolator), total };
}

/** A batch of the export (by player id, after `afterId`): each query is a fresh one. */
export async function violatorBatch(
  db: Db,
  scope: ProductScope,
  filters: Filters,
  afterId: number,
  limit: number,
): Promise<(ViolatorItem & { id: number })[]> {
  const rows = await queryRows<GroupRow>(
    db,
    sql`select * from (${grouped(scope.productId, filters, sql`and e.player_id > ${afterId}`)}) r
      order by player_id limit ${limit}`,
  );
  return rows.map((r) => ({ ...toViolator(r), id: Number(r.player_id) }));
}

/** The violator row of an openid in the caller's product (404001 when the player never violated). */
export async function violatorOf(db: Db, scope: ProductScope, openid: string): Promise<ViolatorRow> {
  const [row] = await db
    .select()
    .from(violators)
    .where(and(eq(violators.productId, scope.productId), eq(violators.openid, openid)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

/** The same, locked for an update, inside the caller's transaction. */
export async function lockViolator(tx: Db, scope: ProductScope, openid: string): Promise<ViolatorRow> {
  const [row] = await tx
    .select()
    .from(violators)
    .where(and(eq(violators.productId, scope.productId), eq(violators.openid, openid)))
    .for('update');
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

/** One violator as the list shows them, over all their events. */
export async function violatorItem(db: Db, scope: ProductScope, playerId: number): Promise<ViolatorItem> {
  const [row] = await queryRows<GroupRow>(
    db,
    grouped(scope.productId, {}, sql`and e.player_id = ${playerId}`),
  );
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return toViolator(row);
}

function toEvent(row: typeof violationEvents.$inferSelect): ViolationEventItem {
  return {
    id: row.id,
    event_id: row.eventId,
    category: row.category as ViolationEventCategory,
    server: row.server,
    role_id: row.roleId,
    occurred_at: row.occurredAt.toISOString(),
    rule: row.rule,
    score: row.score,
    evidence: row.evidence,
    device_id: row.deviceId,
    ip: row.ip,
    received_at: row.receivedAt.toISOString(),
  };
}

const LINKED_MAX = 50;

/**
 * Other accounts of the game linked to a player: a device both signed in from (or reported in a
 * violation), an IP both signed in from, or a payment: one account paid for a role of the other.
 */
async function linkedAccounts(db: Db, productId: number, playerId: number): Promise<LinkedAccount[]> {
  const rows = await queryRows<{ player_id: number; kind: LinkKind; value: string }>(
    db,
    sql`with my_devices as (
          select device_id from player_devices where player_id = ${playerId}
          union select device_id from violation_events where player_id = ${playerId} and device_id <> ''),
        my_ips as (
          select ip from player_logins where player_id = ${playerId} and ip <> ''
          union select last_ip from players where id = ${playerId} and last_ip <> ''
          union select ip from violation_events where player_id = ${playerId} and ip <> ''),
        links as (
          select d.player_id, 'device' as kind, d.device_id as value from player_devices d
            where d.product_id = ${productId} and d.device_id in (select device_id from my_devices)
          union select e.player_id, 'device', e.device_id from violation_events e
            where e.product_id = ${productId} and e.device_id in (select device_id from my_devices)
          union select l.player_id, 'ip', l.ip from player_logins l
            where l.product_id = ${productId} and l.ip in (select ip from my_ips)
          union select p.id, 'ip', p.last_ip from players p
            where p.product_id = ${productId} and p.last_ip in (select ip from my_ips)
          union select r.player_id, 'payment', o.order_no from player_orders o
            join player_roles r on r.product_id = o.product_id and r.server = o.server and r.role_id = o.role_id
            where o.product_id = ${productId} and o.player_id = ${playerId} and o.role_id <> ''
          union select o.player_id, 'payment', o.order_no from player_orders o
            join player_roles r on r.product_id = o.product_id and r.server = o.server and r.role_id = o.role_id
            where o.product_id = ${productId} and r.player_id = ${playerId} and o.role_id <> '')
        select player_id, kind, value from links where player_id <> ${playerId}
        order by player_id, kind, value limit 500`,
  );
  const byPlayer = new Map<number, { kind: LinkKind; value: string }[]>();
  for (const r of rows) {
    const id = Number(r.player_id);
    if (!byPlayer.has(id)) {
      if (byPlayer.size >= LINKED_MAX) continue;
      byPlayer.set(id, []);
    }
    byPlayer.get(id)!.push({ kind: r.kind, value: r.value });
  }
  if (!byPlayer.size) return [];
  const ids = sql.join(
    [...byPlayer.keys()].map((id) => sql`${id}`),
    sql`, `,
  );
  const people = await queryRows<{
    id: number;
    openid: string;
    nickname: string;
    status: ViolatorStatus | null;
    hits: number;
  }>(
    db,
    sql`select p.id, p.openid, p.nickname, v.status,
          (select count(*)::int from violation_events e where e.player_id = p.id) as hits
        from players p left join violators v on v.player_id = p.id
        where p.id in (${ids})`,
  );
  return people
    .map((p) => ({
      openid: p.openid,
      nickname: p.nickname,
      links: byPlayer.get(Number(p.id)) ?? [],
      hits: Number(p.hits),
      status: p.status,
    }))
    .sort((a, b) => b.links.length - a.links.length || a.openid.localeCompare(b.openid));
}

async function offencesOf(db: Db, productId: number, playerId: number): Promise<ViolatorOffence[]> {
  const rows = await db
    .select({ offence: violationOffences, code: violationTemplates.code, name: violationTemplates.name })
    .from(violationOffences)
    .innerJoin(violationTemplates, eq(violationTemplates.id, violationOffences.templateId))
    .where(and(eq(violationOffences.productId, productId), eq(violationOffences.playerId, playerId)))
    .orderBy(desc(violationOffences.id))
    .limit(200);
  return rows.map(({ offence: o, code, name }) => ({
    id: o.id,
    template_id: o.templateId,
    template_code: code,
    template_name: name,
    offence: o.offence,
    action: o.action,
    sanction_id: o.sanctionId === null ? null : Number(o.sanctionId),
    note: o.note,
    created_by: o.createdByName,
    created_at: o.createdAt.toISOString(),
  }));
}

/** A violator's detail: the paged timeline (newest first), linked accounts, sanctions and offences. */
export async function violatorDetail(
  db: Db,
  scope: ProductScope,
  openid: string,
  paging: { page: number; page_size: number },
): Promise<ViolatorDetail> {
  const row = await violatorOf(db, scope, openid);
  const playerId = Number(row.playerId);
  const where = and(eq(violationEvents.productId, scope.productId), eq(violationEvents.playerId, playerId));
  const [violator, events, total, linked, sanctionRows, offences] = await Promise.all([
    violatorItem(db, scope, playerId),
    db
      .select()
      .from(violationEvents)
      .where(where)
      .orderBy(desc(violationEvents.occurredAt), desc(violationEvents.id))
      .limit(paging.page_size)
      .offset((paging.page - 1) * paging.page_size),
    countWhere(db, violationEvents, where),
    linkedAccounts(db, scope.productId, playerId),
    db
      .select()
      .from(sanctions)
      .where(and(eq(sanctions.productId, scope.productId), eq(sanctions.playerId, playerId)))
      .orderBy(desc(sanctions.id))
      .limit(200),
    offencesOf(db, scope.productId, playerId),
  ]);
  return {
    violator,
    events: { list: events.map(toEvent), total },
    linked,
    sanctions: sanctionRows.map((s) => sanctionItem(s)),
    offences,
  };
}

/** The product's active templates, with the offence number each would be for this player now. */
export async function templateOptions(
  db: Db,
  scope: ProductScope,
  openid: string | undefined,
): Promise<ViolatorTemplateOption[]> {
  const rows = await db
    .select()
    .from(violationTemplates)
    .where(and(inGame(violationTemplates, scope), eq(violationTemplates.status, 'active')))
    .orderBy(violationTemplates.code);
  const counts = new Map<number, number>();
  if (openid) {
    const done = await queryRows<{ template_id: number; n: number }>(
      db,
      sql`select o.template_id, count(*)::int as n from violation_offences o
        join players p on p.id = o.player_id
        where p.product_id = ${scope.productId} and p.openid = ${openid} group by o.template_id`,
    );
    for (const d of done) counts.set(Number(d.template_id), Number(d.n));
  }
  return rows.map((t) => ({
    id: t.id,
    code: t.code,
    name: t.name,
    category: t.category,
    ladder: t.ladder,
    ...(openid ? { next_offence: (counts.get(t.id) ?? 0) + 1 } : {}),
  }));
}
