import { QueryClient } from '@tanstack/react-query';

/** The console's one query cache: pages read the API through it and mutations invalidate it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
