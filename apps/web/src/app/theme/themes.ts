import { theme, type ThemeConfig } from 'antd';
import type { GlobalToken } from 'antd';
import type { ThemeName } from '@/shared/settings.ts';

/** The blue-tinted backgrounds of the dark-blue theme: a night-blue layout with lifted panels. */
const DARK_BLUE_BACKGROUNDS = {
  colorBgBase: '#0b1733',
  colorBgLayout: '#071026',
  colorBgContainer: '#0f1f42',
  colorBgElevated: '#15284f',
} as const;

/*
 * Colours for WCAG AA: every text colour reaches 4.5:1 on the surface it is drawn on
 * (contrast.test.ts computes each pair). antd's own fall short (primary #1677ff on white 4.1:1,
 * grey descriptions 3.4:1, green and gold tag texts near 2:1).
 *
 * Light: the same hues, deep enough to carry white text and to read as text on white. Secondary
 * and placeholder greys are darker; tags and Typography draw their text in a deeper shade of
 * their colour, while icons and fills keep the bright one.
 */
const LIGHT_SUCCESS_TEXT = '#357e10';
const LIGHT_WARNING_TEXT = '#966503';
const LIGHT_GREY_TEXT = 'rgba(0, 0, 0, 0.57)';

const LIGHT: ThemeConfig = {
  algorithm: theme.defaultAlgorithm,
  token: {
    colorPrimary: '#0063ef',
    colorInfo: '#0063ef',
    colorLink: '#0063ef',
    colorError: '#cf1322',
    colorSuccessText: LIGHT_SUCCESS_TEXT,
    colorWarningText: LIGHT_WARNING_TEXT,
    colorTextTertiary: LIGHT_GREY_TEXT,
    colorTextPlaceholder: LIGHT_GREY_TEXT,
  },
  components: {
    // A tag's text is shade 7 of its colour on shade 1; these colours need a deeper shade.
    Tag: {
      colorSuccess: LIGHT_SUCCESS_TEXT,
      colorWarning: LIGHT_WARNING_TEXT,
      cyan7: '#006d75',
      green7: '#237804',
      orange7: '#ad4e00',
      yellow7: '#876800',
      volcano7: '#ad2102',
      lime7: '#3f6600',
      gold7: '#874d00',
    },
  },
};

interface DarkColours {
  backgrounds?: Record<string, string>;
  /** Seeds: the dark algorithm dims them against the background. */
  accent: string;
  error: string;
  textOnAccent: string;
}

/**
 * Dark: light accents, so coloured text reads on the dark panels; text on a filled accent (primary
 * and danger buttons, the active tab) turns dark, as in other dark consoles. Tooltips keep white
 * text on their grey.
 */
function darkTheme({ backgrounds = {}, accent, error, textOnAccent }: DarkColours): ThemeConfig {
  return {
    algorithm: theme.darkAlgorithm,
    token: {
      ...backgrounds,
      colorPrimary: accent,
      colorInfo: accent,
      colorLink: accent,
      colorError: error,
      colorTextLightSolid: textOnAccent,
      colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
      colorTextPlaceholder: 'rgba(255, 255, 255, 0.6)',
    },
    components: {
      Tooltip: { colorTextLightSolid: '#ffffff' },
      // The selected item's text is the accent itself: the algorithm's dimmed primary fell under
      // 4.5:1 on the selection inside an open group (its own background lies between).
      Menu: { itemSelectedBg: 'rgba(105, 177, 255, 0.12)', itemSelectedColor: accent },
      Tag: { purple7: '#ab7ae0', geekblue7: '#7f9ef3' },
    },
  };
}

/**
 * antd's theme for each console theme (spec §3): dark and dark-blue use the dark algorithm. Without
 * `motion` (the system asks for reduced motion) drawers, menus and messages appear without animating.
 */
export function themeConfig(name: ThemeName, { motion = true }: { motion?: boolean } = {}): ThemeConfig {
  const config = colourTheme(name);
  return motion ? config : { ...config, token: { ...config.token, motion: false } };
}

function colourTheme(name: ThemeName): ThemeConfig {
  switch (name) {
    case 'dark':
      return darkTheme({ accent: '#69b1ff', error: '#ff7875', textOnAccent: '#0a0a0a' });
    case 'dark-blue':
      return darkTheme({
        backgrounds: DARK_BLUE_BACKGROUNDS,
        accent: '#85baff',
        error: '#ff9c9a',
        textOnAccent: DARK_BLUE_BACKGROUNDS.colorBgLayout,
      });
    default:
      return LIGHT;
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
    '--rx-color-on-accent': token.colorTextLightSolid,
    '--rx-color-error': token.colorError,
    '--rx-color-warning-text': token.colorWarningText,
    '--rx-color-warning-bg': token.colorWarningBg,
    '--rx-color-hover': token.colorFillTertiary,
    '--rx-shadow': token.boxShadowTertiary,
    '--rx-font-family': token.fontFamily,
  };
}
