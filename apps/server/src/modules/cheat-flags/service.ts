import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { cheatFlags, cheatWhitelist, type CheatEvidence } from './tables.ts';

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
      version: sql`${cheatFlags.version} + 1`,
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
