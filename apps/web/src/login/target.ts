import { isConsolePath } from '@/shared/api-constants.ts';

/**
 * Where to go after signing in: the platform link, plus what this page was asked to pass on —
 * `redirect` (a console path; `1` means the place the console saved before sending the user here)
 * and `cpid`.
 */
export function consoleLinkTarget(
  link: string,
  pageQuery: URLSearchParams,
  savedReturnTo: string | null,
  origin: string,
): string {
  const target = new URL(link, origin);
  const redirect = pageQuery.get('redirect');
  const back = redirect === '1' ? savedReturnTo : redirect;
  if (isConsolePath(back)) target.searchParams.set('redirect', back);
  const cpid = pageQuery.get('cpid');
  if (cpid) target.searchParams.set('cpid', cpid);
  return target.origin === origin ? target.pathname + target.search + target.hash : target.href;
}
