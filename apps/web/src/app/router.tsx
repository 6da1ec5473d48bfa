import { createBrowserRouter, redirect } from 'react-router';
import { BASENAME, sessionGuard } from './guard.ts';
import { ConsoleLayout } from './layout/ConsoleLayout.tsx';
import { ForbiddenPage, NotFoundPage, RouteErrorPage } from './StatusPage.tsx';

export const HOME_PATH = '/homepage/index';

export function createRouter() {
  return createBrowserRouter(
    [
      {
        id: 'root',
        path: '/',
        middleware: [sessionGuard],
        Component: ConsoleLayout,
        ErrorBoundary: RouteErrorPage,
        // While the first navigation loads, the progress bar is the only indicator.
        HydrateFallback: () => null,
        children: [
          // Redirect-only routes render nothing (an explicit null element says so to the router).
          { index: true, loader: () => redirect(HOME_PATH), element: null },
          {
            path: HOME_PATH.slice(1),
            lazy: async () => ({ Component: (await import('../pages/homepage/index/index.ts')).HomePage }),
          },
          { path: '403', Component: ForbiddenPage },
          { path: '404', Component: NotFoundPage },
          { path: '*', loader: () => redirect('/404'), element: null },
        ],
      },
    ],
    { basename: BASENAME },
  );
}
