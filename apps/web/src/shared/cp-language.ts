import type { Language } from '@rx/contracts/languages';
import { useSession } from '@/app/session.ts';

/** The language every multilingual text of the signed-in CP must have (its default language). */
export function currentCpLanguage(): Language {
  return useSession.getState().cpConfig?.default_lang ?? 'zh';
}

/** {@link currentCpLanguage}, following the session. */
export function useCpLanguage(): Language {
  return useSession((state) => state.cpConfig?.default_lang ?? 'zh');
}
