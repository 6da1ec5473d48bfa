import { LANGUAGES, type I18nText } from '@rx/contracts';

/** One cell of an export: numbers stay numbers in XLSX; everything is text in CSV. */
export type Cell = string | number | boolean | null;

/** The text of a cell, as an import reads it back. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  return String(cell);
}

/** Separator of list cells (`ios|android`). */
export const LIST_SEPARATOR = '|';

/** Turning the text of an imported cell into the value the request schema expects. */
export const parseCell = {
  text: (value: string | undefined): string => (value ?? '').trim(),
  /** Empty: absent (the schema's default or "required"); not a number: NaN ("invalid"). */
  number: (value: string | undefined): number | undefined =>
    (value ?? '').trim() === '' ? undefined : Number(value),
  /** Empty: null. */
  nullableNumber: (value: string | undefined): number | null =>
    (value ?? '').trim() === '' ? null : Number(value),
  nullableText: (value: string | undefined): string | null => (value ?? '').trim() || null,
  /** true/false, 1/0, yes/no; anything else is passed on for the schema to refuse. */
  bool: (value: string | undefined): unknown => {
    const text = (value ?? '').trim().toLowerCase();
    if (text === '') return undefined;
    if (['true', '1', 'yes', 'y'].includes(text)) return true;
    if (['false', '0', 'no', 'n'].includes(text)) return false;
    return text;
  },
  list: (value: string | undefined): string[] =>
    (value ?? '')
      .split(LIST_SEPARATOR)
      .map((item) => item.trim())
      .filter(Boolean),
};

export function listCell(values: readonly (string | number)[]): string {
  return values.join(LIST_SEPARATOR);
}

/** Times are exported in UTC ISO form, so a round trip compares equal. */
export function timeCell(value: string | Date | null | undefined): string {
  return value ? new Date(value).toISOString() : '';
}

/** The last columns of a sheet of edited rows: the version and the times. */
export const STAMP_HEADERS = ['version', 'created_at', 'updated_at'] as const;

/** A row's version and times as the cells of `STAMP_HEADERS`. */
export function stampCells(item: { version: number; created_at: string; updated_at: string }) {
  return {
    version: item.version,
    created_at: timeCell(item.created_at),
    updated_at: timeCell(item.updated_at),
  };
}

/** The columns of a text per language: `name.zh`, `name.en`, … */
export function i18nHeaders(base: string): string[] {
  return LANGUAGES.map((lang) => `${base}.${lang}`);
}

export function i18nCells(base: string, text: Partial<I18nText>): Record<string, Cell> {
  return Object.fromEntries(LANGUAGES.map((lang) => [`${base}.${lang}`, text[lang] ?? '']));
}

export function i18nFromCells(base: string, cells: Record<string, string>): Record<string, string> {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, (cells[`${base}.${lang}`] ?? '').trim()]));
}
