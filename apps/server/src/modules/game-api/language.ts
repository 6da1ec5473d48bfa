import { pickLanguage, type Language } from '@rx/contracts';

/**
 * The language a game asked for (`zh`, `en-US`, `zh-Hant`…), or null when it is not one the
 * console writes texts in: the caller then answers the default (or zh) text.
 */
export function gameLanguage(tag: string | undefined): Language | null {
  if (!tag) return null;
  const picked = pickLanguage(tag);
  // pickLanguage falls back to zh for anything unknown; a game asking for zh says so.
  return picked === 'zh' && !/^zh/i.test(tag.trim()) ? null : picked;
}
