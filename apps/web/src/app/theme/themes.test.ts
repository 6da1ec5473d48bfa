import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { THEME_NAMES } from '@/shared/settings.ts';
import { isDarkTheme, shellVariables, themeConfig } from './themes.ts';

/** The blue share of a #rrggbb colour's red + blue, to tell a blue tint from a neutral grey. */
function blueTint(hex: string): number {
  const [r, , b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  return b - r;
}

describe('theme tokens', () => {
  it('uses the default algorithm for normal and the dark one for dark and dark blue', () => {
    expect(themeConfig('normal').algorithm).toBe(theme.defaultAlgorithm);
    expect(themeConfig('dark').algorithm).toBe(theme.darkAlgorithm);
    expect(themeConfig('dark-blue').algorithm).toBe(theme.darkAlgorithm);
    expect(THEME_NAMES.filter(isDarkTheme)).toEqual(['dark', 'dark-blue']);
  });

  it('turns antd motion off for staff who ask their system for reduced motion, keeping the colours', () => {
    for (const name of THEME_NAMES) {
      const still = themeConfig(name, { motion: false });
      expect(theme.getDesignToken(still).motion).toBe(false);
      expect(theme.getDesignToken(themeConfig(name)).motion).toBe(true);
      expect(theme.getDesignToken(still).colorPrimary).toBe(
        theme.getDesignToken(themeConfig(name)).colorPrimary,
      );
    }
  });

  it('gives normal light backgrounds and dark neutral ones', () => {
    const normal = theme.getDesignToken(themeConfig('normal'));
    const dark = theme.getDesignToken(themeConfig('dark'));
    expect(normal.colorBgContainer).toBe('#ffffff');
    expect(dark.colorBgContainer).not.toBe('#ffffff');
    expect(blueTint(dark.colorBgLayout)).toBe(0);
  });

  it('tints the dark-blue backgrounds blue', () => {
    const darkBlue = theme.getDesignToken(themeConfig('dark-blue'));
    for (const color of [darkBlue.colorBgBase, darkBlue.colorBgContainer, darkBlue.colorBgLayout]) {
      expect(color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(blueTint(color)).toBeGreaterThan(30);
    }
  });

  it('hands the shell its colours from the tokens of the current theme', () => {
    const token = theme.getDesignToken(themeConfig('dark-blue')) as Parameters<typeof shellVariables>[0];
    const variables = shellVariables(token);
    expect(variables['--rx-color-bg-container']).toBe(token.colorBgContainer);
    expect(variables['--rx-color-bg-layout']).toBe(token.colorBgLayout);
    for (const name of Object.keys(variables)) expect(name).toMatch(/^--rx-/);
  });
});
