import { MAX_MATCH_TEXT, type Reply, type ReplyKeyword, type ReplyMode } from '@rx/contracts';

/** What the matcher needs of a rule. */
export interface MatchableRule {
  id: number;
  channelId: number | null;
  platform: string | null;
  keywords: ReplyKeyword[];
  replies: Reply[];
  mode: ReplyMode;
  priority: number;
  startAt: Date | null;
  endAt: Date | null;
  enabled: boolean;
}

/** Compiled patterns, reused across requests (a rule's patterns change rarely). */
const compiled = new Map<string, RegExp>();

function regexOf(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) {
    if (compiled.size >= 1000) compiled.clear();
    regex = new RegExp(pattern, 'iu');
    compiled.set(pattern, regex);
  }
  return regex;
}

/** Equal and contains ignore case and surrounding spaces; a regex is tested case-insensitively. */
export function keywordMatches(keyword: ReplyKeyword, text: string): boolean {
  const said = text.trim().toLowerCase();
  const word = keyword.text.trim().toLowerCase();
  if (keyword.match === 'equal') return said === word;
  if (keyword.match === 'contains') return said.includes(word);
  try {
    return regexOf(keyword.text).test(text);
  } catch {
    return false;
  }
}

export function isActive(rule: MatchableRule, now: Date): boolean {
  return (
    rule.enabled &&
    (rule.startAt === null || rule.startAt.getTime() <= now.getTime()) &&
    (rule.endAt === null || rule.endAt.getTime() > now.getTime())
  );
}

/**
 * The rule that answers `text`: among the active rules, the highest priority first; at equal
 * priority the one for the exact channel or platform before the catch-all, then the oldest.
 */
export function findRule<R extends MatchableRule>(
  rules: R[],
  input: string,
  now: Date,
): { rule: R; keyword: ReplyKeyword } | null {
  const text = input.slice(0, MAX_MATCH_TEXT);
  const specific = (rule: R) => (rule.channelId !== null ? 2 : 0) + (rule.platform !== null ? 1 : 0);
  const ordered = rules
    .filter((rule) => isActive(rule, now))
    .sort((a, b) => b.priority - a.priority || specific(b) - specific(a) || a.id - b.id);
  for (const rule of ordered) {
    const keyword = rule.keywords.find((k) => keywordMatches(k, text));
    if (keyword) return { rule, keyword };
  }
  return null;
}

/** The replies a rule sends: all of them, or one at random. */
export function repliesOf(mode: ReplyMode, replies: Reply[], random: () => number = Math.random): Reply[] {
  if (mode === 'reply_all' || replies.length <= 1) return replies;
  return [replies[Math.floor(random() * replies.length)]!];
}

/** The text two keywords are compared by when looking for overlaps. */
export function keywordKey(keyword: ReplyKeyword): string {
  return keyword.text.trim().toLowerCase();
}
