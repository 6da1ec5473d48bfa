import type { createBrowserRouter } from 'react-router';
import { insideBase } from '../guard.ts';

type Router = ReturnType<typeof createBrowserRouter>;

let router: Router | undefined;

/** Lets `latestPath` read the console's router (router.tsx, when it creates it). */
export function followLatestPath(created: Router): void {
  router = created;
}

/**
 * The path the console is on or on its way to: a navigation still loading, else the router's
 * location. Both run ahead of what React has rendered (`useLocation`): a click's navigation renders
 * its page in a transition, and a key pressed meanwhile is handled against the previous page.
 * `rendered` answers when no router was created (tests rendering a part alone).
 */
export function latestPath(rendered: string): string {
  if (!router) return rendered;
  const { navigation, location } = router.state;
  return insideBase((navigation.location ?? location).pathname);
}
