import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Types only: the contracts' zod schemas stay out of the bundle.
import type { JobEntry, JobItem, JobItemStatusName, JobStatusName } from '@rx/contracts/jobs';
import { http } from '@/shared/http.ts';

export type { JobEntry, JobItem, JobItemStatusName, JobStatusName };
export const JOB_STATUS_NAMES: JobStatusName[] = ['queued', 'running', 'succeeded', 'failed', 'cancelled'];
export const STATUS_COLORS: Record<JobStatusName, string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
};

export const isActive = (job: Pick<JobItem, 'status'>) => job.status === 'queued' || job.status === 'running';

/** The share of a job done, 0–100. */
export function percentOf(job: Pick<JobItem, 'done' | 'failed' | 'total' | 'status'>): number {
  if (job.status === 'succeeded') return 100;
  return job.total > 0 ? Math.min(100, Math.floor(((job.done + job.failed) * 100) / job.total)) : 0;
}

export function useJobList(query: Record<string, string | number>) {
  return useQuery({
    queryKey: ['jobs', 'list', query],
    queryFn: () => http.get<{ list: JobItem[]; total: number }>('/jobs', query),
    placeholderData: keepPreviousData,
    // While one of them runs, its progress is asked again every 2 s.
    refetchInterval: (q) => (q.state.data?.list.some(isActive) ? 2000 : false),
  });
}

export function useJob(id: number | null) {
  return useQuery({
    queryKey: ['jobs', 'one', id],
    queryFn: () => http.get<JobItem>(`/jobs/${id}`),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && isActive(q.state.data) ? 2000 : false),
  });
}

export function useJobItems(
  id: number | null,
  query: { page: number; page_size: number; status?: JobItemStatusName },
) {
  return useQuery({
    queryKey: ['jobs', 'items', id, query],
    queryFn: () => http.get<{ list: JobEntry[]; total: number }>(`/jobs/${id}/items`, query),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useJobAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'cancel' | 'retry' }) =>
      http.post<JobItem>(`/jobs/${id}/${action}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
