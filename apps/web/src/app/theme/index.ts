export { themeConfig, isDarkTheme, shellVariables } from './themes.ts';
export { THEME_CLASSES, rootClassNames } from './root-classes.ts';
export { ShellTheme } from './ShellTheme.tsx';
