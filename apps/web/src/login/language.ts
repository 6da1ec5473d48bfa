import { isLanguage, pickLanguage, type Language } from '@rx/contracts/languages';

/** The sign-in page's language: `?lang=`, else the saved choice, else the browser's languages. */
export function chooseLanguage(
  query: URLSearchParams,
  saved: string | null,
  browserLanguages: readonly string[],
): Language {
  const requested = query.get('lang');
  if (isLanguage(requested)) return requested;
  if (isLanguage(saved)) return saved;
  return pickLanguage(browserLanguages.join(','));
}
