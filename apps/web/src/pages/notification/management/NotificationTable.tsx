import { Badge, Button, Space, Tag, Tooltip, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { KIND_COLORS, useOpenNotification } from '@/app/layout/notify/NotifyList.tsx';
import { relativeTime, useNow } from '@/app/layout/notify/time.ts';
import { htmlLang } from '@/shared/document-language.ts';
import { formatDateTime } from '@/shared/format.ts';
import { useLocale } from '@/shared/i18n.ts';
import { kindLabel, useMarkRead, type NotificationItem } from '@/shared/notifications-api.ts';
import { DataTable } from '@/shared/ui/index.ts';

interface NotificationTableProps {
  items: NotificationItem[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onPage: (page: number, pageSize: number) => void;
}

/** The notifications as the shared list table (its pager, empty text, phone layout), each openable and markable. */
export function NotificationTable(props: NotificationTableProps) {
  const { items, total, page, pageSize, loading, selected, onSelect, onPage } = props;
  const { t } = useTranslation('layout');
  const language = useLocale((state) => state.language);
  const markRead = useMarkRead();
  const open = useOpenNotification();
  const now = useNow();

  const columns: TableProps<NotificationItem>['columns'] = [
    {
      key: 'kind',
      title: t('workOrders.columns.kind'),
      width: 120,
      render: (_, item) => <Tag color={KIND_COLORS[item.kind]}>{t(kindLabel(item.kind))}</Tag>,
    },
    {
      key: 'title',
      title: t('workOrders.columns.title'),
      align: 'start',
      render: (_, item) => (
        <div className={item.read ? 'rx-notification' : 'rx-notification is-unread'}>
          {/* Each in its own direction: user text keeps its order (and its final "。") in Arabic. */}
          <div dir="auto" className="rx-notification__title">
            {item.title}
          </div>
          {item.body && (
            <div dir="auto" className="rx-notification__body">
              {item.body}
            </div>
          )}
        </div>
      ),
    },
    {
      key: 'time',
      title: t('workOrders.columns.time'),
      width: 180,
      render: (_, item) => (
        <Tooltip title={relativeTime(item.created_at, now, htmlLang(language))}>
          <time dateTime={item.created_at}>{formatDateTime(item.created_at, language)}</time>
        </Tooltip>
      ),
    },
    {
      key: 'status',
      title: t('workOrders.columns.status'),
      width: 110,
      render: (_, item) =>
        item.read ? (
          <Badge status="default" text={t('workOrders.status.read')} />
        ) : (
          <Badge status="processing" text={t('workOrders.status.unread')} />
        ),
    },
    {
      key: 'actions',
      title: t('workOrders.columns.actions'),
      width: 200,
      render: (_, item) => (
        <Space size={0}>
          {item.link && (
            <Button type="link" size="small" onClick={() => open(item)}>
              {t('workOrders.open')}
            </Button>
          )}
          {!item.read && (
            <Button type="link" size="small" onClick={() => markRead.mutate({ ids: [item.id] })}>
              {t('notify.markRead')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <DataTable<NotificationItem>
      rowKey="id"
      columns={columns}
      dataSource={items}
      loading={loading}
      locale={{ emptyText: t('notify.empty') }}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(Number)),
        getCheckboxProps: (item) => ({ disabled: item.read }),
      }}
      pagination={{ current: page, pageSize, total, onChange: onPage }}
    />
  );
}
