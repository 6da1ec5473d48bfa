import { theme, type ThemeConfig } from 'antd';
import type { GlobalToken } from 'antd';
import type { ThemeName } from '../../shared/settings.ts';

/** The blue-tinted backgrounds of the dark-blue theme: a night-blue layout with lifted panels. */
const DARK_BLUE_BACKGROUNDS = {
  colorBgBase: '#0b1733',
  colorBgLayout: '#071026',
  colorBgContainer: '#0f1f42',
  colorBgElevated: '#15284f',
} as const;

/** antd's theme for each console theme (spec §3): dark and dark-blue use the dark algorithm. */
export function themeConfig(name: ThemeName): ThemeConfig {
  switch (name) {
    case 'dark':
      return { algorithm: theme.darkAlgorithm };
    case 'dark-blue':
      return { algorithm: theme.darkAlgorithm, token: { ...DARK_BLUE_BACKGROUNDS, colorPrimary: '#3c89e8' } };
    default:
      return { algorithm: theme.defaultAlgorithm };
  }
}

export function isDarkTheme(name: ThemeName): boolean {
  return name !== 'normal';
}

/**
 * The shell's own CSS variables (styles/layout.css reads them), taken from the antd tokens so the
 * header, sidebar and tab bar always match antd's components in every theme.
 */
export function shellVariables(token: GlobalToken): Record<`--rx-${string}`, string> {
  return {
    '--rx-color-bg-layout': token.colorBgLayout,
    '--rx-color-bg-container': token.colorBgContainer,
    '--rx-color-bg-elevated': token.colorBgElevated,
    '--rx-color-border': token.colorBorderSecondary,
    '--rx-color-text': token.colorText,
    '--rx-color-text-secondary': token.colorTextSecondary,
    '--rx-color-primary': token.colorPrimary,
    '--rx-color-hover': token.colorFillTertiary,
    '--rx-shadow': token.boxShadowTertiary,
    '--rx-font-family': token.fontFamily,
  };
}
