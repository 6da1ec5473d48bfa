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
  showWatermark: false,
  showGreyMode: false,
  showColorWeakness: false,
  showBreadcrumb: true,
  showDocumentIcon: false,
  showWorkerOrder: false,
};

export type SidebarStatus = 'opened' | 'closed';

/** An open tab of the tab bar. */
export interface VisitedView {
  path: string;
  fullPath: string;
  /** i18n key in the `menu` namespace. */
  title: string;
}
