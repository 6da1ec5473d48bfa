import { describe, expect, it } from 'vitest';
import { replaceInJson } from './erase.ts';

describe('replaceInJson (an openid inside JSON, as a whole token)', () => {
  it('replaces it in values, keys and longer strings at any depth', () => {
    expect(
      replaceInJson(
        { a: [{ b: 'p1 said hi' }, ['x', 'p1']], p1: { c: '(p1)' }, n: 1, f: false, z: null },
        'p1',
        'erased-9',
      ),
    ).toEqual({
      a: [{ b: 'erased-9 said hi' }, ['x', 'erased-9']],
      'erased-9': { c: '(erased-9)' },
      n: 1,
      f: false,
      z: null,
    });
  });

  it('leaves longer openids alone and takes the openid literally (no pattern)', () => {
    expect(replaceInJson(['p10', 'xp1', 'p1_b', 'p1-b'], 'p1', 'e')).toEqual(['p10', 'xp1', 'p1_b', 'e-b']);
    // A dot in an openid is a dot: "a.b" is not in "axb".
    expect(replaceInJson({ k: 'axb a.b' }, 'a.b', 'e')).toEqual({ k: 'axb e' });
    // A replacement text is not a pattern either ("$&" stays as written).
    expect(replaceInJson('to p1', 'p1', '$&-$1')).toBe('to $&-$1');
  });
});
