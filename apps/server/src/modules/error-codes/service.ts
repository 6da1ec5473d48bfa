import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  LANGUAGES,
  type ErrorCodeMissing,
  type ErrorCodeRelease,
  type GameErrorCodes,
  type Language,
  type ReleasedErrorCode,
  type errorCodeMissingQuery,
  type releaseListQuery,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { countWhere, runList, sortOrder, type ListPage } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { ruleError } from '../../lib/problems.ts';
import { tableList } from '../../lib/resource-routes.ts';
import { inScope } from '../../lib/scope.ts';
import { errorCodeReleases, errorCodes } from './tables.ts';

/**
 * What error codes have beyond the standard resource (error-codes.ts): the missing-translation
 * report, and the numbered releases games read (the newest is live). Releases are snapshots and are
 * never edited.
 */

type ReleaseRow = typeof errorCodeReleases.$inferSelect;

/** The code lacks a text in `lang`. */
export function missingIn(lang: Language): SQL {
  return sql`coalesce(${errorCodes.texts} ->> ${lang}, '') = ''`;
}

/** The newest release of the product: what games read. */
export async function liveRelease(db: Db, productId: number): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .select()
    .from(errorCodeReleases)
    .where(eq(errorCodeReleases.productId, productId))
    .orderBy(desc(errorCodeReleases.number))
    .limit(1);
  return row;
}

/** The missing-translation report: enabled codes lacking `lang` (any language when absent), and counts. */
export async function missingTranslations(
  db: Db,
  scope: ProductScope,
  query: z.output<typeof errorCodeMissingQuery>,
): Promise<ErrorCodeMissing> {
  const enabled = and(inScope(errorCodes, scope), eq(errorCodes.status, 'active'))!;
  const where = and(enabled, query.lang ? missingIn(query.lang) : or(...LANGUAGES.map(missingIn)))!;
  const [counts] = await db
    .select({
      codes: sql<number>`count(*)::int`,
      ...Object.fromEntries(
        LANGUAGES.map((lang) => [lang, sql<number>`(count(*) filter (where ${missingIn(lang)}))::int`]),
      ),
    })
    .from(errorCodes)
    .where(enabled);
  const sort = { code: errorCodes.code, module: errorCodes.module };
  const page = await runList(
    query,
    (limit, offset) =>
      db
        .select()
        .from(errorCodes)
        .where(where)
        .orderBy(...sortOrder(query.sort, sort, 'code', errorCodes.id, scope.lang))
        .limit(limit)
        .offset(offset),
    () => countWhere(db, errorCodes, where),
  );
  return {
    list: page.list.map((row) => ({
      id: row.id,
      code: row.code,
      module: row.module,
      default_text: row.defaultText,
      missing: LANGUAGES.filter((lang) => !row.texts[lang]),
    })),
    total: page.total,
    codes: Number(counts?.codes ?? 0),
    by_language: Object.fromEntries(
      LANGUAGES.map((lang) => [lang, Number((counts as Record<string, unknown> | undefined)?.[lang] ?? 0)]),
    ) as Record<Language, number>,
  };
}

