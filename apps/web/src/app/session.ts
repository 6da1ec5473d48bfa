import { create } from 'zustand';
import type { CpConfig, UserInfo } from '@rx/contracts/acs';
import { isLanguage, type Language } from '@rx/contracts/languages';
import { setLanguage } from '@/shared/i18n.ts';
import { clearSession, storage } from '@/shared/storage.ts';
import { acs, type PlatformEntry } from './acs.ts';
import { loadProducts } from './product/store.ts';
import { forgetTabsAtSignOut } from './tabs/store.ts';

/** The signed-in session of the shell: who, which CP, what they may see. */
interface SessionState {
  user: UserInfo | null;
  cpConfig: CpConfig | null;
  permissions: string[];
  platforms: PlatformEntry[];
  /** Permissions and config are loaded: navigation goes straight on. */
  ready: boolean;
}

const signedOut: SessionState = { user: null, cpConfig: null, permissions: [], platforms: [], ready: false };

export const useSession = create<SessionState>(() => signedOut);

export const SIGN_IN_PAGE = '/login';
const LOGIN_CHANNEL = 'rxLoginChannel';

/** The saved user info, when it still has what the shell relies on (it may come from an older version). */
export function savedUser(): UserInfo | null {
  const user = storage.userInfo.get();
  const usable =
    typeof user === 'object' &&
    user !== null &&
    [user.id, user.username, user.access_token, user.refresh_token, user.cpid].every(
      (v) => typeof v === 'string',
    ) &&
    Array.isArray(user.role_info) &&
    isLanguage(user.default_lang);
  return usable ? user : null;
}

export function saveUser(user: UserInfo): void {
  storage.userInfo.set(user);
  // A different sign-in: everything loaded for the previous one is stale.
  useSession.setState({ ...signedOut, user });
}

/** Loads what the shell needs before the first page: language, CP config, permissions, platforms. */
export async function loadSession(user: UserInfo): Promise<void> {
  // The CP's games too: product-scoped pages must never ask before the game is settled.
  const [, cpConfig, permissions, platforms] = await Promise.all([
    setLanguage(user.default_lang),
    acs.cpConfig(),
    acs.permissions(user.id),
    acs.platformList(),
    loadProducts(),
  ]);
  storage.platformConfig.set(cpConfig);
  storage.permissions.set(permissions);
  useSession.setState({ user, cpConfig, permissions, platforms, ready: true });
}

/** Switches the interface language and keeps it as the user's choice. */
export async function changeLanguage(lang: Language): Promise<void> {
  await setLanguage(lang);
  // The sign-in page speaks the language last chosen, even after signing out.
  storage.loginLanguage.set(lang);
  const user = savedUser();
  if (!user) return;
  const updated = { ...user, default_lang: lang };
  storage.userInfo.set(updated);
  useSession.setState({ user: updated });
}

export async function logout(): Promise<void> {
  try {
    await acs.logout();
  } catch {
    // The session may already be over on the server; sign out here regardless.
  }
  // The open tabs go too unless tab caching is on: first in memory, then (clearSession) in storage.
  forgetTabsAtSignOut();
  clearSession();
  useSession.setState(signedOut);
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(LOGIN_CHANNEL);
    channel.postMessage('logout');
    channel.close();
  }
  window.location.assign(SIGN_IN_PAGE);
}

/** Another tab signed out: a tab the user is not looking at goes to the sign-in page (spec §4). */
export function followSignOutInOtherTabs(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(LOGIN_CHANNEL);
  channel.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.data === 'logout' && document.visibilityState === 'hidden')
      window.location.assign(SIGN_IN_PAGE);
  });
}
