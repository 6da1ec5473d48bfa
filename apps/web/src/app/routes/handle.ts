import { useMatches } from 'react-router';
import { patternPageOf, type PatternPage } from '@rx/contracts/dimensions';
import type { FlatPage } from '@rx/contracts/pages';

/**
 * Every console route made from the page catalogue carries its catalogue entry as `handle`, so the
 * tabs, breadcrumb, title and keep-alive read the route metadata from one place.
 */
export interface RouteHandle {
  page: FlatPage;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'page' in handle;
}

/** The catalogue entry of the page on screen (the deepest match that has one). */
export function useCurrentPage(): FlatPage | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle;
    if (isRouteHandle(handle)) return handle.page;
  }
  return undefined;
}

/**
 * The platform or medium of the pattern page on screen (`{ dimension: 'platform', value: 'wechat',
 * kind: 'image-manage', … }`), read from its catalogue path. A pattern page module is rendered
 * only for the paths its registry names, so inside one this is always defined.
 */
export function usePatternPage(): PatternPage {
  const page = useCurrentPage();
  const pattern = page && patternPageOf(page.path);
  if (!pattern) throw new Error(`${page?.path ?? 'this page'} is not a pattern page`);
  return pattern;
}
