import { http } from '@/shared/http.ts';
import type { ApprovalPending } from '@rx/contracts/approvals';
import type { RefundItem } from '@rx/contracts/refunds';

export const clawBack = (item: Pick<RefundItem, 'id' | 'version'>) =>
  http.post<RefundItem>(`/refunds/${item.id}/claw-back`, { version: item.version });

export const clawBackSelected = (ids: number[]) =>
  http.post<{ job_id: number; count: number }>('/refunds/claw-back', { ids });

export const penalise = (
  item: Pick<RefundItem, 'id' | 'version'>,
  body: { kind: 'payment' | 'account'; reason: string; days?: number },
) => http.post<RefundItem>(`/refunds/${item.id}/penalise`, { ...body, version: item.version });

export const askToWaive = (item: Pick<RefundItem, 'id' | 'version'>, reason: string) =>
  http.post<ApprovalPending & { refund: RefundItem }>(`/refunds/${item.id}/waive`, {
    reason,
    version: item.version,
  });
