import { describe, expect, it } from 'vitest';
import {
  languagesByGap,
  placeholderList,
  placeholderProblems,
  translatedPercent,
} from './error-code-helpers.ts';

describe('error-code helpers', () => {
  it('names each language whose placeholders differ from the default text', () => {
    const problems = placeholderProblems('封禁至 {0}，原因 {reason}', {
      en: 'Banned until {0} for {reason}',
      ja: '{0} まで',
      ar: 'محظور حتى {1} بسبب {reason}',
      th: '',
    });
    expect(problems).toEqual([
      { lang: 'ja', expected: ['{0}', '{reason}'], found: ['{0}'] },
      { lang: 'ar', expected: ['{0}', '{reason}'], found: ['{1}', '{reason}'] },
    ]);
  });

  it('accepts texts without placeholders when the default has none, and no values at all', () => {
    expect(placeholderProblems('网络错误', { en: 'Network error' })).toEqual([]);
    expect(placeholderProblems(undefined, undefined)).toEqual([]);
    expect(placeholderProblems('', { en: 'Wait {time}' })).toEqual([
      { lang: 'en', expected: [], found: ['{time}'] },
    ]);
  });

  it('lists placeholders for a message', () => {
    expect(placeholderList(['{0}', '{name}'])).toBe('{0} {name}');
    expect(placeholderList([])).toBe('—');
  });

  it('computes the translated share and orders languages by what they lack', () => {
    expect(translatedPercent(10, 3)).toBe(70);
    expect(translatedPercent(0, 0)).toBe(100);
    expect(translatedPercent(3, 5)).toBe(0);
    expect(languagesByGap({ zh: 0, en: 1, ja: 5, ar: 5 }).slice(0, 3)).toEqual(['ja', 'ar', 'en']);
  });
});
