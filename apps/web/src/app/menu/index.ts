// The menu (spec §2): built from the user's permissions and publish area, with its search.
export { MenuView, type MenuViewProps } from './MenuView.tsx';
export { MenuSearch } from './MenuSearch.tsx';
export { buildMenu, HOME_PATH, menuKeyOf, type MenuEntry } from './build.ts';
export { useMenu } from './useMenu.ts';
