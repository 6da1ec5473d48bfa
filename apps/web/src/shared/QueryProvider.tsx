import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query.ts';

/**
 * The query cache for what needs it (the pages, the notification bell). Loaded lazily where it is
 * used, so TanStack Query stays out of the shell's first download; every provider shares one cache.
 */
export default function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
