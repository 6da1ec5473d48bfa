import type { CpConfig, PublishArea } from '@rx/contracts/acs';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@rx/contracts/languages';

/** A CP's default interface language, by its publish area: domestic Chinese, overseas English. */
export const AREA_LANGUAGES: Record<PublishArea, Language> = { gn: 'zh', hw: 'en' };

/** What the console left in storage that tells the sign-in page which language to speak. */
export interface SavedLanguageHints {
  /** The language last picked, here or in the console's switcher. */
  chosen: unknown;
  /** The language of the saved user info (the console's language for that user). */
  userLanguage: unknown;
  /** The CP the user last worked in. */
  cpConfig: Pick<CpConfig, 'publish_area'> | null;
}

/**
 * The sign-in page's language, matching the console rather than the browser: `?lang=`, else the last
 * language chosen, else the CP's default, else Chinese (the console's own default).
 */
export function chooseLanguage(query: URLSearchParams, saved: SavedLanguageHints): Language {
  const requested = query.get('lang');
  if (isLanguage(requested)) return requested;
  if (isLanguage(saved.chosen)) return saved.chosen;
  if (isLanguage(saved.userLanguage)) return saved.userLanguage;
  const area = saved.cpConfig?.publish_area;
  if (area === 'gn' || area === 'hw') return AREA_LANGUAGES[area];
  return FALLBACK_LANGUAGE;
}
