import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  cheatFlagsResource,
  CHEAT_FLAG_MOVES,
  ErrorCode,
  cheatFlagMoves,
  type CheatFlagItem,
  type CheatFlagMove,
  type CheatFlagState,
  type CheatWhitelistItem,
  type CheatWhitelistQuery,
  type LogAction,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope, Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { dayRange, listRows, contains, sortOrder, type ListPage } from '../../lib/list.ts';
import { resourceReads } from '../../lib/resource-routes.ts';
import { logChange } from '../../lib/operation-log.ts';
import { ruleError } from '../../lib/problems.ts';
import { cheatFlags, cheatWhitelist, type CheatEvidence } from './tables.ts';
import { inGame, rowInGame } from '../../lib/scope.ts';

/** Open flags: one per (product, player, rule) at most. */
export const OPEN_STATES = ['flagged', 'under_review'] as const;
/** How many pieces of evidence a flag keeps (the latest). */
export const EVIDENCE_KEPT = 20;
/** A piece of evidence larger than this (as JSON) is kept as a truncated preview. */
export const EVIDENCE_MAX_CHARS = 4_000;
/** Scores are integers 0–100. */
export const SCORE_MAX = 100;

export interface RaiseInput {
  cpId: number;
  productId: number;
  playerId: number;
  openid: string;
  source: 'game_report' | 'server_rule' | 'manual';
  rule: string;
  score: number;
  evidence: Record<string, unknown>;
  at: Date;
  /** Staff who flagged by hand. */
  by?: { id: number; name: string };
  note?: string;
}

export type RaiseResult = 'raised' | 'updated' | 'suppressed';

export function clampScore(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.max(0, Math.min(SCORE_MAX, Math.round(score)));
}

function evidenceOf(input: RaiseInput): CheatEvidence {
  let data = input.evidence ?? {};
  let text: string;
  try {
    text = JSON.stringify(data);
  } catch {
    text = '';
    data = { unreadable: true };
  }
  if (text.length > EVIDENCE_MAX_CHARS)
    data = { truncated: true, preview: text.slice(0, EVIDENCE_MAX_CHARS) };
  return { at: input.at.toISOString(), score: clampScore(input.score), source: input.source, data };
}

/** The newest first, at most EVIDENCE_KEPT. */
export function keepEvidence(list: CheatEvidence[], entry: CheatEvidence): CheatEvidence[] {
  return [entry, ...list].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, EVIDENCE_KEPT);
}

/** Whether the player and rule are on the whitelist (an earlier false positive). */
export async function isWhitelisted(
  tx: Db,
  productId: number,
  playerId: number,
  rule: string,
): Promise<boolean> {
  const [hit] = await tx
    .select({ id: cheatWhitelist.id })
    .from(cheatWhitelist)
    .where(
      and(
        eq(cheatWhitelist.productId, productId),
        eq(cheatWhitelist.playerId, playerId),
        eq(cheatWhitelist.rule, rule),
      ),
    );
  return Boolean(hit);
}

async function updateOpen(tx: Db, input: RaiseInput, entry: CheatEvidence): Promise<number | null> {
  const [open] = await tx
    .select()
    .from(cheatFlags)
    .where(
      and(
        eq(cheatFlags.productId, input.productId),
        eq(cheatFlags.playerId, input.playerId),
        eq(cheatFlags.rule, input.rule),
        inArray(cheatFlags.state, [...OPEN_STATES]),
      ),
    )
    .for('update');
  if (!open) return null;
  await tx
    .update(cheatFlags)
    .set({
      hits: sql`${cheatFlags.hits} + 1`,
      score: Math.max(open.score, entry.score),
      lastSeen: open.lastSeen > input.at ? open.lastSeen : input.at,
      firstSeen: open.firstSeen < input.at ? open.firstSeen : input.at,
      evidence: keepEvidence(open.evidence, entry),
      // The version is staff's: a new hit does not make a reviewer's open dialog stale.
      updatedAt: new Date(),
    })
    .where(eq(cheatFlags.id, open.id));
  return open.id;
}

