import type { Language } from '@rx/contracts/languages';
import { RTL_LANGUAGES } from '@rx/contracts/languages';

/** BCP 47 tags for `<html lang>`: our codes `zh` and `tc` are not tags by themselves. */
const HTML_LANG: Record<Language, string> = {
  zh: 'zh-CN',
  en: 'en',
  ja: 'ja',
  th: 'th',
  vi: 'vi',
  tl: 'tl',
  id: 'id',
  ar: 'ar',
  tc: 'zh-TW',
};

/** The `lang` attribute value for a language. */
export function htmlLang(lang: Language): string {
  return HTML_LANG[lang];
}

export type Direction = 'ltr' | 'rtl';

export function directionOf(lang: Language): Direction {
  return RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr';
}

/** Sets `<html lang dir>` so fonts, screen readers and CSS logical properties follow the language. */
export function applyDocumentLanguage(lang: Language): Direction {
  const dir = directionOf(lang);
  document.documentElement.lang = htmlLang(lang);
  document.documentElement.dir = dir;
  return dir;
}
