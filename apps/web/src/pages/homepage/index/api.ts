import { useQuery } from '@tanstack/react-query';
import type { HomeSummary } from '@rx/contracts/home';
import { http } from '@/shared/http.ts';

/** The home page's summary: unread notifications, the CP's games with their figures, recent operations. */
export function useHomeSummary() {
  return useQuery({
    queryKey: ['home', 'summary'],
    queryFn: ({ signal }) => http.get<HomeSummary>('/home/summary', undefined, { signal }),
  });
}
