import { describe, expect, it } from 'vitest';
import { changeRows } from './diff.ts';

describe('changeRows', () => {
  it('lists what differs, a code at a time, leaving the same out', () => {
    const before = { '1001': { module: 'net', default_text: 'A', texts: { en: 'A' } } };
    const after = {
      '1001': { module: 'net', default_text: 'B', texts: { en: 'A' } },
      '1002': { module: 'pay', default_text: 'C', texts: {} },
    };
    expect(changeRows(before, after)).toEqual([
      { path: '1001.default_text', before: 'A', after: 'B' },
      { path: '1002.module', before: '', after: 'pay' },
      { path: '1002.default_text', before: '', after: 'C' },
      { path: '1002.texts', before: '', after: '{}' },
    ]);
    expect(changeRows({ prices: [{ amount: 1 }] }, { prices: [{ amount: 2 }] })).toEqual([
      { path: 'prices', before: '[{"amount":1}]', after: '[{"amount":2}]' },
    ]);
  });
});