/**
 * Raises a flag on a player, inside the caller's transaction (`tx`: the game report's ingestion,
 * a server rule's sweep; never the app's `db`). An open flag of the same rule is updated (one more
 * hit, the highest score, the latest evidence); a whitelisted player and rule store nothing
 * ('suppressed'); otherwise a new flag is raised. Two raises at once cannot open two flags (a
 * partial unique index: the second one finds the first and updates it).
 */
export async function raiseCheatFlag(tx: Db, input: RaiseInput): Promise<RaiseResult> {
  return (await raiseFlag(tx, input)).result;
}

/** raiseCheatFlag, also answering the flag's id (null when suppressed). */
export async function raiseFlag(
  tx: Db,
  input: RaiseInput,
): Promise<{ result: RaiseResult; id: number | null }> {
  const entry = evidenceOf(input);
  const rule = input.rule.trim();
  const raise = { ...input, rule };
  const updated = await updateOpen(tx, raise, entry);
  if (updated !== null) return { result: 'updated', id: updated };
  if (await isWhitelisted(tx, input.productId, input.playerId, rule))
    return { result: 'suppressed', id: null };
  const [inserted] = await tx
    .insert(cheatFlags)
    .values({
      cpId: input.cpId,
      productId: input.productId,
      playerId: input.playerId,
      openid: input.openid,
      source: input.source,
      rule,
      score: entry.score,
      hits: 1,
      evidence: [entry],
      firstSeen: input.at,
      lastSeen: input.at,
      state: 'flagged',
      note: input.note ?? '',
      createdById: input.by?.id ?? null,
      createdByName: input.by?.name ?? '',
    })
    .onConflictDoNothing()
    .returning({ id: cheatFlags.id });
  if (inserted) return { result: 'raised', id: inserted.id };
  // Another raise opened it meanwhile (and has committed): count this one as a hit on it.
  const again = await updateOpen(tx, raise, entry);
  if (again !== null) return { result: 'updated', id: again };
  throw new Error('cheat flag: neither raised nor found open');
}

// ---------------------------------------------------------------- the console's side

type FlagRow = typeof cheatFlags.$inferSelect;
type WhitelistRow = typeof cheatWhitelist.$inferSelect;
export type { FlagRow, WhitelistRow };

const staff = (id: number | null, name: string) =>
  id === null && !name ? null : { id: id ?? 0, username: name };

