import { useLayoutEffect } from 'react';
import { theme } from 'antd';
import { useSettings } from '../settings/store.ts';
import { applyRootClasses, rootClassNames } from './root-classes.ts';
import { isDarkTheme, shellVariables } from './themes.ts';

/**
 * Keeps `<html>` in step with the theme and the display modes: the theme and mode classes, the
 * browser's color scheme, and the shell's CSS variables from antd's tokens. Renders nothing; sits
 * inside the ConfigProvider so the tokens are the current theme's.
 */
export function ShellTheme() {
  const { token } = theme.useToken();
  const name = useSettings((state) => state.theme);
  const showGreyMode = useSettings((state) => state.settings.showGreyMode);
  const showColorWeakness = useSettings((state) => state.settings.showColorWeakness);

  useLayoutEffect(() => {
    const root = document.documentElement;
    applyRootClasses(root.classList, rootClassNames(name, { showGreyMode, showColorWeakness }));
    root.style.colorScheme = isDarkTheme(name) ? 'dark' : 'light';
  }, [name, showGreyMode, showColorWeakness]);

  useLayoutEffect(() => {
    const { style } = document.documentElement;
    for (const [property, value] of Object.entries(shellVariables(token))) style.setProperty(property, value);
  }, [token]);

  return null;
}
