import { z } from 'zod';

/** Field schemas shared by the business resources, so every form and request checks them alike. */

/** Status of a catalogue row: disabled rows stay (something may refer to them) but are not offered. */
export const RECORD_STATUSES = ['active', 'disabled'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const recordStatus = z.enum(RECORD_STATUSES);

/** A text per interface language: `zh` is required, the others may stay empty (they fall back to zh). */
export function i18nText(max = 64) {
  const other = z.string().trim().max(max).default('');
  return z.object({
    zh: z.string().trim().min(1).max(max),
    en: other,
    ja: other,
    th: other,
    vi: other,
    tl: other,
    id: other,
    ar: other,
    tc: other,
  });
}
export type I18nText = z.infer<ReturnType<typeof i18nText>>;

/** A machine code: letters, digits, `_`, `.`, `-`, starting with a letter or digit. */
export const codeField = (max = 64) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/);

/** An image address: empty, absolute http(s), or a path on the console's own host. */
export const iconUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^(https?:\/\/\S+|\/\S*)?$/);

/** The row version an edit was based on; a stale one is refused with 409001. */
export const versionField = z.number().int().min(1);

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
export const idField = z.number().int().positive();

/** A `0`/`1` (or `true`/`false`) query flag. */
export const queryFlag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

/** A keyword filter on codes and names. */
export const keyword = z.string().trim().max(64).optional();

/** An ISO 8601 time with its offset, e.g. `2025-01-01T00:00:00+08:00`. */
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
  const text = z.string().trim().max(max).default('');
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
  const text = z.string().trim().max(max).optional();
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
