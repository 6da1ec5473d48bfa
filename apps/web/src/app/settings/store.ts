import { create } from 'zustand';
import {
  DEFAULT_LAYOUT_SETTINGS,
  DEFAULT_THEME,
  THEME_NAMES,
  type LayoutSettings,
  type SidebarStatus,
  type ThemeName,
} from '@/shared/settings.ts';
import { storage } from '@/shared/storage.ts';

interface SettingsState {
  /** The defaults with the saved overrides applied. */
  settings: LayoutSettings;
  theme: ThemeName;
  sidebar: SidebarStatus;
  set<K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]): void;
  /** Back to the defaults: forgets every saved override. */
  reset(): void;
  setTheme(theme: ThemeName): void;
  setSidebar(status: SidebarStatus): void;
  toggleSidebar(): void;
}

/** Only known keys with values of the default's type survive from storage (an older version's format). */
function savedSettings(): LayoutSettings {
  const saved = storage.layoutConfig.get() ?? {};
  const merged = { ...DEFAULT_LAYOUT_SETTINGS };
  for (const key of Object.keys(DEFAULT_LAYOUT_SETTINGS) as (keyof LayoutSettings)[]) {
    const value = saved[key];
    if (value !== undefined && typeof value === typeof DEFAULT_LAYOUT_SETTINGS[key]) {
      (merged as Record<string, unknown>)[key] = value;
    }
  }
  return merged;
}

/** What differs from the defaults: the saved override. */
function overrides(settings: LayoutSettings): Partial<LayoutSettings> {
  const out: Partial<LayoutSettings> = {};
  for (const key of Object.keys(settings) as (keyof LayoutSettings)[]) {
    if (settings[key] !== DEFAULT_LAYOUT_SETTINGS[key]) (out as Record<string, unknown>)[key] = settings[key];
  }
  return out;
}

function savedTheme(): ThemeName {
  const saved = storage.activeThemeName.get();
  return saved && (THEME_NAMES as readonly string[]).includes(saved) ? saved : DEFAULT_THEME;
}

/** The shell's settings (spec §3): layout, theme and sidebar, each saved as it changes. */
export const useSettings = create<SettingsState>((setState, getState) => ({
  settings: savedSettings(),
  theme: savedTheme(),
  sidebar: storage.sidebarStatus.get() === 'closed' ? 'closed' : 'opened',
  set(key, value) {
    const settings = { ...getState().settings, [key]: value };
    storage.layoutConfig.set(overrides(settings));
    setState({ settings });
  },
  reset() {
    storage.layoutConfig.remove();
    storage.activeThemeName.remove();
    setState({ settings: { ...DEFAULT_LAYOUT_SETTINGS }, theme: DEFAULT_THEME });
  },
  setTheme(theme) {
    storage.activeThemeName.set(theme);
    setState({ theme });
  },
  setSidebar(sidebar) {
    storage.sidebarStatus.set(sidebar);
    setState({ sidebar });
  },
  toggleSidebar() {
    getState().setSidebar(getState().sidebar === 'opened' ? 'closed' : 'opened');
  },
}));

/** One setting, for components that need only it. */
export function useSetting<K extends keyof LayoutSettings>(key: K): LayoutSettings[K] {
  return useSettings((state) => state.settings[key]);
}
