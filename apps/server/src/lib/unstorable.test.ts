import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, unstorableFields } from './unstorable.ts';

describe('unstorableFields', () => {
  it('names every string and key holding U+0000 or a lone surrogate, by its path', () => {
    const value = JSON.parse(
      '{"name":{"zh":"a\\u0000b","en":"ok"},"tags":["x","\\ud800"],"deep":[{"t":"\\udc00z"}],"k\\u0000":1}',
    );
    expect(
      unstorableFields(value)
        .map((f) => `${f.path}:${f.key}`)
        .sort(),
    ).toEqual([
      '_:invalid_character',
      'deep.0.t:invalid_character',
      'name.zh:invalid_character',
      'tags.1:invalid_character',
    ]);
    expect(unstorableFields('x\u0000')).toEqual([{ path: '_', key: 'invalid_character' }]);
  });

  it('passes well-formed input, numbers, null and raw file bodies', () => {
    expect(
      unstorableFields({ a: '礼包 🎁', b: [1, null, true, '\u0001'], c: { d: '\uD83D\uDE00' } }),
    ).toEqual([]);
    expect(unstorableFields(Buffer.from('a\u0000b'))).toEqual([]);
    expect(unstorableFields(undefined)).toEqual([]);
  });

  it('refuses input nested deeper than any request needs, and stops after a few findings', () => {
    let deep: unknown = 'x';
    for (let i = 0; i <= MAX_INPUT_DEPTH; i++) deep = [deep];
    expect(unstorableFields(deep)).toEqual([
      { path: Array(MAX_INPUT_DEPTH).fill('0').join('.'), key: 'invalid' },
    ]);
    expect(unstorableFields(Array(1000).fill('\u0000'))).toHaveLength(20);
  });
});
