import { useCallback } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
// Types only: the contracts' zod schemas stay out of the bundle.
import type { ApprovalPending } from '@rx/contracts/approvals';
import { useMessage } from './feedback.tsx';

/** Whether a write's answer is a request waiting for a second person (the API answered 202). */
export function isPendingApproval(data: unknown): data is ApprovalPending {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as Partial<ApprovalPending>).approval?.status === 'pending'
  );
}

/**
 * Tells the user that their change was sent for approval, with a link to the request on the
 * approvals page. The page that uses it loads the `approvals` namespace.
 */
export function useApprovalNotice() {
  const { t } = useTranslation('approvals');
  const message = useMessage();
  const navigate = useNavigate();
  return useCallback(
    (pending: ApprovalPending) => {
      const { id } = pending.approval;
      message.info(
        <span data-testid="approval-sent">
          {t('sent.title')}{' '}
          <Button type="link" size="small" onClick={() => void navigate(`/approvals?id=${id}`)}>
            {t('sent.open', { id })}
          </Button>
        </span>,
        8,
      );
    },
    [message, navigate, t],
  );
}
