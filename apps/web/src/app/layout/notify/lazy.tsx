import { lazy, Suspense } from 'react';

// The bell and the work-order entry read the API through the query cache: they load just after the
// shell with it, keeping TanStack Query and the popover out of the shell's first download.
const QueryProvider = lazy(() => import('@/shared/QueryProvider.tsx'));
const Bell = lazy(() => import('./NotifyBell.tsx').then((m) => ({ default: m.NotifyBell })));
const WorkOrders = lazy(() => import('./WorkOrderEntry.tsx').then((m) => ({ default: m.WorkOrderEntry })));

export function LazyNotifyBell() {
  return (
    <Suspense fallback={null}>
      <QueryProvider>
        <Bell />
      </QueryProvider>
    </Suspense>
  );
}

export function LazyWorkOrderEntry() {
  return (
    <Suspense fallback={null}>
      <QueryProvider>
        <WorkOrders />
      </QueryProvider>
    </Suspense>
  );
}
