import { Suspense, type ReactNode } from 'react';
import { loadNamespace } from '@/shared/i18n.ts';
import { LazyQueryProvider as QueryProvider } from '@/shared/lazy-query-provider.ts';
import { preloadable } from '@/shared/preloadable.tsx';

// The bell and the work-order entry read the API through the query cache: they load just after the
// shell with it, keeping TanStack Query and the popover out of the shell's first download
// (preloaded with the header's actions: preloadNotify).
const Bell = preloadable(() => import('./NotifyBell.tsx').then((m) => m.NotifyBell));
const WorkOrders = preloadable(() => import('./WorkOrderEntry.tsx').then((m) => m.WorkOrderEntry));
// The user's running jobs, with their strings.
const Jobs = preloadable(() =>
  loadNamespace('jobs').then(() => import('../header/JobsIndicator.tsx').then((m) => m.JobsIndicator)),
);

// The requests waiting for the caller's decision (issue 27: approvals reachable from the header).
const Approvals = preloadable(() => import('../header/ApprovalsEntry.tsx').then((m) => m.ApprovalsEntry));

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

export const LazyApprovalsEntry = () => (
  <Lazy>
    <Approvals />
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

/**
 * Loads what the header's actions show of these (the query provider, the jobs, and the bell and the
 * work orders when shown), so they mount without suspending. Never rejects: a part that failed
 * shows its error when it renders.
 */
export function preloadNotify(shown: { bell: boolean; workOrders: boolean }): Promise<unknown> {
  const parts = [
    QueryProvider,
    Jobs,
    Approvals,
    ...(shown.bell ? [Bell] : []),
    ...(shown.workOrders ? [WorkOrders] : []),
  ];
  return Promise.all(parts.map((part) => part.preload().catch(() => undefined)));
}
