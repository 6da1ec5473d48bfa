import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LATEST, NOTIFICATION_PAGE, useMarkRead, useNotifications } from '@/shared/notifications-api.ts';
import { useCanOpenNotificationPage } from './access.ts';
import { NotifyList } from './NotifyList.tsx';

/** The bell's popover: the latest notifications, mark all read, and the way to the full list. */
export default function NotifyPanel({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  // Shares the bell's cached query: opening the panel asks nothing new.
  const { data } = useNotifications(LATEST, { poll: true, silent: true });
  const markRead = useMarkRead();
  const canViewAll = useCanOpenNotificationPage();
  return (
    <div className="rx-notify">
      <Flex justify="space-between" align="center" gap="middle" className="rx-notify__head">
        <strong>{t('notify.title')}</strong>
        <Button
          size="small"
          type="link"
          disabled={!data?.unread}
          loading={markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          {t('notify.markAllRead')}
        </Button>
      </Flex>
      <NotifyList items={data?.list ?? []} onDone={onDone} />
      {canViewAll && (
        <Button
          block
          type="text"
          className="rx-notify__all"
          onClick={() => {
            onDone();
            void navigate(NOTIFICATION_PAGE);
          }}
        >
          {t('notify.viewAll')}
        </Button>
      )}
    </div>
  );
}