export function toItem(row: FlagRow): CheatFlagItem {
  return {
    id: row.id,
    openid: row.openid,
    source: row.source as CheatFlagItem['source'],
    rule: row.rule,
    score: row.score,
    hits: row.hits,
    evidence: row.evidence,
    first_seen: row.firstSeen.toISOString(),
    last_seen: row.lastSeen.toISOString(),
    state: row.state as CheatFlagState,
    assignee: staff(row.assigneeId, row.assigneeName),
    reviewer: staff(row.reviewerId, row.reviewerName),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    note: row.note,
    template_id: row.templateId,
    sanction_id: row.sanctionId === null ? null : Number(row.sanctionId),
    offence: row.offence,
    created_by: staff(row.createdById, row.createdByName),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function whitelistItem(row: WhitelistRow): CheatWhitelistItem {
  return {
    id: row.id,
    openid: row.openid,
    rule: row.rule,
    flag_id: row.flagId === null ? null : Number(row.flagId),
    note: row.note,
    created_by: staff(row.createdById, row.createdByName),
    created_at: row.createdAt.toISOString(),
  };
}

/** The list and the export's batches (the filters within the game; last seen first). */
export const { list: listFlags, batch: flagBatch } = resourceReads(cheatFlagsResource, {
  table: cheatFlags,
  items: (_db, rows) => rows.map(toItem),
  where: (f) => [
    f.q ? contains(sql`lower(${cheatFlags.openid})`, f.q.toLowerCase()) : undefined,
    f.state ? eq(cheatFlags.state, f.state) : undefined,
    f.source ? eq(cheatFlags.source, f.source) : undefined,
    f.rule ? eq(cheatFlags.rule, f.rule) : undefined,
    f.score_min !== undefined ? gte(cheatFlags.score, f.score_min) : undefined,
    f.score_max !== undefined ? lte(cheatFlags.score, f.score_max) : undefined,
    ...dayRange(cheatFlags.lastSeen, f.from, f.to),
  ],
  defaultSort: '-last_seen',
});

export async function flagById(db: Db, scope: ProductScope, id: number, lock = false): Promise<FlagRow> {
  const query = db
    .select()
    .from(cheatFlags)
    .where(rowInGame(cheatFlags, scope, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

/** 422001 naming the flag's state, the move asked and the moves it allows. */
export function illegalFlagMove(scope: Pick<Scope, 'lang'>, state: string, action: CheatFlagMove): ApiError {
  return ruleError(scope.lang, 'not_in_this_state', {
    state,
    action,
    allowed: cheatFlagMoves(state as CheatFlagState),
  });
}

export function checkFlagMove(scope: Pick<Scope, 'lang'>, row: FlagRow, action: CheatFlagMove): void {
  if (!(CHEAT_FLAG_MOVES[action] as readonly string[]).includes(row.state))
    throw illegalFlagMove(scope, row.state, action);
}

const LOG_ACTION: Record<CheatFlagMove, LogAction> = {
  start_review: 'update',
  confirm: 'approve',
  dismiss: 'reject',
};

export function logFlag(
  tx: Db,
  scope: Scope,
  action: LogAction,
  before: FlagRow | null,
  after: FlagRow,
): Promise<void> {
  const item = (row: FlagRow) => {
    const { evidence: _evidence, ...rest } = toItem(row);
    return rest;
  };
  return logChange(tx, scope, {
    action,
    targetType: 'cheat_flag',
    targetId: after.id,
    targetName: `${after.openid} · ${after.rule}`,
    before: before ? item(before) : null,
    after: item(after),
  });
}

/**
 * Starts the review of a flag or finds it a false positive, inside `tx`: locks it, checks the move
 * (422001) and the version the caller read (409001), moves it and logs. A false positive puts the
 * player and rule on the whitelist.
 */
export async function moveFlag(
  tx: Db,
  scope: ProductScope,
  id: number,
  action: 'start_review' | 'dismiss',
  body: { note: string; version?: number },
): Promise<FlagRow> {
  const row = await flagById(tx, scope, id, true);
  if (body.version !== undefined && body.version !== row.version) throw new ApiError(ErrorCode.CONFLICT);
  checkFlagMove(scope, row, action);
  const now = new Date();
  const values =
    action === 'start_review'
      ? { state: 'under_review', assigneeId: scope.userId, assigneeName: scope.username }
      : { state: 'false_positive', reviewerId: scope.userId, reviewerName: scope.username, reviewedAt: now };
  const [moved] = await tx
    .update(cheatFlags)
    .set({
      ...values,
      note: body.note || row.note,
      version: sql`${cheatFlags.version} + 1`,
      updatedAt: now,
    })
    .where(
      and(eq(cheatFlags.id, row.id), eq(cheatFlags.version, row.version), eq(cheatFlags.state, row.state)),
    )
    .returning();
  if (!moved) throw new ApiError(ErrorCode.CONFLICT);
  await logFlag(tx, scope, LOG_ACTION[action], row, moved);
  if (action === 'dismiss') {
    const [entry] = await tx
      .insert(cheatWhitelist)
      .values({
        cpId: row.cpId,
        productId: row.productId,
        playerId: row.playerId,
        openid: row.openid,
        rule: row.rule,
        flagId: row.id,
        note: body.note,
        createdById: scope.userId,
        createdByName: scope.username,
      })
      .onConflictDoNothing()
      .returning();
    if (entry)
      await logChange(tx, scope, {
        action: 'create',
        targetType: 'cheat_whitelist',
        targetId: entry.id,
        targetName: `${entry.openid} · ${entry.rule}`,
        after: whitelistItem(entry),
      });
  }
  return moved;
}

/**
 * Claims a flag for confirmation: moves it to confirmed (with the template, reviewer and note) if it
 * is still open and unchanged, so two confirmations at once cannot both apply the template. Not
 * logged yet: `confirmed` logs it with the sanction, `unclaim` puts it back when applying failed.
 */
export async function claimConfirm(
  db: Db,
  scope: ProductScope,
  id: number,
  body: { template_id: number; note: string; version?: number },
): Promise<{ before: FlagRow; claimed: FlagRow }> {
  return db.transaction(async (tx) => {
    const row = await flagById(tx, scope, id, true);
    if (body.version !== undefined && body.version !== row.version) throw new ApiError(ErrorCode.CONFLICT);
    checkFlagMove(scope, row, 'confirm');
    const [claimed] = await tx
      .update(cheatFlags)
      .set({
        state: 'confirmed',
        reviewerId: scope.userId,
        reviewerName: scope.username,
        reviewedAt: new Date(),
        templateId: body.template_id,
        note: body.note || row.note,
        version: sql`${cheatFlags.version} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(eq(cheatFlags.id, row.id), eq(cheatFlags.version, row.version), eq(cheatFlags.state, row.state)),
      )
      .returning();
    if (!claimed) throw new ApiError(ErrorCode.CONFLICT);
    return { before: row, claimed };
  });
}

/** Puts a claimed flag back as it was (applying the template failed). */
export async function unclaim(db: Db, before: FlagRow, claimed: FlagRow): Promise<void> {
  await db
    .update(cheatFlags)
    .set({
      state: before.state,
      reviewerId: before.reviewerId,
      reviewerName: before.reviewerName,
      reviewedAt: before.reviewedAt,
      templateId: before.templateId,
      note: before.note,
      version: sql`${cheatFlags.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(cheatFlags.id, claimed.id), eq(cheatFlags.version, claimed.version)));
}

/** Records what the template did (the sanction, the offence number) on the confirmed flag and logs it. */
export async function confirmed(
  db: Db,
  scope: ProductScope,
  before: FlagRow,
  claimed: FlagRow,
  applied: { offence: number; sanctionId: number | null; action: string },
): Promise<FlagRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(cheatFlags)
      .set({
        sanctionId: applied.sanctionId,
        offence: applied.offence,
        version: sql`${cheatFlags.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(cheatFlags.id, claimed.id))
      .returning();
    await logFlag(tx, scope, 'approve', before, row!);
    return row!;
  });
}

export async function listWhitelist(
  db: Db,
  scope: ProductScope,
  query: CheatWhitelistQuery,
): Promise<ListPage<CheatWhitelistItem>> {
  const where = and(
    inGame(cheatWhitelist, scope),
    query.q ? contains(sql`lower(${cheatWhitelist.openid})`, query.q.toLowerCase()) : undefined,
    query.rule ? eq(cheatWhitelist.rule, query.rule) : undefined,
  );
  const order = sortOrder(
    query.sort,
    { created_at: cheatWhitelist.createdAt, id: cheatWhitelist.id },
    '-created_at',
    cheatWhitelist.id,
    scope.lang,
  );
  return listRows(db, cheatWhitelist, where, order, query, (rows) => rows.map(whitelistItem));
}

/** Lifts a whitelist entry: the rule flags the player again. */
export async function liftWhitelist(db: Db, scope: ProductScope, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(cheatWhitelist)
      .where(rowInGame(cheatWhitelist, scope, id))
      .returning();
    if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
    await logChange(tx, scope, {
      action: 'delete',
      targetType: 'cheat_whitelist',
      targetId: row.id,
      targetName: `${row.openid} · ${row.rule}`,
      before: whitelistItem(row),
    });
  });
}
