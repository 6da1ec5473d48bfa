import type { Language } from '@rx/contracts/languages';
import { currentLanguage } from './i18n.ts';

/** The BCP 47 locale of each interface language, for dates and numbers. */
export const INTL_LOCALES: Record<Language, string> = {
  zh: 'zh-CN',
  en: 'en-GB',
  ja: 'ja-JP',
  th: 'th-TH',
  vi: 'vi-VN',
  tl: 'fil-PH',
  id: 'id-ID',
  ar: 'ar',
  tc: 'zh-TW',
};

const formats = new Map<Language, Intl.DateTimeFormat>();

/** A date and time in the interface language (not the browser's), e.g. 2026/11/22 01:23. */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  lang: Language = currentLanguage(),
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[lang], { dateStyle: 'short', timeStyle: 'short' });
    formats.set(lang, format);
  }
  return format.format(date);
}

const numbers = new Map<Language, Intl.NumberFormat>();

/** A number in the interface language, grouped (2,000,000,000). */
export function formatNumber(value: number, lang: Language = currentLanguage()): string {
  let format = numbers.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[lang], { maximumFractionDigits: 20 });
    numbers.set(lang, format);
  }
  return format.format(value);
}

/** Currency formats per language and currency (making one costs far more than using it). */
const monies = new Map<string, { format: Intl.NumberFormat; digits: number } | null>();

/** An amount kept in the currency's minor unit (cents, fen) in the interface language: ¥6.00, US$0.99. */
export function formatMoney(minor: number, currency: string, lang: Language = currentLanguage()): string {
  const key = `${lang} ${currency}`;
  let money = monies.get(key);
  if (money === undefined) {
    try {
      const format = new Intl.NumberFormat(INTL_LOCALES[lang], { style: 'currency', currency });
      money = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    } catch {
      // Not a currency the browser knows: the amount in hundredths, then the code.
      money = null;
    }
    monies.set(key, money);
  }
  if (!money) return `${formatNumber(minor / 100, lang)} ${currency}`;
  return money.format.format(minor / 10 ** money.digits);
}
