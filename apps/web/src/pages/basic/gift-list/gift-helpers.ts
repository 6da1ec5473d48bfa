import { refName } from '@/shared/crud/ref-names.ts';

export type WindowState = 'always' | 'upcoming' | 'current' | 'ended';

/** Where `now` falls in a validity window whose ends may be open (null). */
export function windowState(from: string | null, to: string | null, now = Date.now()): WindowState {
  if (!from && !to) return 'always';
  if (from && Date.parse(from) > now) return 'upcoming';
  if (to && Date.parse(to) <= now) return 'ended';
  return 'current';
}

/** The contents of a gift as `name ×quantity` lines, props named through `names`. */
export function contentLines(
  contents: readonly { prop_id: number; quantity: number }[],
  names: ReadonlyMap<number, string>,
): string[] {
  return contents.map((c) => `${refName(names, c.prop_id)} ×${c.quantity.toLocaleString()}`);
}
