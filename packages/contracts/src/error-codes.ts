import { z } from 'zod';
import {
  codeField,
  i18nTextPatch,
  idField,
  keyword,
  optionalI18nText,
  queryInt,
  recordStatus,
  rowMeta,
  safeText,
  versionField,
} from './fields.ts';
import { LANGUAGES, type Language } from './languages.ts';
import { listAnswer, listQuery, exportQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Error-code texts of a product (`X-Product-Id`): `/api/v1/error-codes` (page `/basic/error-code`).
 * Each code has a default text and a text per language; placeholders (`{0}`, `{name}`) must be the
 * same in every language as in the default text. Games read the live release (the newest one):
 * `POST /error-codes/publish` snapshots the enabled codes into a numbered release, and
 * `POST /error-codes/releases/:n/rollback` publishes release n's content again as a new release.
 */

/** What the game client does when it shows the error. */
export const CLIENT_ACTIONS = ['none', 'retry', 'relogin', 'contact_support', 'update'] as const;
export type ClientAction = (typeof CLIENT_ACTIONS)[number];

/** The distinct placeholders of a text (`{0}`, `{name}`), sorted. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[0]))].sort();
}

/** The languages whose (non-empty) text has other placeholders than the default text. */
export function placeholderMismatches(
  defaultText: string,
  texts: Partial<Record<Language, string>>,
): Language[] {
  const expected = placeholdersOf(defaultText).join(' ');
  return LANGUAGES.filter((lang) => {
    const text = texts[lang];
    return !!text && placeholdersOf(text).join(' ') !== expected;
  });
}

const errorCodeFields = z.object({
  /** The code the game receives (e.g. `100234` or `LOGIN_EXPIRED`); unique per product, never changes. */
  code: codeField(64),
  /** The game module the code belongs to (login, payment, …). */
  module: safeText().trim().min(1).max(32),
  /** What players see when their language has no text (or is not supported). */
  default_text: safeText().trim().min(1).max(500),
  texts: optionalI18nText(500),
  action: z.enum(CLIENT_ACTIONS),
  /** Disabled codes are left out of the next release. */
  status: recordStatus,
});

export const errorCodeCreateBody = errorCodeFields
  .extend({
    texts: optionalI18nText(500).prefault({}),
    action: errorCodeFields.shape.action.default('none'),
    status: recordStatus.default('active'),
  })
  .superRefine((value, ctx) => {
    for (const lang of placeholderMismatches(value.default_text, value.texts)) {
      ctx.addIssue({ code: 'custom', path: ['texts', lang], params: { key: 'placeholders_mismatch' } });
    }
  });
export type ErrorCodeCreate = z.input<typeof errorCodeCreateBody>;

/** Fields left out keep their value (languages too); placeholders are checked on the merged result. */
export const errorCodeUpdateBody = errorCodeFields
  .partial()
  .extend({ texts: i18nTextPatch(500).optional(), version: versionField });
export type ErrorCodeUpdate = z.input<typeof errorCodeUpdateBody>;

export const errorCodeItem = errorCodeFields.extend({ ...rowMeta, product_id: idField });
export type ErrorCodeText = z.infer<typeof errorCodeItem>;

export const ERROR_CODE_SORTS = [
  'id',
  'code',
  'module',
  'action',
  'status',
  'created_at',
  'updated_at',
] as const;
export const errorCodeFilters = {
  /** Matches the code or the default text. */
  q: keyword,
  module: safeText().trim().max(32).optional(),
  action: z.enum(CLIENT_ACTIONS).optional(),
  status: recordStatus.optional(),
  /** Codes without a text in this language. */
  missing_lang: z.enum(LANGUAGES).optional(),
};
export const errorCodeListQuery = listQuery(ERROR_CODE_SORTS, errorCodeFilters);
export const errorCodeExportQuery = exportQuery(errorCodeFilters);
export const errorCodeListAnswer = listAnswer(errorCodeItem);

/**
 * Error-code texts: the working copy, keyed in sheets by the immutable code. Publishing and rolling
 * back need the page's approve permission (`permissions.approve`).
 */
export const errorCodesResource = defineResource({
  name: 'error-codes',
  page: '/basic/error-code',
  scope: 'product',
  logTarget: 'error_code',
  namespace: 'errorCodes',
  item: errorCodeItem,
  create: errorCodeCreateBody,
  update: errorCodeUpdateBody,
  list: errorCodeListQuery,
  export: errorCodeExportQuery,
  filters: ['q', 'module', 'action', 'status', 'missing_lang'],
  // By code unless asked otherwise.
  sorts: ['code', 'id', 'module', 'action', 'status', 'created_at', 'updated_at'],
  remove: 'delete',
  sheet: { key: 'code', columns: ['module', 'default_text', 'texts', 'action', 'status'] },
});

/** `GET /error-codes/missing?lang=`: enabled codes missing `lang` (any language when absent). */
export const errorCodeMissingQuery = listQuery(['code', 'module'], { lang: z.enum(LANGUAGES).optional() });
export const errorCodeMissingAnswer = z.object({
  list: z.array(
    z.object({
      id: idField,
      code: z.string(),
      module: z.string(),
      default_text: z.string(),
      missing: z.array(z.enum(LANGUAGES)),
    }),
  ),
  total: z.number().int(),
  /** Enabled codes and, per language, how many lack a text. */
  codes: z.number().int(),
  by_language: z.record(z.enum(LANGUAGES), z.number().int()),
});
export type ErrorCodeMissing = z.infer<typeof errorCodeMissingAnswer>;

export const errorCodePublishBody = z.object({ note: safeText().trim().max(200).default('') });

/** One code as a release holds it. */
export const releasedErrorCode = errorCodeFields.pick({
  code: true,
  module: true,
  default_text: true,
  texts: true,
  action: true,
});
export type ReleasedErrorCode = z.infer<typeof releasedErrorCode>;

export const errorCodeRelease = z.object({
  number: z.number().int(),
  note: z.string(),
  count: z.number().int(),
  /** The release this one restored, for rollbacks. */
  rollback_of: z.number().int().nullable(),
  /** Whether games read this release now (the newest one). */
  live: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
});
export type ErrorCodeRelease = z.infer<typeof errorCodeRelease>;
export const errorCodeReleaseDetail = errorCodeRelease.extend({ codes: z.array(releasedErrorCode) });
export const releaseListQuery = listQuery(['number'], {});
export const releaseParam = z.object({ n: queryInt(1) });
