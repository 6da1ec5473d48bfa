import { describe, expect, it } from 'vitest';
import { refName, textIn } from '@/shared/crud/ref-names.ts';
import { contentLines, windowState } from './gift-helpers.ts';

describe('gift helpers', () => {
  it('shows a text in the language, else the Chinese original', () => {
    expect(textIn({ zh: '月卡', en: 'Monthly Card' }, 'en')).toBe('Monthly Card');
    expect(textIn({ zh: '月卡', en: ' ' }, 'en')).toBe('月卡');
    expect(textIn({ zh: '月卡' }, 'ar')).toBe('月卡');
    expect(textIn(undefined, 'zh')).toBe('');
  });

  it('places now in a validity window with open ends', () => {
    const now = Date.parse('2025-06-01T00:00:00Z');
    expect(windowState(null, null, now)).toBe('always');
    expect(windowState('2025-07-01T00:00:00Z', null, now)).toBe('upcoming');
    expect(windowState(null, '2025-05-01T00:00:00Z', now)).toBe('ended');
    expect(windowState('2025-05-01T00:00:00Z', '2025-07-01T00:00:00Z', now)).toBe('current');
    // The end is excluded.
    expect(windowState(null, '2025-06-01T00:00:00Z', now)).toBe('ended');
  });

  it('names references, falling back to their id', () => {
    const names = new Map([[3, 'Gold']]);
    expect(refName(names, 3)).toBe('Gold');
    expect(refName(names, 9)).toBe('#9');
    expect(refName(names, null)).toBe('');
    expect(
      contentLines(
        [
          { prop_id: 3, quantity: 1000 },
          { prop_id: 9, quantity: 2 },
        ],
        names,
      ),
    ).toEqual([`Gold ×${(1000).toLocaleString()}`, '#9 ×2']);
  });
});
