import { RE2JS } from 're2js';
import {
  MAX_MATCH_TEXT,
  type Reply,
  type ReplyKeyword,
  type ReplyMode,
  type ValidationKey,
} from '@rx/contracts';

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

/**
 * Regex keywords run on RE2 (re2js): matching is linear in the text, whatever the pattern, so no
 * player text can stall the server (a backtracking engine takes exponential time on `^(a|a?)+$`).
 * RE2 has no lookaround or backreferences; such patterns are refused on save. The compiled program
 * is bounded too, since the work per character grows with it (counted repeats such as `.{300}`
 * expand into one instruction per repeat).
 */
export const MAX_REGEX_PROGRAM = 300;

/** Compiled patterns (null: RE2 refuses it), reused across requests; a rule's patterns change rarely. */
const compiled = new Map<string, RE2JS | null>();

function compile(pattern: string): RE2JS {
  // Keywords are written in JavaScript syntax (`\u4e00`, `(?<name>…)`): translate to RE2's.
  return RE2JS.compile(RE2JS.translateRegExp(pattern), RE2JS.CASE_INSENSITIVE);
}

export function keywordRegex(pattern: string): RE2JS | null {
  if (compiled.has(pattern)) return compiled.get(pattern)!;
  if (compiled.size >= 1000) compiled.clear();
  let regex: RE2JS | null;
  try {
    regex = compile(pattern);
    if (regex.programSize() > MAX_REGEX_PROGRAM) regex = null;
  } catch {
    regex = null;
  }
  compiled.set(pattern, regex);
  return regex;
}

/** Why a regex keyword cannot be saved, or null when it can. */
export function regexProblem(pattern: string): ValidationKey | null {
  let regex: RE2JS;
  try {
    regex = compile(pattern);
  } catch {
    // Valid JavaScript that RE2 cannot run is lookaround or a backreference.
    try {
      new RegExp(pattern, 'u');
      return 'regex_unsupported';
    } catch {
      return 'bad_regex';
    }
  }
  return regex.programSize() > MAX_REGEX_PROGRAM ? 'bad_regex' : null;
}

/** Equal and contains ignore case and surrounding spaces; a regex is tested case-insensitively. */
export function keywordMatches(keyword: ReplyKeyword, text: string): boolean {
  const said = text.trim().toLowerCase();
  const word = keyword.text.trim().toLowerCase();
  if (keyword.match === 'equal') return said === word;
  if (keyword.match === 'contains') return said.includes(word);
  return keywordRegex(keyword.text)?.test(text) ?? false;
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
