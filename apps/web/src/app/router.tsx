import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, redirect } from 'react-router';
import { BASENAME, createSessionGuard, SET_PASSWORD_PATH } from './guard.ts';
import { ConsoleLayout } from './layout/ConsoleLayout.tsx';
import { HOME_PATH } from './menu/build.ts';
import { followLatestPath } from './routes/latest-path.ts';
import { importChunk, watchPreloadErrors } from './routes/modules.ts';
import { PageError, StaleBuildNotice } from './routes/PageError.tsx';
import { lazyRoute, pageRoutes } from './routes/pageRoutes.tsx';
import { ForbiddenPage, NotFoundPage, RouteErrorPage } from './StatusPage.tsx';

export { HOME_PATH };

/** The layout route: the fixed routes below, and the routes of the user's pages once the guard adds them. */
export const CONSOLE_ROUTE_ID = 'console';

type Router = ReturnType<typeof createBrowserRouter>;

function Root() {
  return (
    <>
      <Outlet />
      <StaleBuildNotice />
    </>
  );
}

const lazyDefault = (load: () => Promise<{ default: ComponentType }>) =>
  lazyRoute(async () => (await importChunk(load)).default);

export function createRouter(): Router {
  watchPreloadErrors();
  // The guard adds routes through the router it guards (it first runs after a session load, once
  // the router exists).
  const sessionGuard = createSessionGuard((pages) => router.patchRoutes(CONSOLE_ROUTE_ID, pageRoutes(pages)));
  const router = createBrowserRouter(
    [
      {
        id: 'root',
        path: '/',
        middleware: [sessionGuard],
        Component: Root,
        ErrorBoundary: RouteErrorPage,
        // While the first navigation loads, the progress bar is the only indicator.
        HydrateFallback: () => null,
        children: [
          // Outside the layout: the console is not used before the initial password is replaced.
          {
            path: SET_PASSWORD_PATH.slice(1),
            lazy: lazyDefault(() => import('../pages/set-password/index.ts')),
            ErrorBoundary: PageError,
          },
          {
            id: CONSOLE_ROUTE_ID,
            Component: ConsoleLayout,
            children: [
              // Redirect-only routes render nothing (an explicit null element says so to the router).
              { index: true, loader: () => redirect(HOME_PATH), element: null },
              {
                path: 'redirect/*',
                lazy: lazyDefault(() => import('../pages/redirect/index.ts')),
                ErrorBoundary: PageError,
              },
              { path: '403', Component: ForbiddenPage },
              { path: '404', Component: NotFoundPage },
              { path: '*', loader: () => redirect('/404'), element: null },
            ],
          },
        ],
      },
    ],
    { basename: BASENAME },
  );
  followLatestPath(router);
  return router;
}

export { BASENAME };
