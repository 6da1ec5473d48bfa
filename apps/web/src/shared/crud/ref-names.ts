import type { Channel } from '@rx/contracts/channels';
import type { Language } from '@rx/contracts/languages';
import { textFor } from '@rx/contracts/required-language';

/** A text per language in `lang`, else the language it was written in (what players in `lang` see). */
export function textIn(text: Partial<Record<Language, string>> | undefined, lang: Language): string {
  return textFor(text, lang);
}

/** `#12` for a reference whose name is not known (another page of results, or no access). */
export function refName(names: ReadonlyMap<number, string>, id: number | null | undefined): string {
  if (id === null || id === undefined) return '';
  return names.get(id) ?? `#${id}`;
}

/** A channel as pickers and references show it: its name and its code. */
export const channelLabel = (channel: Channel) => `${channel.name} (${channel.code})`;
