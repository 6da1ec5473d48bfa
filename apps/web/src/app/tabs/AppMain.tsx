import { Activity, Fragment, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { LazyQueryProvider as QueryProvider } from '@/shared/lazy-query-provider.ts';
import { useCurrentPage } from '../routes/handle.ts';
import { useTabs } from './store.ts';
import { nextKept, shouldKeepAlive } from './views.ts';

/**
 * The page area. Every catalogue page opened adds its tab. Pages kept alive (catalogue `keepAlive`,
 * not below a sub-group) stay mounted inside a hidden `<Activity>` while another tab is on screen,
 * so their state (filters, scroll inside them, typed text) survives; their Effects pause meanwhile.
 * Other pages remount on every visit. A page's key carries its refresh generation: refreshing a tab
 * remounts it, closing it drops it.
 */
export function AppMain(): ReactNode {
  const outlet = useOutlet();
  const { pathname, search } = useLocation();
  const page = useCurrentPage();
  const open = useTabs((state) => state.open);
  const cached = useTabs((state) => state.cached);
  const generations = useTabs((state) => state.generations);
  const keepAlive = page !== undefined && shouldKeepAlive(page);
  useEffect(() => {
    if (page) open({ path: pathname, fullPath: pathname + search, title: page.meta.title }, keepAlive);
  }, [open, page, pathname, search, keepAlive]);
  // Each page shown counts as a visit (home's shortcuts); a new query on the same page does not.
  // Loaded beside the shell: it is not needed to show the first page.
  useEffect(() => {
    if (page) void import('./visits.ts').then(({ countVisit }) => countVisit(page));
  }, [page]);

  // The element of each kept page as it was first rendered: a hidden page renders from it (the
  // router only renders the page on screen). Adjusted during render, so a page is never shown
  // outside its Activity first and then moved into it (which would remount it).
  const [kept, setKept] = useState<ReadonlyMap<string, ReactNode>>(() => new Map());
  const next = nextKept(kept, { path: pathname, keepAlive, element: outlet }, cached);
  if (next !== kept) setKept(next);

  const keyOf = (path: string) => `${path}#${generations[path] ?? 0}`;
  // Pages read the API through the query cache, whose provider loads beside the first page.
  return (
    <Suspense fallback={null}>
      <QueryProvider>
        {[...next].map(([path, element]) => (
          <Activity key={keyOf(path)} mode={path === pathname ? 'visible' : 'hidden'}>
            {path === pathname ? outlet : element}
          </Activity>
        ))}
        {!next.has(pathname) && <Fragment key={keyOf(pathname)}>{outlet}</Fragment>}
      </QueryProvider>
    </Suspense>
  );
}
