import { describe, expect, it } from 'vitest';
import { repliesInLanguage, type Reply } from './auto-replies.ts';

const zh: Reply = { type: 'text', text: '你好', lang: 'zh' };
const en: Reply = { type: 'text', text: 'Hello', lang: 'en' };
const ja: Reply = { type: 'text', text: 'こんにちは', lang: 'ja' };
const any: Reply = { type: 'text', text: ':)' };
const image: Reply = { type: 'image', url: '/files/hi.png' };

describe('repliesInLanguage', () => {
  it("answers the player's language, else any language, else the CP's, then zh; pictures go to all", () => {
    expect(repliesInLanguage([zh, en, ja, image], 'en', 'ja')).toEqual([en, image]);
    expect(repliesInLanguage([zh, en, any], 'th', 'ja')).toEqual([any]);
    expect(repliesInLanguage([zh, en, ja], 'th', 'ja')).toEqual([ja]);
    expect(repliesInLanguage([zh, en], 'th', 'ja')).toEqual([zh]);
    expect(repliesInLanguage([zh, en], null, 'en')).toEqual([en]);
  });

  it('offers no text in a language nobody asked for, and keeps rules saved before texts had a language', () => {
    expect(repliesInLanguage([ja, image], 'en', 'zh')).toEqual([image]);
    const old: Reply[] = [
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b', lang: '' },
    ];
    expect(repliesInLanguage(old, 'ar', 'zh')).toEqual(old);
  });
});
