import AuditOutlined from '@ant-design/icons/AuditOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { http } from '@/shared/http.ts';
import { CountedLink } from '../notify/NotifyBell.tsx';

export const APPROVALS_PAGE = '/approvals';

/**
 * The header's approvals entry: how many requests wait for the caller's decision (asked every
 * minute), opening the approvals page. Everyone signed in has the page (the server narrows it).
 */
export function ApprovalsEntry() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { data } = useQuery({
    queryKey: ['approvals', 'to-decide-count'],
    queryFn: () =>
      http.get<{ total: number }>(
        '/approvals',
        { status: 'pending', page: 1, page_size: 1 },
        { silent: true },
      ),
    refetchInterval: 60_000,
  });
  const count = data?.total ?? 0;
  return (
    <CountedLink
      label={t('header.approvals', { count })}
      className="rx-approvals-entry"
      count={count}
      data={{ 'data-pending': count }}
      icon={<AuditOutlined aria-hidden />}
      onOpen={() => void navigate(APPROVALS_PAGE)}
    />
  );
}
