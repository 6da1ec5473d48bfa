import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT_SETTINGS } from '../../../shared/settings.ts';
import { SETTING_SECTIONS } from './fields.ts';

describe('the settings drawer', () => {
  it('offers every layout setting exactly once (the mode apart, as a choice of three)', () => {
    const shown = SETTING_SECTIONS.flatMap((section) => section.keys);
    const all = Object.keys(DEFAULT_LAYOUT_SETTINGS).filter((key) => key !== 'layoutMode');
    expect([...shown].sort()).toEqual([...all].sort());
    expect(new Set(shown).size).toBe(shown.length);
    expect(all).toHaveLength(16);
  });
});
