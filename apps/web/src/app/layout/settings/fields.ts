import { KEEP_ALIVE_LIMIT_RANGE, type LayoutSettings } from '@/shared/settings.ts';

type KeyOfType<T> = {
  [K in keyof LayoutSettings]: LayoutSettings[K] extends T ? K : never;
}[keyof LayoutSettings];
type SwitchKey = KeyOfType<boolean>;
export type NumberKey = KeyOfType<number>;

/** The number settings, shown as a number box in their range with a hint `layout:settings.<key>Hint`. */
export const NUMBER_SETTINGS: Record<NumberKey, { min: number; max: number }> = {
  keepAliveLimit: KEEP_ALIVE_LIMIT_RANGE,
};

export const isNumberSetting = (key: SwitchKey | NumberKey): key is NumberKey => key in NUMBER_SETTINGS;

/** The on/off and number settings of the drawer, grouped as shown; each label is `layout:settings.<key>`. */
export const SETTING_SECTIONS: { title: string; keys: (SwitchKey | NumberKey)[] }[] = [
  {
    title: 'settings.sections.layout',
    keys: [
      'fixedHeader',
      'showTagsView',
      'cacheTagsView',
      'keepAliveLimit',
      'showLogo',
      'showBreadcrumb',
      'showFooter',
    ],
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
