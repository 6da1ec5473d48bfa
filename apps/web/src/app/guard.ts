import { redirectDocument, replace, type MiddlewareFunction } from 'react-router';
import type { LINK_FIELDS, UserInfo } from '@rx/contracts/acs';
import { PAGE_CATALOGUE, type FlatPage } from '@rx/contracts/pages';
import { isConsolePath, SET_PASSWORD_PATH } from '@/shared/api-constants.ts';
import { storage } from '@/shared/storage.ts';
import { acs } from './acs.ts';
import { permittedPages } from './menu/build.ts';
import { grantsOf } from './permission/rules.ts';
import { loadSession, savedUser, saveUser, SIGN_IN_PAGE, useSession } from './session.ts';

/** The router's basename; paths handed to `replace` are relative to it. */
export const BASENAME = '/main';
/** Where a user whose password is still the initial one sets theirs (`?to=` the page they wanted). */
export { SET_PASSWORD_PATH };
/**
 * The contract's LINK_FIELDS, checked against it by type: importing the value would bring the
 * contract's zod schemas (and zod) into the console's first chunk.
 */
const LINK_FIELD_NAMES = [
  'is_modified_password',
  'sign',
  'trace_id',
  'ts',
  'user_id',
] as const satisfies typeof LINK_FIELDS;
/** Query parameters a sign-in link brings, removed from the address once used. */
const LINK_QUERY = [...LINK_FIELD_NAMES, 'usertype', 'project_version', 'redirect', 'cpid'];

/** Leaves the console for a page of the server (the router would otherwise prefix the basename). */
function leaveFor(path: string): Response {
  return redirectDocument(new URL(path, window.location.origin).href);
}

/** A same-origin path as the address bar would hold it: non-ASCII characters percent-encoded. */
function encodedPath(path: string): string {
  const url = new URL(path, window.location.origin);
  return url.pathname + url.search + url.hash;
}

/** A path of the router's own state (it keeps the basename) as the console's routes see it. */
export function insideBase(pathname: string): string {
  return pathname.startsWith(BASENAME) ? pathname.slice(BASENAME.length) || '/' : pathname;
}

async function signInWithLink(url: URL): Promise<Response> {
  const query = url.searchParams;
  const usertype = query.get('usertype');
  try {
    const user = await acs.linkLogin({
      is_modified_password: Number(query.get('is_modified_password')),
      sign: query.get('sign')!,
      trace_id: query.get('trace_id')!,
      ts: Number(query.get('ts')),
      user_id: query.get('user_id')!,
      ...(usertype ? { usertype: Number(usertype) } : {}),
    });
    saveUser(user);
  } catch {
    return leaveFor(SIGN_IN_PAGE);
  }
  const projectVersion = query.get('project_version');
  if (projectVersion) storage.projectVersion.set(projectVersion);

  const back = query.get('redirect');
  // Percent-encoded as an address would be: a redirect's `Location` may hold only ASCII, and a link
  // to a search (`?q=维护补偿`) arrives with its query decoded.
  if (isConsolePath(back)) return replace(insideBase(encodedPath(back)));
  for (const name of LINK_QUERY) query.delete(name);
  const search = query.toString();
  return replace(insideBase(url.pathname) + (search ? `?${search}` : ''));
}

/** Where a user still on the initial password goes instead of `target`; undefined when they may go on. */
export function passwordDetour(user: Pick<UserInfo, 'is_modified_password'>, target: string) {
  if (user.is_modified_password !== 0 || target.startsWith(SET_PASSWORD_PATH)) return undefined;
  return `${SET_PASSWORD_PATH}?to=${encodeURIComponent(target)}`;
}

/** Adds the routes of the pages a user may open (the router's `patchRoutes`). */
export type InstallRoutes = (pages: FlatPage[]) => void;

/**
 * The navigation guard (spec §2), a root middleware: it runs before every navigation and before any
 * page's loader. It signs in with a link's fields; sends a visitor without user info to the sign-in
 * page; for a saved user loads config, permissions and platforms once, adds the routes of the pages
 * they may open (a page they may not see has no route: the catch-all answers /404) and navigates
 * again; and keeps a user on the initial password on the set-password screen.
 */
export function createSessionGuard(installRoutes: InstallRoutes): MiddlewareFunction {
  /** The user the routes were added for: routes cannot be taken back, only the document reloaded. */
  let routesFor: string | undefined;
  /** The session load in flight: navigations overlapping it wait for the same one. */
  let loading: Promise<void> | undefined;

  return async ({ request }) => {
    const url = new URL(request.url);
    if (LINK_FIELD_NAMES.every((name) => url.searchParams.has(name))) throw await signInWithLink(url);
    const target = insideBase(url.pathname) + url.search;
    // This navigation was matched against the routes that existed when it started.
    const matchedFor = routesFor;

    if (!useSession.getState().ready) {
      const saved = savedUser();
      if (!saved) throw leaveFor(SIGN_IN_PAGE);
      loading ??= loadSession(saved).finally(() => (loading = undefined));
      await loading;
    }
    const session = useSession.getState();
    const user = session.user!;
    if (routesFor !== user.id) {
      // Another user signed in within this document: start from a clean router.
      if (routesFor !== undefined) throw redirectDocument(url.href);
      const region = session.cpConfig?.publish_area;
      installRoutes(permittedPages(PAGE_CATALOGUE, { ...grantsOf(session), region }));
      routesFor = user.id;
    }
    const detour = passwordDetour(user, target);
    // Matched before the user's routes existed (the catch-all took it): match again.
    if (matchedFor !== user.id) throw replace(detour ?? target);
    if (detour) throw replace(detour);
  };
}
