import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT_SETTINGS } from '@/shared/settings.ts';
import { isNumberSetting, NUMBER_SETTINGS, SETTING_SECTIONS } from './fields.ts';

describe('the settings drawer', () => {
  it('offers every layout setting exactly once (the mode apart, as a choice of three), numbers in range', () => {
    const shown = SETTING_SECTIONS.flatMap((section) => section.keys);
    const all = Object.keys(DEFAULT_LAYOUT_SETTINGS).filter((key) => key !== 'layoutMode');
    expect([...shown].sort()).toEqual([...all].sort());
    expect(new Set(shown).size).toBe(shown.length);
    for (const key of shown.filter(isNumberSetting)) {
      const { min, max } = NUMBER_SETTINGS[key];
      expect(DEFAULT_LAYOUT_SETTINGS[key]).toBeGreaterThanOrEqual(min);
      expect(DEFAULT_LAYOUT_SETTINGS[key]).toBeLessThanOrEqual(max);
    }
    expect(all).toHaveLength(17);
  });
});
