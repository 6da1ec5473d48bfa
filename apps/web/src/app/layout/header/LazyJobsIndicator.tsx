import { lazy, Suspense } from 'react';
import { loadNamespace } from '@/shared/i18n.ts';

// The jobs indicator, its strings and the query cache load just after the shell: none of it is in
// the shell's first download.
const QueryProvider = lazy(() => import('@/shared/QueryProvider.tsx'));
const Indicator = lazy(() =>
  loadNamespace('jobs').then(() => import('./JobsIndicator.tsx').then((m) => ({ default: m.JobsIndicator }))),
);

export function LazyJobsIndicator() {
  return (
    <Suspense fallback={null}>
      <QueryProvider>
        <Indicator />
      </QueryProvider>
    </Suspense>
  );
}
