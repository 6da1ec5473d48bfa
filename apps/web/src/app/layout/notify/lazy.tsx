import { lazy, Suspense, type ReactNode } from 'react';
import { loadNamespace } from '@/shared/i18n.ts';

// The bell and the work-order entry read the API through the query cache: they load just after the
// shell with it, keeping TanStack Query and the popover out of the shell's first download.
const QueryProvider = lazy(() => import('@/shared/QueryProvider.tsx'));
const Bell = lazy(() => import('./NotifyBell.tsx').then((m) => ({ default: m.NotifyBell })));
const WorkOrders = lazy(() => import('./WorkOrderEntry.tsx').then((m) => ({ default: m.WorkOrderEntry })));
// The user's running jobs, with their strings.
const Jobs = lazy(() =>
  loadNamespace('jobs').then(() =>
    import('../header/JobsIndicator.tsx').then((m) => ({ default: m.JobsIndicator })),
  ),
);

function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <QueryProvider>{children}</QueryProvider>
    </Suspense>
  );
}

export const LazyJobsIndicator = () => (
  <Lazy>
    <Jobs />
  </Lazy>
);

export const LazyNotifyBell = () => (
  <Lazy>
    <Bell />
  </Lazy>
);

export const LazyWorkOrderEntry = () => (
  <Lazy>
    <WorkOrders />
  </Lazy>
);
