import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  sanctionsResource,
  ErrorCode,
  type GamePlayerStatus,
  type SanctionCreateBody,
  type SanctionExtendBody,
  type SanctionItem,
  type SanctionKind,
  type SanctionListQuery,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { dayRange } from '../../lib/list.ts';
import { resourceReads } from '../../lib/resource-routes.ts';
import { logChange } from '../../lib/operation-log.ts';
import { fieldError, ruleError } from '../../lib/problems.ts';
import { queryRows } from '../../lib/rows.ts';
import { sanctions } from './tables.ts';
import { emitCallback } from '../callbacks/index.ts';

export type SanctionRow = typeof sanctions.$inferSelect;

/** Whether a row is in force at `now`: active and not past its end. */
export function inForce(row: Pick<SanctionRow, 'status' | 'endsAt'>, now = new Date()): boolean {
  return row.status === 'active' && (row.endsAt === null || row.endsAt.getTime() > now.getTime());
}

/** A row as the console reads it: an active row whose end passed reads `expired` (the task may be late). */
export function toItem(row: SanctionRow, retryFailed = false): SanctionItem {
  const status = row.status === 'active' && !inForce(row) ? 'expired' : row.status;
  return {
    id: row.id,
    openid: row.openid,
    kind: row.kind as SanctionKind,
    feature: row.feature,
    device_id: row.deviceId,
    reason: row.reason,
    status: status as SanctionItem['status'],
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    created_by: { id: row.createdById, username: row.createdByName },
    created_at: row.createdAt.toISOString(),
    lifted_by: row.liftedAt ? { id: row.liftedById, username: row.liftedByName } : null,
    lifted_at: row.liftedAt?.toISOString() ?? null,
    lift_reason: row.liftReason,
    delivery: (row.delivery === 'pending' && retryFailed
      ? 'failed'
      : row.delivery) as SanctionItem['delivery'],
    retry_job_id: row.retryJobId,
    job_id: row.jobId,
  };
}

/** In force now, as SQL. */
const inForceSql = sql`${sanctions.status} = 'active' and (${sanctions.endsAt} is null or ${sanctions.endsAt} > now())`;

