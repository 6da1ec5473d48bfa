import type { LayoutSettings } from '../../../shared/settings.ts';

type SwitchKey = {
  [K in keyof LayoutSettings]: LayoutSettings[K] extends boolean ? K : never;
}[keyof LayoutSettings];

/** The on/off settings of the drawer, grouped as shown; each label is `layout:settings.<key>`. */
export const SETTING_SECTIONS: { title: string; keys: SwitchKey[] }[] = [
  {
    title: 'settings.sections.layout',
    keys: ['fixedHeader', 'showTagsView', 'cacheTagsView', 'showLogo', 'showBreadcrumb', 'showFooter'],
  },
  {
    title: 'settings.sections.header',
    keys: [
      'showSearchMenu',
      'showNotify',
      'showWorkerOrder',
      'showDocumentIcon',
      'showScreenfull',
      'showThemeSwitch',
      'showSettings',
    ],
  },
  {
    title: 'settings.sections.display',
    keys: ['showWatermark', 'showGreyMode', 'showColorWeakness'],
  },
];
