import type { CpConfig, UserInfo } from '@rx/contracts/acs';
import type { Language } from '@rx/contracts/languages';
import type { LayoutSettings, SidebarStatus, ThemeName, VisitedView } from './settings.ts';
import { DEFAULT_LAYOUT_SETTINGS } from './settings.ts';

/**
 * The one module that touches browser storage. Every key carries the app prefix so the console
 * never collides with other apps on the same origin. Values are JSON; an unreadable value (another
 * version's format, a hand edit, storage disabled) reads as null instead of throwing.
 */
export const STORAGE_PREFIX = 'rx-console:';

type Area = 'local' | 'session';

function areaOf(area: Area): Storage | undefined {
  try {
    return area === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    // Access itself throws when the browser blocks storage for this origin.
    return undefined;
  }
}

export interface StoredValue<T> {
  readonly key: string;
  get(): T | null;
  /** Saves the value; null removes it. */
  set(value: T | null): void;
  remove(): void;
}

function stored<T>(name: string, area: Area = 'local'): StoredValue<T> {
  const key = STORAGE_PREFIX + name;
  const remove = () => {
    try {
      areaOf(area)?.removeItem(key);
    } catch {
      /* storage unavailable: nothing to remove */
    }
  };
  return {
    key,
    get() {
      try {
        const raw = areaOf(area)?.getItem(key);
        return raw == null ? null : (JSON.parse(raw) as T);
      } catch {
        return null;
      }
    },
    set(value) {
      if (value === null) return remove();
      try {
        areaOf(area)?.setItem(key, JSON.stringify(value));
      } catch {
        /* quota exceeded or storage unavailable: the console keeps working without persistence */
      }
    },
    remove,
  };
}

export const storage = {
  token: stored<string>('token'),
  layoutConfig: stored<Partial<LayoutSettings>>('layout-config'),
  sidebarStatus: stored<SidebarStatus>('sidebar-status'),
  activeThemeName: stored<ThemeName>('active-theme-name'),
  visitedViews: stored<VisitedView[]>('visited-views'),
  cachedViews: stored<string[]>('cached-views'),
  userInfo: stored<UserInfo>('user-info'),
  /** The `resource` strings of the signed-in user's permissions. */
  permissions: stored<string[]>('permissions'),
  projectVersion: stored<string>('project-version'),
  /** The product (game) chosen in the header; product-scoped requests send it as X-Product-Id. */
  productId: stored<number>('product-id'),
  platformConfig: stored<CpConfig>('platform-config'),
  /** The language last chosen, on the sign-in page or in the console: the sign-in page speaks it. */
  loginLanguage: stored<Language>('login-lang'),
  /** Visits per page of each user who signed in here (user id → catalogue path → count): home's shortcuts. */
  pageVisits: stored<Record<string, Record<string, number>>>('page-visits'),
  /** Where the user was when the session ran out (`/main/...`), for `redirect=1` after signing in. */
  returnTo: stored<string>('return-to', 'session'),
} as const;

/** Sign-out: forgets the user and their session; open tabs stay only when tab caching is on. */
export function clearSession(): void {
  storage.token.remove();
  storage.userInfo.remove();
  storage.permissions.remove();
  storage.platformConfig.remove();
  storage.projectVersion.remove();
  const layout = { ...DEFAULT_LAYOUT_SETTINGS, ...storage.layoutConfig.get() };
  if (!layout.cacheTagsView) {
    storage.visitedViews.remove();
    storage.cachedViews.remove();
  }
}
