import SolutionOutlined from '@ant-design/icons/SolutionOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NOTIFICATION_PAGE, UNREAD_WORK_ORDERS, useNotifications } from '@/shared/notifications-api.ts';
import { useCanOpenNotificationPage } from './access.ts';
import { CountedLink } from './NotifyBell.tsx';

/** The header's work-order entry: the unread work orders, opening the work-order page filtered to them. */
export function WorkOrderEntry() {
  return useCanOpenNotificationPage() ? <WorkOrderButton /> : null;
}

function WorkOrderButton() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { data } = useNotifications(UNREAD_WORK_ORDERS, { poll: true, silent: true });
  const count = data?.total ?? 0;
  return (
    <CountedLink
      label={t('header.workOrders', { count })}
      className="rx-work-orders"
      count={count}
      data={{ 'data-unread': count }}
      icon={<SolutionOutlined aria-hidden />}
      onOpen={() => void navigate(`${NOTIFICATION_PAGE}?kind=work_order&unread=1`)}
    />
  );
}
