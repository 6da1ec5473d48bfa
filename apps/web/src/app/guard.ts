import { redirectDocument, replace, type MiddlewareFunction } from 'react-router';
import type { LINK_FIELDS } from '@rx/contracts/acs';
import { isConsolePath } from '../shared/api-constants.ts';
import { storage } from '../shared/storage.ts';
import { acs } from './acs.ts';
import { loadSession, savedUser, saveUser, SIGN_IN_PAGE, useSession } from './session.ts';

/** The router's basename; paths handed to `replace` are relative to it. */
export const BASENAME = '/main';
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

function insideBase(pathname: string): string {
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
  if (isConsolePath(back)) return replace(insideBase(back));
  for (const name of LINK_QUERY) query.delete(name);
  const search = query.toString();
  return replace(insideBase(url.pathname) + (search ? `?${search}` : ''));
}

/**
 * The navigation guard (spec §2). A root middleware, so it runs before every navigation and before
 * any page's loader: signs in with a link's fields, sends a visitor without user info to the
 * sign-in page, and loads the session once before the first page.
 */
export const sessionGuard: MiddlewareFunction = async ({ request }) => {
  const url = new URL(request.url);
  if (LINK_FIELD_NAMES.every((name) => url.searchParams.has(name))) throw await signInWithLink(url);
  if (useSession.getState().ready) return;
  const user = savedUser();
  if (!user) throw leaveFor(SIGN_IN_PAGE);
  await loadSession(user);
};
