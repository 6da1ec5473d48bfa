import { describe, expect, it } from 'vitest';
import { pickProduct } from './store.ts';

const games = [
  { id: 3, code: 'xianxia', name: '仙侠奇缘', region: 'gn' as const },
  { id: 4, code: 'tankwar', name: '坦克大作战', region: 'gn' as const },
];

describe('the chosen game', () => {
  it('keeps the saved game while the CP still has it, else takes the first', () => {
    expect(pickProduct(games, 4)).toBe(4);
    expect(pickProduct(games, 99)).toBe(3);
    expect(pickProduct(games, null)).toBe(3);
    expect(pickProduct([], 4)).toBeNull();
  });
});
