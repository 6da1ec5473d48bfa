import type { Channel } from '@rx/contracts/channels';
import { FALLBACK_LANGUAGE, type Language } from '@rx/contracts/languages';

/** A text per language in `lang`, falling back to zh (what players in that language see). */
export function textIn(text: Partial<Record<Language, string>> | undefined, lang: Language): string {
  return text?.[lang]?.trim() || text?.[FALLBACK_LANGUAGE] || '';
}

/** `#12` for a reference whose name is not known (another page of results, or no access). */
export function refName(names: ReadonlyMap<number, string>, id: number | null | undefined): string {
  if (id === null || id === undefined) return '';
  return names.get(id) ?? `#${id}`;
}

/** A channel as pickers and references show it: its name and its code. */
export const channelLabel = (channel: Channel) => `${channel.name} (${channel.code})`;
