import { useMutation, useQuery } from '@tanstack/react-query';
import type { Rule, UserGroupFields } from '@rx/contracts/user-groups';
import { useProduct } from '@/app/product/index.ts';
import { http } from '@/shared/http.ts';

/** The user-groups API beside the resource toolkit: the rule's fields, the size preview, refresh now. */

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
