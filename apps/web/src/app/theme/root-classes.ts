import type { LayoutSettings, ThemeName } from '@/shared/settings.ts';

/** The class on `<html>` for each theme; styles/ reads them, and index.html sets one before first paint. */
export const THEME_CLASSES: Record<ThemeName, string> = {
  normal: 'theme-normal',
  dark: 'theme-dark',
  'dark-blue': 'theme-dark-blue',
};

/** Whole-page display modes: a CSS filter on `<html>` (styles/modes.css). */
export const GREY_MODE_CLASS = 'grey-mode';
export const COLOR_WEAKNESS_CLASS = 'color-weakness';

const MANAGED = [...Object.values(THEME_CLASSES), GREY_MODE_CLASS, COLOR_WEAKNESS_CLASS];

type DisplayModes = Pick<LayoutSettings, 'showGreyMode' | 'showColorWeakness'>;

/** The classes `<html>` carries for a theme and the display modes. */
export function rootClassNames(theme: ThemeName, modes: DisplayModes): string[] {
  return [
    THEME_CLASSES[theme],
    ...(modes.showGreyMode ? [GREY_MODE_CLASS] : []),
    ...(modes.showColorWeakness ? [COLOR_WEAKNESS_CLASS] : []),
  ];
}

/** Puts exactly these managed classes on the element; classes owned by others stay untouched. */
export function applyRootClasses(classList: Pick<DOMTokenList, 'add' | 'remove'>, names: string[]): void {
  classList.remove(...MANAGED.filter((name) => !names.includes(name)));
  classList.add(...names);
}
