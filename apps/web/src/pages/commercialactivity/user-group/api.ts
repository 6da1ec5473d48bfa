import { useMutation } from '@tanstack/react-query';
import type { Rule } from '@rx/contracts/user-groups';
import { http } from '@/shared/http.ts';
import { GROUPS } from '@/shared/rules/group-by-key.ts';

/** The user-groups API beside the resource toolkit: the rule's fields, the size preview, refresh now. */

export { GROUPS };

export function usePreview() {
  return useMutation({
    mutationFn: (rule: Rule) =>
      http.post<{ count: number }>(`/${GROUPS}/preview`, { rule }, { silent: true }),
  });
}

export function refreshGroup(id: number) {
  return http.post<{ job_id: number }>(`/${GROUPS}/${id}/refresh`);
}
