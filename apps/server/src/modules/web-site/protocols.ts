import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  type Language,
  type WebProtocolCompare,
  type WebProtocolDiffLine,
  type WebProtocolDoc,
  type WebProtocolKind,
  type WebProtocolSummary,
  type WebProtocolVersion,
  type WebProtocolVersionLine,
  type webProtocolDraftBody,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { logChange } from '../../lib/operation-log.ts';
import { inTransaction, isUniqueViolation, ruleError } from '../../lib/problems.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { inScope } from '../../lib/scope.ts';
import { webProtocolVersions } from './tables.ts';

type Row = typeof webProtocolVersions.$inferSelect;
type DraftInput = z.output<typeof webProtocolDraftBody>;
export interface ProtocolKey {
  kind: WebProtocolKind;
  language: Language;
}

export function toVersion(row: Row): WebProtocolVersion {
  return {
    id: row.id,
    kind: row.kind,
    language: row.language as Language,
    number: row.number,
    title: row.title,
    body: row.body,
    status: row.status,
    published_at: row.publishedAt?.toISOString() ?? null,
    published_by: row.publishedBy,
    updated_by: row.updatedBy,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

const ofKey = (scope: ProductScope, key: ProtocolKey) =>
  and(
    inScope(webProtocolVersions, scope),
    eq(webProtocolVersions.kind, key.kind),
    eq(webProtocolVersions.language, key.language),
  )!;
const nameOf = (key: ProtocolKey) => `${key.kind}:${key.language}`;

/** Each kind and language that has a version: its draft's and published version's numbers. */
export async function listProtocols(db: Db, scope: ProductScope): Promise<WebProtocolSummary[]> {
  const rows = await db
    .select()
    .from(webProtocolVersions)
    .where(and(inScope(webProtocolVersions, scope), sql`${webProtocolVersions.status} <> 'archived'`))
    .orderBy(webProtocolVersions.kind, webProtocolVersions.language);
  const byKey = new Map<string, WebProtocolSummary>();
  for (const row of rows) {
    const key = `${row.kind}:${row.language}`;
    const entry = byKey.get(key) ?? {
      kind: row.kind,
      language: row.language as Language,
      draft_number: null,
      published_number: null,
      published_at: null,
    };
    if (row.status === 'draft') entry.draft_number = row.number;
    else {
      entry.published_number = row.number;
      entry.published_at = row.publishedAt?.toISOString() ?? null;
    }
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

export async function getProtocol(db: Db, scope: ProductScope, key: ProtocolKey): Promise<WebProtocolDoc> {
  const rows = await db
    .select()
    .from(webProtocolVersions)
    .where(and(ofKey(scope, key), sql`${webProtocolVersions.status} <> 'archived'`));
  const draft = rows.find((r) => r.status === 'draft');
  const published = rows.find((r) => r.status === 'published');
  return {
    ...key,
    draft: draft ? toVersion(draft) : null,
    published: published ? toVersion(published) : null,
  };
}

/** Every version, newest first, without bodies. */
export async function protocolHistory(
  db: Db,
  scope: ProductScope,
  key: ProtocolKey,
): Promise<WebProtocolVersionLine[]> {
  const rows = await db
    .select()
    .from(webProtocolVersions)
    .where(ofKey(scope, key))
    .orderBy(desc(webProtocolVersions.number));
  return rows.map((row) => {
    const { body: _body, ...line } = toVersion(row);
    return line;
  });
}

export async function protocolVersion(
  db: Db,
  scope: ProductScope,
  key: ProtocolKey,
  number: number,
): Promise<WebProtocolVersion> {
  const [row] = await db
    .select()
    .from(webProtocolVersions)
    .where(and(ofKey(scope, key), eq(webProtocolVersions.number, number)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return toVersion(row);
}

/**
 * Saves the draft of a kind and language, its body through the shared rich-text sanitiser:
 * version 0 starts a new draft (the next number; 409001 when one exists), another version edits the
 * draft read at that version (409001 when it moved on). Published and archived versions are never edited.
 */
export function saveDraft(
  db: Db,
  scope: ProductScope,
  key: ProtocolKey,
  input: DraftInput,
): Promise<WebProtocolVersion> {
  const body = sanitizeRichText(input.body);
  return inTransaction(db, scope.lang, async (tx) => {
    const [draft] = await tx
      .select()
      .from(webProtocolVersions)
      .where(and(ofKey(scope, key), eq(webProtocolVersions.status, 'draft')))
      .for('update');
    let row: Row;
    if (input.version === 0) {
      if (draft) throw new ApiError(ErrorCode.CONFLICT);
      const [last] = await tx
        .select({ number: sql<number>`coalesce(max(${webProtocolVersions.number}), 0)::int` })
        .from(webProtocolVersions)
        .where(ofKey(scope, key));
      try {
        [row] = (await tx
          .insert(webProtocolVersions)
          .values({
            cpId: scope.cpId,
            productId: scope.productId,
            kind: key.kind,
            language: key.language,
            number: Number(last?.number ?? 0) + 1,
            title: input.title,
            body,
            status: 'draft',
            updatedBy: scope.username,
          })
          .returning()) as [Row];
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(ErrorCode.CONFLICT);
        throw error;
      }
    } else {
      if (!draft) throw new ApiError(ErrorCode.NOT_FOUND);
      if (draft.version !== input.version) throw new ApiError(ErrorCode.CONFLICT);
      [row] = (await tx
        .update(webProtocolVersions)
        .set({
          title: input.title,
          body,
          updatedBy: scope.username,
          version: sql`${webProtocolVersions.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(webProtocolVersions.id, draft.id), eq(webProtocolVersions.version, input.version)))
        .returning()) as [Row];
      if (!row) throw new ApiError(ErrorCode.CONFLICT);
    }
    const item = toVersion(row);
    await logChange(tx, scope, {
      action: draft ? 'update' : 'create',
      targetType: 'web_protocol',
      targetId: row.id,
      targetName: `${nameOf(key)} v${row.number}`,
      before: draft ? toVersion(draft) : undefined,
      after: item,
    });
    return item;
  });
}

/**
 * Publishes the draft read at `version`: the published version before it is archived (kept,
 * read-only, in the history). An empty draft is not published (422001).
 */
export function publishDraft(
  db: Db,
  scope: ProductScope,
  key: ProtocolKey,
  version: number,
): Promise<WebProtocolVersion> {
  return inTransaction(db, scope.lang, async (tx) => {
    const [draft] = await tx
      .select()
      .from(webProtocolVersions)
      .where(and(ofKey(scope, key), eq(webProtocolVersions.status, 'draft')))
      .for('update');
    if (!draft) throw ruleError(scope.lang, 'nothing_to_publish');
    if (draft.version !== version) throw new ApiError(ErrorCode.CONFLICT);
    if (!draft.body.replace(/<[^>]*>/g, '').trim() && !/<img\s/i.test(draft.body))
      throw ruleError(scope.lang, 'nothing_to_publish');
    const [previous] = await tx
      .update(webProtocolVersions)
      .set({ status: 'archived', version: sql`${webProtocolVersions.version} + 1`, updatedAt: new Date() })
      .where(and(ofKey(scope, key), eq(webProtocolVersions.status, 'published')))
      .returning();
    const [row] = (await tx
      .update(webProtocolVersions)
      .set({
        status: 'published',
        publishedAt: new Date(),
        publishedBy: scope.username,
        version: sql`${webProtocolVersions.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(webProtocolVersions.id, draft.id))
      .returning()) as [Row];
    const item = toVersion(row);
    await logChange(tx, scope, {
      action: 'publish',
      targetType: 'web_protocol',
      targetId: row.id,
      targetName: `${nameOf(key)} v${row.number}`,
      before: previous ? { published_number: previous.number } : undefined,
      after: { published_number: row.number },
    });
    return item;
  });
}

/** Block tags start lines, so a diff reads paragraph by paragraph. */
function linesOf(html: string): string[] {
  return html
    .replace(/(<(?:p|h[1-6]|li|ul|ol|blockquote|pre|div|table|tr|br)\b)/gi, '\n$1')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

const MAX_DIFF_LINES = 3000;

/** A line diff (longest common subsequence) from `a` to `b`. */
export function diffLines(a: string[], b: string[]): WebProtocolDiffLine[] {
  if (a.length > MAX_DIFF_LINES || b.length > MAX_DIFF_LINES) {
    return [
      ...a.map((text) => ({ op: 'remove' as const, text })),
      ...b.map((text) => ({ op: 'add' as const, text })),
    ];
  }
  const n = a.length;
  const m = b.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: WebProtocolDiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: 'same', text: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) out.push({ op: 'remove', text: a[i++]! });
    else out.push({ op: 'add', text: b[j++]! });
  }
  while (i < n) out.push({ op: 'remove', text: a[i++]! });
  while (j < m) out.push({ op: 'add', text: b[j++]! });
  return out;
}

export async function compareVersions(
  db: Db,
  scope: ProductScope,
  key: ProtocolKey,
  a: number,
  b: number,
): Promise<WebProtocolCompare> {
  const [left, right] = await Promise.all([
    protocolVersion(db, scope, key, a),
    protocolVersion(db, scope, key, b),
  ]);
  const titleDiff = left.title === right.title ? [] : diffLines([left.title], [right.title]);
  return { a: left, b: right, diff: [...titleDiff, ...diffLines(linesOf(left.body), linesOf(right.body))] };
}

/** The published version players read: the language asked, else the site's default language. */
export async function publishedProtocol(
  db: Db,
  productId: number,
  kind: WebProtocolKind,
  languages: string[],
): Promise<Row | undefined> {
  for (const language of languages) {
    const [row] = await db
      .select()
      .from(webProtocolVersions)
      .where(
        and(
          eq(webProtocolVersions.productId, productId),
          eq(webProtocolVersions.kind, kind),
          eq(webProtocolVersions.language, language),
          eq(webProtocolVersions.status, 'published'),
        ),
      );
    if (row) return row;
  }
  return undefined;
}

/** Every published version of the product (kind, language, number). */
export async function publishedProtocols(db: Db, productId: number): Promise<Row[]> {
  return db
    .select()
    .from(webProtocolVersions)
    .where(and(eq(webProtocolVersions.productId, productId), eq(webProtocolVersions.status, 'published')))
    .orderBy(webProtocolVersions.kind, webProtocolVersions.language);
}
