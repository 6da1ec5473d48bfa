import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { useLocale } from '@/shared/i18n.ts';

/** Below this width the sidebar becomes a drawer opened from the header (spec: 992 px). */
export const MOBILE_QUERY = '(max-width: 991.98px)';

/** What the shell opens and closes for the moment: not saved, unlike the settings. */
interface LayoutUiState {
  /** The menu drawer of narrow screens. */
  menuDrawerOpen: boolean;
  settingsOpen: boolean;
  setMenuDrawerOpen(open: boolean): void;
  setSettingsOpen(open: boolean): void;
}

export const useLayoutUi = create<LayoutUiState>((set) => ({
  menuDrawerOpen: false,
  settingsOpen: false,
  setMenuDrawerOpen: (menuDrawerOpen) => set({ menuDrawerOpen }),
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
}));

type Subscribe = (onChange: () => void) => () => void;
// One subscribe function per query, so React does not resubscribe on every render.
const subscriptions = new Map<string, Subscribe>();

function subscribeTo(query: string): Subscribe {
  let subscribe = subscriptions.get(query);
  if (!subscribe) {
    subscribe = (onChange) => {
      const list = listOf(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    };
    subscriptions.set(query, subscribe);
  }
  return subscribe;
}

const lists = new Map<string, MediaQueryList>();

/** One MediaQueryList per query: React reads it at every render of every component that asks. */
function listOf(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether a media query matches, following it as the window resizes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(subscribeTo(query), () => listOf(query).matches);
}

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}

/** Popups of the header's end side open towards the page: aligned on their end edge, in either direction. */
export function useEndPlacement(): 'bottomRight' | 'bottomLeft' {
  return useLocale((state) => state.direction) === 'rtl' ? 'bottomLeft' : 'bottomRight';
}
