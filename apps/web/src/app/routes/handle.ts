import { useMatches } from 'react-router';
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
