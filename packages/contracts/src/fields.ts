import { z } from 'zod';
import { markMultilingual } from './required-language.ts';

/** Field schemas shared by the business resources, so every form and request checks them alike. */

/** A UTF-16 surrogate without its pair: it has no UTF-8 form (jsonb refuses it, text alters it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const SURROGATE = /[\uD800-\uDFFF]/;

/** Whether a text holds a character PostgreSQL cannot store: U+0000 or a lone surrogate. */
export function hasUnstorableCharacter(value: string): boolean {
  // The plain class first: most texts have no surrogate at all, and it is far cheaper.
  return value.includes('\u0000') || (SURROGATE.test(value) && LONE_SURROGATE.test(value));
}

/**
 * Every text a request carries starts here: U+0000 and lone surrogates are refused (400001,
 * "invalid_character") instead of failing in the database as a 500.
 */
export const safeText = () =>
  z.string().refine((value) => !hasUnstorableCharacter(value), {
    params: { key: 'invalid_character' },
    abort: true,
  });

/** The range of a PostgreSQL `integer` column. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** An integer an `integer` column holds; a field with its own bounds passes them (within these). */
export const int32 = (min = INT32_MIN, max = INT32_MAX) => z.number().int().min(min).max(max);

/**
 * A decimal integer written the one way it prints: no sign but `-`, no leading zero, no space.
 * `" 1"`, `"01"` and `"\t1"` naming row 1 would let one row hide behind many spellings.
 */
export const CANONICAL_INT = /^(0|-?[1-9]\d*)$/;

/**
 * An integer sent as text (query string, path, header): canonical decimal only ({@link CANONICAL_INT}),
 * so `''`, `' 1'`, `01`, `1.5`, `1e3`, `0x10` and `Infinity` are refused rather than coerced, then
 * bounded like {@link int32}. `bigint` columns pass `Number.MAX_SAFE_INTEGER` as `max`.
 */
export const queryInt = (min = INT32_MIN, max = INT32_MAX) =>
  safeText().regex(CANONICAL_INT).transform(Number).pipe(z.number().int().min(min).max(max));

/** Status of a catalogue row: disabled rows stay (something may refer to them) but are not offered. */
export const RECORD_STATUSES = ['active', 'disabled'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const recordStatus = z.enum(RECORD_STATUSES);

/**
 * A text per interface language: one at least is filled in, the others may stay empty (they fall
 * back to the one filled in). Which one is required follows the CP: its default language
 * (`cps.default_lang`), checked by the server and the forms with `missingCpLanguage`.
 */
export function i18nText(max = 64) {
  const text = safeText().trim().max(max).default('');
  return markMultilingual(
    z
      .object({
        zh: text,
        en: text,
        ja: text,
        th: text,
        vi: text,
        tl: text,
        id: text,
        ar: text,
        tc: text,
      })
      .refine((value) => Object.values(value).some(Boolean), { params: { key: 'required' } }),
  );
}
export type I18nText = z.infer<ReturnType<typeof i18nText>>;

/** A machine code: letters, digits, `_`, `.`, `-`, starting with a letter or digit. */
export const codeField = (max = 64) =>
  safeText()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/);

/** An image address: empty, absolute http(s), or a path on the console's own host. */
export const iconUrl = safeText()
  .trim()
  .max(500)
  .regex(/^(https?:\/\/\S+|\/\S*)?$/);

/** The row version an edit was based on; a stale one is refused with 409001. */
export const versionField = int32(1);

export const idParam = z.object({ id: queryInt(1) });
/** The id in the path of a row of a `bigint` table (the operation log). */
export const bigIdParam = z.object({ id: queryInt(1, Number.MAX_SAFE_INTEGER) });
export const idField = int32(1);

/** A `0`/`1` (or `true`/`false`) query flag. */
export const queryFlag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

/** A keyword filter on codes and names. */
export const keyword = safeText().trim().max(64).optional();

/**
 * An ISO 8601 time with its offset, e.g. `2025-01-01T00:00:00+08:00`. Its pattern admits digits and
 * separators only, so it refuses NUL and surrogates itself.
 */
export const isoTime = z.iso.datetime({ offset: true });

/** A list of distinct values (a repeated one reads "listed more than once"). */
export function distinct<T extends z.ZodType>(item: T, max: number) {
  return z
    .array(item)
    .max(max)
    .refine((list) => new Set(list.map((v) => JSON.stringify(v))).size === list.length, {
      params: { key: 'duplicate_item' },
    });
}

/** The timestamps and version every row answers with. */
export const rowMeta = {
  id: idField,
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
};

/**
 * A text per interface language where every language may stay empty (translations filled in over
 * time). Create bodies add `.prefault({})`; update bodies use `i18nTextPatch`.
 */
export function optionalI18nText(max = 500) {
  const text = safeText().trim().max(max).default('');
  return z.object({
    zh: text,
    en: text,
    ja: text,
    th: text,
    vi: text,
    tl: text,
    id: text,
    ar: text,
    tc: text,
  });
}
export type OptionalI18nText = z.infer<ReturnType<typeof optionalI18nText>>;

/** Part of a text per language: the languages left out keep their value. */
export function i18nTextPatch(max = 500) {
  const text = safeText().trim().max(max).optional();
  return z.object({
    zh: text,
    en: text,
    ja: text,
    th: text,
    vi: text,
    tl: text,
    id: text,
    ar: text,
    tc: text,
  });
}