/** The player of an openid in a product, or null. */
export async function playerOf(db: Db, productId: number, openid: string): Promise<{ id: number } | null> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from players where product_id = ${productId} and openid = ${openid}`,
  );
  return rows[0] ? { id: Number(rows[0].id) } : null;
}

/** When a sanction of this length ends: null is permanent. */
export function endOf(
  body: { permanent?: boolean; duration_minutes?: number; ends_at?: string },
  from = Date.now(),
) {
  if (body.permanent) return null;
  if (body.duration_minutes !== undefined) return new Date(from + body.duration_minutes * 60_000);
  if (body.ends_at !== undefined) return new Date(body.ends_at);
  return null;
}

const logName = (row: Pick<SanctionRow, 'openid' | 'kind' | 'feature' | 'deviceId'>) =>
  `${row.openid} · ${row.kind}${row.feature ? `:${row.feature}` : ''}${row.deviceId ? `:${row.deviceId}` : ''}`;

export interface NewSanction {
  kind: SanctionKind;
  feature?: string;
  deviceId?: string;
  endsAt: Date | null;
  reason: string;
  jobId?: number | null;
}

/** Inserts and logs a sanction of a known player (inside the caller's transaction). */
export async function insertSanction(
  tx: Db,
  scope: ProductScope,
  player: { id: number; openid: string },
  sanction: NewSanction,
): Promise<SanctionRow> {
  const now = new Date();
  const [row] = await tx
    .insert(sanctions)
    .values({
      cpId: scope.cpId,
      productId: scope.productId,
      playerId: player.id,
      openid: player.openid,
      kind: sanction.kind,
      feature: sanction.feature ?? '',
      deviceId: sanction.deviceId ?? '',
      reason: sanction.reason,
      status: sanction.kind === 'kick' ? 'done' : 'active',
      startsAt: now,
      endsAt: sanction.kind === 'kick' ? now : sanction.endsAt,
      createdById: scope.userId,
      createdByName: scope.username,
      createdAt: now,
      // A kick and an account ban end the player's sessions in the game: pushed after the commit.
      delivery: sanction.kind === 'kick' || sanction.kind === 'account' ? 'pending' : '',
      jobId: sanction.jobId ?? null,
    })
    .returning();
  await logChange(tx, scope, {
    action: 'create',
    targetType: 'sanction',
    targetId: row!.id,
    targetName: logName(row!),
    after: toItem(row!),
  });
  // Callbacks subscribed to sanctions hear of it once this transaction commits (issue 33).
  await emitCallback(tx, {
    cpId: scope.cpId,
    productId: scope.productId,
    event: 'player.sanctioned',
    data: {
      sanction_id: row!.id,
      openid: row!.openid,
      kind: row!.kind,
      feature: row!.feature,
      reason: row!.reason,
      starts_at: row!.startsAt.toISOString(),
      ends_at: row!.endsAt?.toISOString() ?? null,
    },
  });
  return row!;
}

/** Whether the player is under a sanction of this kind (and feature) in force now. */
export async function hasActive(
  db: Db,
  playerId: number,
  kind: SanctionKind,
  feature = '',
  deviceId = '',
): Promise<boolean> {
  const rows = await db
    .select({ id: sanctions.id })
    .from(sanctions)
    .where(
      and(
        eq(sanctions.playerId, playerId),
        eq(sanctions.kind, kind),
        eq(sanctions.feature, feature),
        eq(sanctions.deviceId, deviceId),
        inForceSql,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** A staff member's sanction of one player (from the profile). */
export async function createSanction(
  db: Db,
  scope: ProductScope,
  openid: string,
  body: SanctionCreateBody,
): Promise<SanctionRow> {
  return db.transaction(async (tx) => {
    const player = await playerOf(tx, scope.productId, openid);
    if (!player) throw new ApiError(ErrorCode.NOT_FOUND);
    if (body.kind === 'device') {
      const known = await queryRows(
        tx,
        sql`select 1 from player_devices where player_id = ${player.id} and device_id = ${body.device_id!}`,
      );
      if (!known.length) throw fieldError(scope.lang, 'device_id', 'unknown_ref');
    }
    if (
      body.kind !== 'kick' &&
      (await hasActive(tx, player.id, body.kind, body.feature ?? '', body.device_id ?? ''))
    ) {
      throw fieldError(scope.lang, 'kind', 'taken');
    }
    return insertSanction(
      tx,
      scope,
      { id: player.id, openid },
      {
        kind: body.kind,
        feature: body.feature,
        deviceId: body.device_id,
        endsAt: endOf(body),
        reason: body.reason,
      },
    );
  });
}

async function lockSanction(tx: Db, scope: ProductScope, openid: string, id: number): Promise<SanctionRow> {
  const [row] = await tx
    .select()
    .from(sanctions)
    .where(and(eq(sanctions.id, id), eq(sanctions.productId, scope.productId), eq(sanctions.openid, openid)))
    .for('update');
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  if (!inForce(row)) throw ruleError(scope.lang, 'not_in_this_state');
  return row;
}

/** Lifts a sanction in force early, with who and why. */
export async function liftSanction(
  db: Db,
  scope: ProductScope,
  openid: string,
  id: number,
  reason: string,
): Promise<SanctionRow> {
  return db.transaction(async (tx) => {
    const before = await lockSanction(tx, scope, openid, id);
    const [row] = await tx
      .update(sanctions)
      .set({
        status: 'lifted',
        liftedById: scope.userId,
        liftedByName: scope.username,
        liftedAt: new Date(),
        liftReason: reason,
      })
      .where(eq(sanctions.id, id))
      .returning();
    await logChange(tx, scope, {
      action: 'revoke',
      targetType: 'sanction',
      targetId: id,
      targetName: logName(row!),
      before: toItem(before),
      after: toItem(row!),
    });
    return row!;
  });
}

/** Moves the end of a sanction in force later (or makes it permanent). */
export async function extendSanction(
  db: Db,
  scope: ProductScope,
  openid: string,
  id: number,
  body: SanctionExtendBody,
): Promise<SanctionRow> {
  return db.transaction(async (tx) => {
    const before = await lockSanction(tx, scope, openid, id);
    if (before.kind === 'kick') throw ruleError(scope.lang, 'not_in_this_state');
    const endsAt = endOf(body, before.endsAt?.getTime() ?? Date.now());
    if (before.endsAt === null || (endsAt !== null && endsAt.getTime() <= before.endsAt.getTime())) {
      // Already permanent, or the new end is not later.
      throw fieldError(scope.lang, body.ends_at ? 'ends_at' : 'duration_minutes', 'invalid');
    }
    const [row] = await tx.update(sanctions).set({ endsAt }).where(eq(sanctions.id, id)).returning();
    await logChange(tx, scope, {
      action: 'update',
      targetType: 'sanction',
      targetId: id,
      targetName: logName(row!),
      before: { ...toItem(before), extend_reason: undefined },
      after: { ...toItem(row!), extend_reason: body.reason },
    });
    return row!;
  });
}

/** Rows with the retry job's outcome: a pending push whose job failed reads `failed`. */
async function itemsOf(db: Db, rows: SanctionRow[]): Promise<SanctionItem[]> {
  const jobIds = [...new Set(rows.map((r) => r.retryJobId).filter((id): id is number => id !== null))];
  const failed = new Set<number>();
  if (jobIds.length) {
    const jobs = await queryRows<{ id: number }>(
      db,
      sql`select id from jobs where id in (${sql.join(
        jobIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and status = 'failed'`,
    );
    for (const job of jobs) failed.add(Number(job.id));
  }
  return rows.map((row) => toItem(row, row.retryJobId !== null && failed.has(row.retryJobId)));
}

/** A player's sanctions, newest first (those in force first). */
export async function playerSanctions(db: Db, productId: number, openid: string): Promise<SanctionItem[]> {
  const rows = await db
    .select()
    .from(sanctions)
    .where(and(eq(sanctions.productId, productId), eq(sanctions.openid, openid)))
    .orderBy(sql`case when ${inForceSql} then 0 else 1 end`, sql`${sanctions.id} desc`)
    .limit(500);
  return itemsOf(db, rows);
}

/** A status filter: `active` and `expired` as the player sees them (an end passed expires it). */
function statusIs(status: SanctionListQuery['status']): SQL | undefined {
  if (status === 'active') return inForceSql;
  if (status === 'expired')
    return sql`(${sanctions.status} = 'expired' or (${sanctions.status} = 'active' and ${sanctions.endsAt} <= now()))`;
  return status ? eq(sanctions.status, status) : undefined;
}

/** The list across players and the export's batches, with filters (newest first). */
export const { list: listSanctions, batch: sanctionBatch } = resourceReads(sanctionsResource, {
  table: sanctions,
  items: itemsOf,
  where: (f) => [
    f.openid ? eq(sanctions.openid, f.openid) : undefined,
    f.kind ? eq(sanctions.kind, f.kind) : undefined,
    f.feature ? eq(sanctions.feature, f.feature) : undefined,
    statusIs(f.status),
    ...dayRange(sanctions.createdAt, f.from, f.to),
  ],
  defaultSort: '-created_at',
});

/** What the game reads: the player's bans and mutes in force now (ends compared with now here). */
export async function gameStatus(db: Db, productId: number, openid: string): Promise<GamePlayerStatus> {
  const rows = await db
    .select()
    .from(sanctions)
    .where(and(eq(sanctions.productId, productId), eq(sanctions.openid, openid), inForceSql))
    .orderBy(sanctions.id);
  const answer: GamePlayerStatus = { openid, bans: [], mutes: [] };
  for (const row of rows) {
    const ends_at = row.endsAt?.toISOString() ?? null;
    if (row.kind === 'mute') answer.mutes.push({ ends_at, reason: row.reason });
    else if (row.kind === 'account') answer.bans.push({ kind: 'account', ends_at, reason: row.reason });
    else if (row.kind === 'feature')
      answer.bans.push({ kind: 'feature', feature: row.feature, ends_at, reason: row.reason });
    else if (row.kind === 'device')
      answer.bans.push({ kind: 'device', device_id: row.deviceId, ends_at, reason: row.reason });
  }
  return answer;
}

/**
 * Whether a sign-in must be refused: the account is banned, or the device it signs in from is
 * banned (for any account of the product). Called by the players' event intake for each login.
 */
export async function isLoginRefused(
  db: Db,
  productId: number,
  playerId: number,
  deviceId: string | undefined,
): Promise<string | undefined> {
  const rows = await queryRows<{ kind: string }>(
    db,
    sql`select kind from sanctions
      where product_id = ${productId} and status = 'active' and (ends_at is null or ends_at > now())
        and ((player_id = ${playerId} and kind = 'account')
          or (${deviceId ?? ''} <> '' and kind = 'device' and device_id = ${deviceId ?? ''}))
      limit 1`,
  );
  if (!rows.length) return undefined;
  return rows[0]!.kind === 'device' ? 'login refused: device banned' : 'login refused: account banned';
}

/** Marks as expired what ended (by id, or every one whose end passed): answers how many. */
export async function expireSanctions(db: Db, id?: number): Promise<number> {
  const rows = await queryRows(
    db,
    sql`update sanctions set status = 'expired'
      where status = 'active' and ends_at is not null and ends_at <= now()
        ${id === undefined ? sql`` : sql`and id = ${id}`}
      returning id`,
  );
  return rows.length;
}
