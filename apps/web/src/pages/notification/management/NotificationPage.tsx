import { useState } from 'react';
import { Button, Flex, Select, Space, Switch } from 'antd';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { useTranslation } from 'react-i18next';
import { useListParams } from '@/shared/crud/list-params.ts';
import {
  isNotificationKind,
  kindLabel,
  NOTIFICATION_KINDS,
  useMarkRead,
  useNotifications,
  type NotificationKind,
} from '@/shared/notifications-api.ts';
import { NotificationTable } from './NotificationTable.tsx';
import './notification-page.css';

const FILTERS = ['kind', 'unread'] as const;

/**
 * Work orders and notifications (/notification/management): filtered by kind and unread in the
 * address, paged on the server, marked read one by one, by selection or all at once.
 */
export default function NotificationPage() {
  const { t } = useTranslation(['layout', 'menu']);
  const [params, update] = useListParams(FILTERS);
  const [selected, setSelected] = useState<number[]>([]);
  const kind = isNotificationKind(params.filters.kind) ? params.filters.kind : undefined;
  const unread = params.filters.unread === '1';
  const query = useNotifications({ page: params.page, page_size: params.page_size, kind, unread });
  const markRead = useMarkRead();
  const data = query.data;

  const setFilters = (next: { kind?: NotificationKind; unread: boolean }) => {
    setSelected([]);
    update({
      filters: { ...(next.kind ? { kind: next.kind } : {}), ...(next.unread ? { unread: '1' } : {}) },
    });
  };
  const markSelected = () => markRead.mutate({ ids: selected }, { onSuccess: () => setSelected([]) });

  return (
    <Flex vertical gap="middle" className="rx-notification-page">
      <Flex wrap gap="middle" align="center" justify="space-between" role="search">
        <Space wrap size="middle">
          <Select<NotificationKind>
            allowClear
            aria-label={t('workOrders.kind')}
            placeholder={t('workOrders.allKinds')}
            value={kind}
            onChange={(value) => setFilters({ kind: value, unread })}
            options={NOTIFICATION_KINDS.map((value) => ({ value, label: t(kindLabel(value)) }))}
            style={{ minWidth: 160 }}
          />
          <label className="rx-notification-page__switch">
            <Switch
              id="notifications-unread-only"
              checked={unread}
              onChange={(on) => setFilters({ kind, unread: on })}
            />
            {t('workOrders.unreadOnly')}
          </label>
          <span className="rx-notification-page__count">
            {t('workOrders.unread', { count: data?.unread ?? 0 })}
          </span>
        </Space>
        <Space wrap>
          <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('workOrders.refresh')}
          </Button>
          <Button disabled={selected.length === 0} onClick={markSelected}>
            {t('workOrders.markSelectedRead', { count: selected.length })}
          </Button>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={!data?.unread}
            loading={markRead.isPending}
            onClick={() => markRead.mutate({ all: true }, { onSuccess: () => setSelected([]) })}
          >
            {t('notify.markAllRead')}
          </Button>
        </Space>
      </Flex>
      <NotificationTable
        items={data?.list ?? []}
        total={data?.total ?? 0}
        page={params.page}
        pageSize={params.page_size}
        loading={query.isLoading}
        selected={selected}
        onSelect={setSelected}
        onPage={(page, page_size) => update({ page, page_size })}
      />
    </Flex>
  );
}
