import { FALLBACK_LANGUAGE, type Language } from '@rx/contracts/languages';

/** A text per language in `lang`, falling back to zh (what players in that language see). */
export function textIn(text: Partial<Record<Language, string>> | undefined, lang: Language): string {
  return text?.[lang]?.trim() || text?.[FALLBACK_LANGUAGE] || '';
}

export type WindowState = 'always' | 'upcoming' | 'current' | 'ended';

/** Where `now` falls in a validity window whose ends may be open (null). */
export function windowState(from: string | null, to: string | null, now = Date.now()): WindowState {
  if (!from && !to) return 'always';
  if (from && Date.parse(from) > now) return 'upcoming';
  if (to && Date.parse(to) <= now) return 'ended';
  return 'current';
}

/** `#12` for a reference whose name is not known (another page of results, or no access). */
export function refName(names: ReadonlyMap<number, string>, id: number | null | undefined): string {
  if (id === null || id === undefined) return '';
  return names.get(id) ?? `#${id}`;
}

/** The contents of a gift as `name ×quantity` lines, props named through `names`. */
export function contentLines(
  contents: readonly { prop_id: number; quantity: number }[],
  names: ReadonlyMap<number, string>,
): string[] {
  return contents.map((c) => `${refName(names, c.prop_id)} ×${c.quantity.toLocaleString()}`);
}
