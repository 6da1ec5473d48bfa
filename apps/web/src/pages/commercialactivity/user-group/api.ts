import { useMutation, useQuery } from '@tanstack/react-query';
import type { Rule, UserGroup, UserGroupFields, UserGroupLayerCount } from '@rx/contracts/user-groups';
import { useProduct } from '@/app/product/index.ts';
import { http } from '@/shared/http.ts';

/** The user-groups API beside the resource toolkit: fields, preview, refresh, layers, a group by key. */

export const GROUPS = 'user-groups';

export function useRuleFields() {
  const productId = useProduct((s) => s.productId);
  return useQuery({
    queryKey: [GROUPS, 'fields', productId],
    queryFn: () => http.get<UserGroupFields>(`/${GROUPS}/fields`),
    enabled: !!productId,
    staleTime: 60_000,
  });
}

export function usePreview() {
  return useMutation({
    mutationFn: (rule: Rule) =>
      http.post<{ count: number }>(`/${GROUPS}/preview`, { rule }, { silent: true }),
  });
}

export function refreshGroup(id: number) {
  return http.post<{ job_id: number }>(`/${GROUPS}/${id}/refresh`);
}

export function useGroupByKey(key: string | undefined) {
  const productId = useProduct((s) => s.productId);
  return useQuery({
    queryKey: [GROUPS, 'by-key', productId, key],
    queryFn: () => http.get<UserGroup>(`/${GROUPS}/by-key/${encodeURIComponent(key ?? '')}`),
    enabled: !!productId && !!key,
    // While the members are computed, the page follows the group's state.
    refetchInterval: (query) => (query.state.data?.state === 'computing' ? 2000 : false),
  });
}

export function useLayers(id: number | undefined) {
  const productId = useProduct((s) => s.productId);
  return useQuery({
    queryKey: [GROUPS, 'layers', productId, id],
    queryFn: () => http.get<{ group: UserGroup; layers: UserGroupLayerCount[] }>(`/${GROUPS}/${id}/layers`),
    enabled: !!productId && !!id,
  });
}
