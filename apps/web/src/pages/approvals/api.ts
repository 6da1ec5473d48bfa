import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APPROVAL_KINDS,
  APPROVAL_STATUSES,
  type ApprovalPolicies,
  type ApprovalPolicyInput,
  type ApprovalRequest,
  type ApprovalRequestDetail,
  type ApprovalStatus,
} from '@rx/contracts/approvals';
import { http } from '@/shared/http.ts';
import { useLiveEvent } from '@/shared/live.ts';

export type { ApprovalPolicies, ApprovalPolicyInput, ApprovalRequest, ApprovalRequestDetail, ApprovalStatus };
export { APPROVAL_STATUSES };

export const STATUS_COLORS: Record<ApprovalStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  cancelled: 'default',
  failed: 'warning',
};

const ROOT = ['approvals'] as const;

/** The translation key of a kind (`error_codes.publish` is nested in the namespace). */
export const kindKey = (kind: string) => `kinds.${kind}`;

/** The area of a policy action (`error_codes`), for its name: the kinds that share the action. */
export function actionArea(action: string): string {
  const kind = Object.entries(APPROVAL_KINDS).find(([, k]) => k.action === action)?.[0];
  return kind ? kind.split('.')[0]! : action;
}

/** What the number of a kind counts (`changed_codes`, `price`). */
export function numberOf(kind: string): string | undefined {
  return (APPROVAL_KINDS as Record<string, { number: string }>)[kind]?.number;
}

/** What a kind's value is (`attachment_value`), for kinds that carry one. */
export function valueOf(kind: string): string | undefined {
  return (APPROVAL_KINDS as Record<string, { value?: string }>)[kind]?.value;
}

export function useApprovalList(query: Record<string, string | number>) {
  return useQuery({
    queryKey: [...ROOT, 'list', query],
    queryFn: ({ signal }) =>
      http.get<{ list: ApprovalRequest[]; total: number }>('/approvals', query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useApproval(id: number | null) {
  return useQuery({
    queryKey: [...ROOT, 'one', id],
    queryFn: ({ signal }) => http.get<ApprovalRequestDetail>(`/approvals/${id}`, undefined, { signal }),
    enabled: id !== null,
  });
}

export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      verdict,
      comment,
    }: {
      id: number;
      verdict: 'approve' | 'reject' | 'cancel';
      comment?: string;
    }) =>
      http.post<ApprovalRequestDetail>(
        `/approvals/${id}/${verdict}`,
        verdict === 'cancel' ? undefined : { comment },
        { silent: verdict !== 'cancel' },
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ROOT });
      // The header's bell: a decision may have answered a notification.
      void client.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}

/**
 * Keeps the page's lists and open request current: a request made or decided reaches the maker as
 * an `approval` event and the deciders as an approval notification (the live channel).
 */
export function useLiveApprovals(): void {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: [...ROOT, 'list'] });
  useLiveEvent('approval', () => {
    refresh();
    void client.invalidateQueries({ queryKey: [...ROOT, 'one'] });
  });
  useLiveEvent('notification', (data) => {
    if ((data as { kind?: string } | null)?.kind === 'approval') refresh();
  });
}

export function usePolicies(enabled: boolean) {
  return useQuery({
    queryKey: [...ROOT, 'policies'],
    queryFn: ({ signal }) => http.get<ApprovalPolicies>('/approval-policies', undefined, { signal }),
    enabled,
  });
}

export function useSavePolicies() {
  const client = useQueryClient();
  return useMutation({
    /** `version`: the list's version when it was read (a save since is refused with 409001). */
    mutationFn: (body: { policies: ApprovalPolicyInput[]; version: string | undefined }) =>
      // The policies panel shows every failure itself, beside the list.
      // Where the CP has a second admin, the change waits for them (`{ approval }`, HTTP 202).
      http.put<ApprovalPolicies | { approval: ApprovalRequest }>('/approval-policies', body, {
        silent: true,
      }),
    onSuccess: (data) => {
      if ('approval' in data) void client.invalidateQueries({ queryKey: ROOT });
      else client.setQueryData([...ROOT, 'policies'], data);
    },
  });
}
