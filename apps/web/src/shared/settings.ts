/** Shell settings (spec §3): one typed object of defaults; the saved override lives in storage. */

export const THEME_NAMES = ['normal', 'dark', 'dark-blue'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
export const DEFAULT_THEME: ThemeName = 'normal';

export type LayoutMode = 'left' | 'top' | 'left-top';

export interface LayoutSettings {
  layoutMode: LayoutMode;
  showSettings: boolean;
  showTagsView: boolean;
  fixedHeader: boolean;
  showFooter: boolean;
  showLogo: boolean;
  showNotify: boolean;
  showThemeSwitch: boolean;
  showScreenfull: boolean;
  showSearchMenu: boolean;
  /** Keep the open tabs across sign-outs. */
  cacheTagsView: boolean;
  /** How many hidden pages keep their state; the least recently used beyond it remount on their next visit. */
  keepAliveLimit: number;
  showWatermark: boolean;
  showGreyMode: boolean;
  showColorWeakness: boolean;
  showBreadcrumb: boolean;
  showDocumentIcon: boolean;
  showWorkerOrder: boolean;
}

/** Spec §9: the left menu with a fixed header, the logo and notifications shown. */
export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  layoutMode: 'left',
  showSettings: true,
  showTagsView: true,
  fixedHeader: true,
  showFooter: false,
  showLogo: true,
  showNotify: true,
  showThemeSwitch: true,
  showScreenfull: true,
  showSearchMenu: true,
  cacheTagsView: false,
  keepAliveLimit: 10,
  showWatermark: false,
  showGreyMode: false,
  showColorWeakness: false,
  showBreadcrumb: true,
  showDocumentIcon: false,
  showWorkerOrder: false,
};

/** The range the keep-alive limit is held to (each kept page holds its whole screen in memory). */
export const KEEP_ALIVE_LIMIT_RANGE = { min: 1, max: 30 } as const;

export type SidebarStatus = 'opened' | 'closed';

/** An open tab of the tab bar. */
export interface VisitedView {
  path: string;
  fullPath: string;
  /** i18n key in the `menu` namespace. */
  title: string;
}
