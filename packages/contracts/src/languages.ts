/** The nine interface languages. `zh` is the fallback; `ar` is written right to left. */
export const LANGUAGES = ['zh', 'en', 'ja', 'th', 'vi', 'tl', 'id', 'ar', 'tc'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'zh';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

/** Each language's own name, shown in language pickers. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  zh: '简体中文',
  en: 'English',
  ja: '日本語',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  tl: 'Tagalog',
  id: 'Bahasa Indonesia',
  ar: 'العربية',
  tc: '繁體中文',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks a supported language from a stored value or an Accept-Language header. */
export function pickLanguage(value: string | null | undefined): Language {
  if (!value) return FALLBACK_LANGUAGE;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (isLanguage(tag)) return tag;
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-hant') return 'tc';
    if (tag === 'fil') return 'tl';
    const base = tag.split('-')[0]!;
    if (isLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}

/** A text in every language; missing languages fall back to `zh`. */
export type Translated = Record<Language, string>;
