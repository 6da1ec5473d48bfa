import { describe, expect, it } from 'vitest';
import { theme, type GlobalToken } from 'antd';
import { THEME_NAMES, type ThemeName } from '@/shared/settings.ts';
import { themeConfig } from './themes.ts';

// WCAG 2.1 AA for text (1.4.3): 4.5:1 between each text colour and the surface it is drawn on, in
// every theme. The pairs are those antd's components and the shell draw with the tokens.

type Rgba = [r: number, g: number, b: number, a: number];

/** `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb()` and `rgba()`: the forms antd's tokens take. */
function parse(color: string): Rgba {
  const hex = /^#([0-9a-f]{3,8})$/i.exec(color)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const [r, g, b, a = 255] = (full.match(/../g) ?? []).map((pair) => parseInt(pair, 16));
    return [r!, g!, b!, a / 255];
  }
  const parts = /^rgba?\(([^)]+)\)$/.exec(color.replace(/\s/g, ''))?.[1]?.split(',').map(Number);
  if (!parts || parts.length < 3) throw new Error(`Unreadable colour: ${color}`);
  return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
}

/** A translucent colour as it shows over an opaque one. */
function over(top: string, below: string): Rgba {
  const [r, g, b, a] = parse(top);
  const [br, bg, bb] = parse(below);
  return [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a), 1];
}

const rgb = ([r, g, b]: Rgba) => `rgb(${r},${g},${b})`;

function luminance([r, g, b]: Rgba): number {
  const linear = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of text drawn in `text` on `surface` (itself drawn on `base` when translucent). */
function contrast(text: string, surface: string, base = '#ffffff'): number {
  const back = over(surface, base);
  const front = over(text, `rgb(${back.slice(0, 3).join(',')})`);
  const [high, low] = [luminance(front), luminance(back)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const PRESETS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;
const STATUSES = ['Success', 'Info', 'Warning', 'Error'] as const;

type Tokens = Record<string, string>;

/** The tokens antd computes for a theme, and those its config sets for one component. */
function tokensOf(name: ThemeName) {
  const config = themeConfig(name);
  const global = theme.getDesignToken(config) as GlobalToken & Tokens;
  const component = (key: string): Tokens => ({
    ...global,
    ...((config.components as Record<string, Tokens> | undefined)?.[key] ?? {}),
  });
  return { global, component };
}

/** Every text-on-surface pair that must reach 4.5:1 in a theme, named for the message. */
function pairs(name: ThemeName): [what: string, text: string, surface: string, base: string][] {
  const { global: t, component } = tokensOf(name);
  const menu = component('Menu');
  const tag = component('Tag');
  const button = component('Button');
  const tooltip = component('Tooltip');
  const surfaces = { container: t.colorBgContainer, elevated: t.colorBgElevated, layout: t.colorBgLayout };
  const list: [string, string, string, string][] = [];
  for (const [where, surface] of Object.entries(surfaces)) {
    for (const text of ['colorText', 'colorTextSecondary', 'colorTextDescription', 'colorTextPlaceholder'])
      list.push([`${text} on ${where}`, t[text]!, surface, surface]);
    // Links, the active tab and page number, the open menu group, Typography's coloured texts.
    for (const text of [
      'colorPrimary',
      'colorLink',
      'colorErrorText',
      'colorSuccessText',
      'colorWarningText',
    ])
      list.push([`${text} on ${where}`, t[text]!, surface, surface]);
    list.push([`default danger button on ${where}`, button.colorError!, surface, surface]);
  }
  list.push(
    [
      'selected menu item',
      menu.itemSelectedColor ?? t.colorPrimary,
      menu.itemSelectedBg ?? t.controlItemBgActive,
      t.colorBgContainer,
    ],
    // The page's item inside an open group of the sidebar: the group draws its own background
    // (`subMenuItemBg`) between the item's and the sidebar's.
    [
      'selected menu item in an open group',
      menu.itemSelectedColor ?? t.colorPrimary,
      menu.itemSelectedBg ?? t.controlItemBgActive,
      rgb(over(menu.subMenuItemBg ?? t.colorFillAlter, t.colorBgContainer)),
    ],
    ['selected group in a menu popup', t.colorPrimary, t.colorFillAlter, t.colorBgElevated],
    ['primary button', button.colorTextLightSolid!, button.colorPrimary!, t.colorBgContainer],
    ['danger button', button.colorTextLightSolid!, button.colorError!, t.colorBgContainer],
    ['active tab of the tab bar', t.colorTextLightSolid, t.colorPrimary, t.colorBgContainer],
    ['count on the bell', t.colorTextLightSolid, t.colorError, t.colorBgContainer],
    ['tooltip', tooltip.colorTextLightSolid!, t.colorBgSpotlight, t.colorBgContainer],
    ['menu tip (warning)', t.colorWarningText, t.colorWarningBg, t.colorBgContainer],
  );
  for (const status of STATUSES)
    list.push([`${status} tag`, tag[`color${status}`]!, tag[`color${status}Bg`]!, t.colorBgContainer]);
  for (const preset of PRESETS)
    list.push([`${preset} tag`, tag[`${preset}7`]!, tag[`${preset}1`]!, t.colorBgContainer]);
  return list;
}

describe('theme colours reach WCAG AA for text (4.5:1)', () => {
  for (const name of THEME_NAMES) {
    it(`in the ${name} theme`, () => {
      const failing = pairs(name)
        .map(([what, text, surface, base]) => ({ what, text, surface, ratio: contrast(text, surface, base) }))
        .filter(({ ratio }) => ratio < 4.5)
        .map(({ what, text, surface, ratio }) => `${what}: ${text} on ${surface} = ${ratio.toFixed(2)}`);
      expect(failing).toEqual([]);
    });
  }
});

describe('contrast', () => {
  it('matches the WCAG figures for known pairs', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrast('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
    // Translucent text is blended onto its surface first: rgba(0,0,0,0.45) on white is #8c8c8c.
    expect(contrast('rgba(0,0,0,0.45)', '#ffffff')).toBeCloseTo(3.36, 1);
  });
});
