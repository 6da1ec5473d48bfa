import type { ComponentType } from 'react';
import { redirectDocument, type RouteObject } from 'react-router';
import type { FlatPage } from '@rx/contracts/pages';
import { externalAddress, HOME_PATH, SERVED_BY_CONSOLE } from '../menu/build.ts';
import { useSession } from '../session.ts';
import type { RouteHandle } from './handle.ts';
import { PageError } from './PageError.tsx';
import { importChunk, loadPageComponent } from './modules.ts';

const notBuilt = (): Promise<ComponentType> =>
  importChunk(() => import('./placeholders.tsx')).then((m) => m.NotBuiltPage);

/**
 * Home (spec §2): a user with a user type gets an empty section instead of the overview. Routes are
 * resolved after the guard loaded the session, and another user means another document.
 */
async function homeComponent(path: string): Promise<ComponentType> {
  if (useSession.getState().user?.usertype != null)
    return (await importChunk(() => import('./placeholders.tsx'))).EmptyHome;
  return (await loadPageComponent(path)) ?? notBuilt();
}

async function pageComponent(page: FlatPage): Promise<ComponentType> {
  if (page.path === HOME_PATH) return homeComponent(page.path);
  return (await loadPageComponent(page.path)) ?? notBuilt();
}

/**
 * A lazy route whose failure shows in the route's error boundary. (A rejected `lazy` leaves the
 * route unresolved, and the router then renders nothing below its root, error included.)
 */
export function lazyRoute(load: () => Promise<ComponentType>) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      return { Component: await load() };
    } catch (error) {
      return {
        Component: function FailedToLoad(): never {
          throw error;
        },
      };
    }
  };
}

const externalNotSetUp = (): Promise<ComponentType> =>
  importChunk(() => import('./ExternalNotSetUp.tsx')).then((m) => m.ExternalNotSetUp);

/**
 * The routes of the pages a user may open. Each is lazy (one chunk per page), carries its catalogue
 * entry as `handle`, and shows its own error inside the layout. An external page has no screen
 * here: opening its address leaves for the configured application, or, with none configured, shows
 * a page saying so (never a window onto a missing address).
 */
export function pageRoutes(pages: readonly FlatPage[]): RouteObject[] {
  return pages.map((page): RouteObject => {
    const handle: RouteHandle = { page };
    const base = { path: page.path.slice(1), handle, ErrorBoundary: PageError };
    if (page.external) {
      return {
        ...base,
        loader: () => {
          const address = externalAddress(page, useSession.getState().cpConfig?.external_urls);
          return address ? redirectDocument(new URL(address, window.location.origin).href) : null;
        },
        // Not configured: the console's own page when it has one (the workbench), else a notice.
        lazy: lazyRoute(() => (SERVED_BY_CONSOLE.has(page.path) ? pageComponent(page) : externalNotSetUp())),
      };
    }
    return { ...base, lazy: lazyRoute(() => pageComponent(page)) };
  });
}
