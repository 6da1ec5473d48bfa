import { Button, Tooltip } from 'antd';
import SolutionOutlined from '@ant-design/icons/SolutionOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NOTIFICATION_PAGE, UNREAD_WORK_ORDERS, useNotifications } from '@/shared/notifications-api.ts';
import { useCanOpenNotificationPage } from './access.ts';
import { CountBubble } from './NotifyBell.tsx';

/** The header's work-order entry: the unread work orders, opening the work-order page filtered to them. */
export function WorkOrderEntry() {
  return useCanOpenNotificationPage() ? <WorkOrderButton /> : null;
}

function WorkOrderButton() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { data } = useNotifications(UNREAD_WORK_ORDERS, { poll: true, silent: true });
  const count = data?.total ?? 0;
  const label = t('header.workOrders', { count });
  return (
    <Tooltip title={label}>
      <span className="rx-counted">
        <Button
          type="text"
          className="rx-header__button rx-work-orders"
          aria-label={label}
          data-unread={count}
          onClick={() => void navigate(`${NOTIFICATION_PAGE}?kind=work_order&unread=1`)}
          icon={<SolutionOutlined aria-hidden />}
        />
        <CountBubble count={count} tone="warning" />
      </span>
    </Tooltip>
  );
}
