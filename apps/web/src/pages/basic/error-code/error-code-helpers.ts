import { placeholderMismatches, placeholdersOf } from '@rx/contracts/error-codes';
import { LANGUAGES, type Language } from '@rx/contracts/languages';

export interface PlaceholderProblem {
  lang: Language;
  /** The default text's placeholders. */
  expected: string[];
  /** The language's own. */
  found: string[];
}

/** The languages whose text has other placeholders than the default text, with both sets. */
export function placeholderProblems(
  defaultText: string | undefined,
  texts: Partial<Record<Language, string>> | undefined,
): PlaceholderProblem[] {
  const expected = placeholdersOf(defaultText ?? '');
  return placeholderMismatches(defaultText ?? '', texts ?? {}).map((lang) => ({
    lang,
    expected,
    found: placeholdersOf(texts?.[lang] ?? ''),
  }));
}

/** `{0} {name}`, or a dash for none. */
export function placeholderList(placeholders: string[]): string {
  return placeholders.length ? placeholders.join(' ') : '—';
}

/** Share of enabled codes translated in a language, 0–100 (100 when there are no codes). */
export function translatedPercent(codes: number, missing: number): number {
  if (codes <= 0) return 100;
  return Math.round(((codes - Math.min(missing, codes)) / codes) * 100);
}

/** The languages of a report, the ones missing most first (ties in interface order). */
export function languagesByGap(byLanguage: Partial<Record<Language, number>>): Language[] {
  return [...LANGUAGES].sort((a, b) => (byLanguage[b] ?? 0) - (byLanguage[a] ?? 0));
}
