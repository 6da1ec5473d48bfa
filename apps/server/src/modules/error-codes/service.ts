import { and, desc, eq, gt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  LANGUAGES,
  placeholderMismatches,
  type ERROR_CODE_SORTS,
  type ErrorCodeMissing,
  type ErrorCodeRelease,
  type ErrorCodeText,
  type GameErrorCodes,
  type Language,
  type ReleasedErrorCode,
  type errorCodeCreateBody,
  type errorCodeListQuery,
  type errorCodeMissingQuery,
  type errorCodeUpdateBody,
  type releaseListQuery,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { contains, countWhere, runList, sortOrder, type ListPage } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { deleteOrDisable } from '../../lib/delete.ts';
import { FieldProblems, inTransaction, ruleError } from '../../lib/problems.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { dropUndefined } from '../feedback-types/service.ts';
import { errorCodeReleases, errorCodes } from './tables.ts';

/**
 * Error-code texts of a product: the working copy the console edits, and the numbered releases
 * games read (the newest is live). Releases are snapshots and are never edited.
 */

type Row = typeof errorCodes.$inferSelect;
type ReleaseRow = typeof errorCodeReleases.$inferSelect;
type Query = z.output<typeof errorCodeListQuery>;
export type ErrorCodeFilters = Omit<Query, 'page' | 'page_size' | 'sort'>;
export type ErrorCodeInput = z.output<typeof errorCodeCreateBody>;
export type ErrorCodeChanges = z.output<typeof errorCodeUpdateBody>;

const SORT: Record<(typeof ERROR_CODE_SORTS)[number], AnyColumn> = {
  id: errorCodes.id,
  code: errorCodes.code,
  module: errorCodes.module,
  action: errorCodes.action,
  status: errorCodes.status,
  created_at: errorCodes.createdAt,
  updated_at: errorCodes.updatedAt,
};

export function toErrorCode(row: Row): ErrorCodeText {
  return {
    id: row.id,
    product_id: row.productId,
    code: row.code,
    module: row.module,
    default_text: row.defaultText,
    texts: row.texts,
    action: row.action,
    status: row.status,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The code lacks a text in `lang`. */
function missingIn(lang: Language): SQL {
  return sql`coalesce(${errorCodes.texts} ->> ${lang}, '') = ''`;
}

export function errorCodeWhere(scope: ProductScope, f: ErrorCodeFilters): SQL {
  return and(
    inScope(errorCodes, scope),
    f.q ? or(contains(errorCodes.code, f.q), contains(errorCodes.defaultText, f.q)) : undefined,
    f.module ? eq(errorCodes.module, f.module) : undefined,
    f.action ? eq(errorCodes.action, f.action) : undefined,
    f.status ? eq(errorCodes.status, f.status) : undefined,
    f.missing_lang ? missingIn(f.missing_lang) : undefined,
  )!;
}

export function listErrorCodes(db: Db, scope: ProductScope, query: Query): Promise<ListPage<ErrorCodeText>> {
  const where = errorCodeWhere(scope, query);
  return runList(
    query,
    async (limit, offset) =>
      (
        await db
          .select()
          .from(errorCodes)
          .where(where)
          .orderBy(...sortOrder(query.sort, SORT, 'code', errorCodes.id, scope.lang))
          .limit(limit)
          .offset(offset)
      ).map(toErrorCode),
    () => countWhere(db, errorCodes, where),
  );
}

export async function errorCodeBatch(
  db: Db,
  scope: ProductScope,
  f: ErrorCodeFilters,
  afterId: number,
  limit: number,
): Promise<ErrorCodeText[]> {
  const rows = await db
    .select()
    .from(errorCodes)
    .where(and(errorCodeWhere(scope, f), gt(errorCodes.id, afterId)))
    .orderBy(errorCodes.id)
    .limit(limit);
  return rows.map(toErrorCode);
}

export async function getErrorCode(db: Db, scope: ProductScope, id: number): Promise<ErrorCodeText> {
  return toErrorCode(await findOr404(db, errorCodes, rowInScope(errorCodes, scope, id)));
}

/** Every language whose text has other placeholders than the default text: 400001 on `texts.<lang>`. */
function checkPlaceholders(
  scope: ProductScope,
  defaultText: string,
  texts: Partial<Record<Language, string>>,
) {
  const problems = new FieldProblems(scope.lang);
  for (const lang of placeholderMismatches(defaultText, texts))
    problems.add(`texts.${lang}`, 'placeholders_mismatch');
  problems.throwIfAny();
}

async function checkCode(db: Db, scope: ProductScope, code: string): Promise<void> {
  const [taken] = await db
    .select({ id: errorCodes.id })
    .from(errorCodes)
    .where(and(inScope(errorCodes, scope), eq(errorCodes.code, code)));
  if (taken) new FieldProblems(scope.lang).add('code', 'taken').throwIfAny();
}

const UNIQUE = { error_codes_product_code: 'code' };

export function createErrorCode(db: Db, scope: ProductScope, input: ErrorCodeInput): Promise<ErrorCodeText> {
  return inTransaction(
    db,
    scope.lang,
    async (tx) => {
      checkPlaceholders(scope, input.default_text, input.texts);
      await checkCode(tx, scope, input.code);
      const [row] = await tx
        .insert(errorCodes)
        .values({
          cpId: scope.cpId,
          productId: scope.productId,
          code: input.code,
          module: input.module,
          defaultText: input.default_text,
          texts: input.texts,
          action: input.action,
          status: input.status,
        })
        .returning();
      const item = toErrorCode(row!);
      await logChange(tx, scope, {
        action: 'create',
        targetType: 'error_code',
        targetId: row!.id,
        targetName: row!.code,
        after: item,
      });
      return item;
    },
    UNIQUE,
  );
}

export function updateErrorCode(
  db: Db,
  scope: ProductScope,
  id: number,
  input: ErrorCodeChanges,
): Promise<ErrorCodeText> {
  return inTransaction(db, scope.lang, async (tx) => {
    const target = rowInScope(errorCodes, scope, id);
    const before = await findOr404(tx, errorCodes, target);
    if (input.code !== undefined && input.code !== before.code) {
      new FieldProblems(scope.lang).add('code', 'immutable').throwIfAny();
    }
    // An update names only the languages it changes; placeholders are checked on the result.
    const texts = input.texts ? { ...before.texts, ...dropUndefined(input.texts) } : before.texts;
    const defaultText = input.default_text ?? before.defaultText;
    checkPlaceholders(scope, defaultText, texts);
    const row = await updateVersioned(tx, errorCodes, target, input.version, {
      module: input.module,
      defaultText: input.default_text,
      texts: input.texts ? texts : undefined,
      action: input.action,
      status: input.status,
    });
    const item = toErrorCode(row);
    await logChange(tx, scope, {
      action: 'update',
      targetType: 'error_code',
      targetId: id,
      targetName: row.code,
      before: toErrorCode(before),
      after: item,
    });
    return item;
  });
}

/** The newest release of the product: what games read. */
async function liveRelease(db: Db, productId: number): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .select()
    .from(errorCodeReleases)
    .where(eq(errorCodeReleases.productId, productId))
    .orderBy(desc(errorCodeReleases.number))
    .limit(1);
  return row;
}

/**
 * Deletes a code games do not show; a code of the live release is disabled instead (422001): it
 * leaves the games at the next publish.
 */
export function deleteErrorCode(db: Db, scope: ProductScope, id: number): Promise<{ deleted: true }> {
  return deleteOrDisable(db, scope, {
    table: errorCodes,
    target: rowInScope(errorCodes, scope, id),
    targetType: 'error_code',
    usage: async (tx, row) =>
      (await liveRelease(tx, scope.productId))?.codes.some((c) => c.code === row.code)
        ? [{ type: 'error_code_release', count: 1 }]
        : [],
    isDisabled: (row) => row.status === 'disabled',
    disable: { status: 'disabled' },
    describe: (row) => ({ name: row.code, item: toErrorCode(row) }),
  });
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

export async function listReleases(
  db: Db,
  scope: ProductScope,
  query: z.output<typeof releaseListQuery>,
): Promise<ListPage<ErrorCodeRelease>> {
  const where = inScope(errorCodeReleases, scope);
  const live = (await liveRelease(db, scope.productId))?.number;
  return runList(
    query,
    async (limit, offset) =>
      (
        await db
          .select()
          .from(errorCodeReleases)
          .where(where)
          .orderBy(
            ...sortOrder(
              query.sort,
              { number: errorCodeReleases.number },
              '-number',
              errorCodeReleases.id,
              scope.lang,
            ),
          )
          .limit(limit)
          .offset(offset)
      ).map((row) => toRelease(row, live)),
    () => countWhere(db, errorCodeReleases, where),
  );
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

/** Appends a release with these codes; one publisher at a time per product numbers them. */
async function appendRelease(
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

/** Snapshots the enabled codes of the working copy into a new release, which goes live. */
export async function publishErrorCodes(
  db: Db,
  scope: ProductScope,
  note: string,
): Promise<ErrorCodeRelease> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(errorCodes)
      .where(and(inScope(errorCodes, scope), eq(errorCodes.status, 'active')))
      .orderBy(errorCodes.code);
    if (rows.length === 0) throw ruleError(scope.lang, 'nothing_to_publish');
    const codes = rows.map((row) => ({
      code: row.code,
      module: row.module,
      default_text: row.defaultText,
      texts: row.texts,
      action: row.action,
    }));
    return appendRelease(tx, scope, codes, note, null);
  });
}

/** Publishes release n's content again, as a new release; the working copy is left as it is. */
export async function rollbackErrorCodes(
  db: Db,
  scope: ProductScope,
  n: number,
  note: string,
): Promise<ErrorCodeRelease> {
  return db.transaction(async (tx) => {
    const source = await findRelease(tx, scope, n);
    return appendRelease(tx, scope, source.codes, note, n);
  });
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
