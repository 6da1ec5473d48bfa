import type { MenuEntry } from './build.ts';
import { leavesOf } from './build.ts';

/**
 * Menu search (spec §2): a page is found by its title in the interface language, its Chinese title,
 * the full pinyin of that title, or its initials ("yjgl" and "youjian" find 邮件管理).
 */

/** Full pinyin and initials of a text (pinyin-pro, loaded when the search opens). */
export type PinyinOf = (text: string) => { full: string; initials: string };

/** The search skips the first two top-level entries of the catalogue (home and work orders). */
export const SEARCH_SKIPS_TOP_LEVEL = 2;

export interface SearchItem {
  key: string;
  /** The title in the interface language. */
  title: string;
  /** Titles of the groups above, in the interface language. */
  trail: string[];
  newWindow?: string;
  /** Normalised texts the query is compared with. */
  texts: string[];
}

const HAN = /\p{Script=Han}/u;

/** Lower case, without spaces: "Mail Management" and "mailmanagement" compare equal. */
export function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}

/** The texts one title is found by: itself and, when it is Chinese, its pinyin and initials. */
export function textsOf(title: string, pinyinOf: PinyinOf | undefined): string[] {
  const texts = [normalise(title)];
  if (pinyinOf && HAN.test(title)) {
    const { full, initials } = pinyinOf(title);
    texts.push(normalise(full), normalise(initials));
  }
  return texts;
}

/**
 * The searchable pages of a menu. `translate` gives titles in the interface language, `chinese`
 * in Chinese (so a Chinese title is found by pinyin whatever the interface language).
 */
export function searchItems(
  menu: readonly MenuEntry[],
  translate: (key: string) => string,
  chinese: (key: string) => string,
  pinyinOf?: PinyinOf,
): SearchItem[] {
  return leavesOf(menu).map((entry) => {
    const title = translate(entry.title);
    const texts = new Set([...textsOf(title, pinyinOf), ...textsOf(chinese(entry.title), pinyinOf)]);
    return {
      key: entry.key,
      title,
      trail: entry.trail.map(translate),
      ...(entry.newWindow ? { newWindow: entry.newWindow } : {}),
      texts: [...texts],
    };
  });
}

/** The items matching a query: those with a text starting with it first, then those containing it. */
export function matchItems(items: readonly SearchItem[], query: string): SearchItem[] {
  const wanted = normalise(query);
  if (!wanted) return [];
  const starts: SearchItem[] = [];
  const contains: SearchItem[] = [];
  for (const item of items) {
    if (item.texts.some((text) => text.startsWith(wanted))) starts.push(item);
    else if (item.texts.some((text) => text.includes(wanted))) contains.push(item);
  }
  return [...starts, ...contains];
}

/** Moves the highlighted result by `step`, wrapping around. */
export function moveHighlight(current: number, step: number, count: number): number {
  if (count === 0) return 0;
  return (((current + step) % count) + count) % count;
}