function toRelease(row: ReleaseRow, liveNumber: number | undefined): ErrorCodeRelease {
  return {
    number: row.number,
    note: row.note,
    count: row.codes.length,
    rollback_of: row.rollbackOf,
    live: row.number === liveNumber,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

/** A page of a game's releases, each saying whether it is the live one. */
const releaseList = tableList({
  table: errorCodeReleases,
  sortBy: { number: errorCodeReleases.number },
  fallback: '-number',
  async items(db, rows) {
    const live = rows.length ? (await liveRelease(db, rows[0]!.productId))?.number : undefined;
    return rows.map((row) => toRelease(row, live));
  },
});

export function listReleases(
  db: Db,
  scope: ProductScope,
  query: z.output<typeof releaseListQuery>,
): Promise<ListPage<ErrorCodeRelease>> {
  return releaseList(db, inScope(errorCodeReleases, scope), query, scope.lang);
}

async function findRelease(db: Db, scope: ProductScope, n: number): Promise<ReleaseRow> {
  const [row] = await db
    .select()
    .from(errorCodeReleases)
    .where(and(inScope(errorCodeReleases, scope), eq(errorCodeReleases.number, n)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

export async function getRelease(db: Db, scope: ProductScope, n: number) {
  const row = await findRelease(db, scope, n);
  const live = (await liveRelease(db, scope.productId))?.number;
  return { ...toRelease(row, live), codes: row.codes };
}

/**
 * Appends a release with these codes (a publish, or the approved rollback's apply); one publisher
 * at a time per product numbers them.
 */
export async function appendRelease(
  tx: Db,
  scope: ProductScope,
  codes: ReleasedErrorCode[],
  note: string,
  rollbackOf: number | null,
): Promise<ErrorCodeRelease> {
  await tx.execute(sql`select pg_advisory_xact_lock(727100, ${scope.productId})`);
  const number = ((await liveRelease(tx, scope.productId))?.number ?? 0) + 1;
  const [row] = await tx
    .insert(errorCodeReleases)
    .values({
      cpId: scope.cpId,
      productId: scope.productId,
      number,
      note,
      codes,
      rollbackOf,
      createdBy: scope.username,
    })
    .returning();
  const release = toRelease(row!, number);
  await logChange(tx, scope, {
    action: rollbackOf === null ? 'publish' : 'rollback',
    targetType: 'error_code_release',
    targetId: number,
    targetName: `#${number}`,
    after: release,
  });
  return release;
}

/** The enabled codes of the working copy, as a release holds them. */
export async function workingCodes(db: Db, scope: ProductScope): Promise<ReleasedErrorCode[]> {
  const rows = await db
    .select()
    .from(errorCodes)
    .where(and(inScope(errorCodes, scope), eq(errorCodes.status, 'active')))
    .orderBy(errorCodes.code);
  return rows.map((row) => ({
    code: row.code,
    module: row.module,
    default_text: row.defaultText,
    texts: row.texts,
    action: row.action,
  }));
}

/** What publishing `codes` changes against the live release: the codes added, changed or removed. */
export interface ReleaseDiff {
  live: number | null;
  count: number;
  before: Record<string, ReleasedErrorCode>;
  after: Record<string, ReleasedErrorCode>;
}

/** Same content (jsonb keeps its own key order, so fields are compared one by one). */
function sameCode(a: ReleasedErrorCode, b: ReleasedErrorCode): boolean {
  return (
    a.module === b.module &&
    a.default_text === b.default_text &&
    a.action === b.action &&
    LANGUAGES.every((lang) => (a.texts[lang] ?? '') === (b.texts[lang] ?? ''))
  );
}

export async function diffWithLive(
  db: Db,
  scope: ProductScope,
  codes: ReleasedErrorCode[],
): Promise<ReleaseDiff> {
  const live = await liveRelease(db, scope.productId);
  const old = new Map((live?.codes ?? []).map((c) => [c.code, c]));
  const before: Record<string, ReleasedErrorCode> = {};
  const after: Record<string, ReleasedErrorCode> = {};
  for (const code of codes) {
    const was = old.get(code.code);
    if (!was || !sameCode(was, code)) {
      if (was) before[code.code] = was;
      after[code.code] = code;
    }
    old.delete(code.code);
  }
  for (const [key, was] of old) before[key] = was;
  const count = new Set([...Object.keys(before), ...Object.keys(after)]).size;
  return { live: live?.number ?? null, count, before, after };
}

/** Publishes these codes (a snapshot taken when it was asked) as a new live release. */
export async function publishCodes(
  tx: Db,
  scope: ProductScope,
  codes: ReleasedErrorCode[],
  note: string,
): Promise<ErrorCodeRelease> {
  if (codes.length === 0) throw ruleError(scope.lang, 'nothing_to_publish');
  return appendRelease(tx, scope, codes, note, null);
}

/** Release n (404001 when the product has none). */
export function releaseOf(db: Db, scope: ProductScope, n: number): Promise<ReleaseRow> {
  return findRelease(db, scope, n);
}

/** The live texts in the game's language (null: the default texts). */
export async function gameErrorCodes(
  db: Db,
  productId: number,
  lang: Language | null,
): Promise<GameErrorCodes> {
  const release = await liveRelease(db, productId);
  return {
    release: release?.number ?? null,
    lang,
    list: (release?.codes ?? []).map((c) => ({
      code: c.code,
      module: c.module,
      text: (lang && c.texts[lang]) || c.default_text,
      action: c.action,
    })),
  };
}
