import { useState } from 'react';
import { Button, Drawer, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CALLBACK_EVENTS,
  DELIVERY_STATUSES,
  callbacksResource,
  type Callback,
  type CallbackDelivery,
  type CallbackEvent,
  type DeliveryStatus,
} from '@rx/contracts/callbacks';
import { usePermission } from '@/app/permission/index.ts';
import { enumOptions, resourceKey, type ListAnswer, actionsColumn } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';

const RESOURCE = callbacksResource.name;

const STATUS_COLOR: Record<DeliveryStatus, string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
};

interface Props {
  /** The endpoint whose deliveries are shown (null: closed). */
  endpoint: Callback | null;
  onClose: () => void;
}

/** Pretty JSON of a delivery's body (as sent, when it is not JSON). */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * An endpoint's delivery log, newest first: each event's status, attempts, the receiver's last
 * answer, when it is tried next; a delivered or failed one can be sent again (replay).
 */
export function DeliveriesDrawer({ endpoint, onClose }: Props) {
  const { t } = useTranslation('callbacks');
  const message = useMessage();
  const client = useQueryClient();
  const canReplay = usePermission([callbacksResource.permissions.edit]);
  const [paging, setPaging] = useState({ page: 1, page_size: 10 });
  const [status, setStatus] = useState<DeliveryStatus | undefined>();
  const [event, setEvent] = useState<CallbackEvent | undefined>();
  const [replaying, setReplaying] = useState<number | null>(null);
  const query = endpoint ? { ...paging, ...(status ? { status } : {}), ...(event ? { event } : {}) } : null;
  const deliveries = useQuery({
    queryKey: resourceKey(RESOURCE, 'deliveries', { id: endpoint?.id, ...query }),
    queryFn: ({ signal }) =>
      http.get<ListAnswer<CallbackDelivery>>(`/${RESOURCE}/${endpoint!.id}/deliveries`, query!, { signal }),
    placeholderData: keepPreviousData,
    enabled: query !== null,
  });
  const close = () => {
    setPaging({ page: 1, page_size: 10 });
    setStatus(undefined);
    setEvent(undefined);
    onClose();
  };
  const replay = async (delivery: CallbackDelivery) => {
    setReplaying(delivery.id);
    try {
      await http.post(`/${RESOURCE}/${endpoint!.id}/deliveries/${delivery.id}/replay`, {});
      void message.success(t('replayed'));
      setPaging((p) => ({ ...p, page: 1 }));
      void client.invalidateQueries({ queryKey: [RESOURCE] });
    } finally {
      setReplaying(null);
    }
  };

  return (
    <Drawer
      open={endpoint !== null}
      onClose={close}
      title={t('deliveriesOf', { name: endpoint?.name ?? '' })}
      size={960}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('deliveriesHint')}</Typography.Paragraph>
      <Space wrap style={{ marginBlockEnd: 12 }}>
        <Select<DeliveryStatus>
          aria-label={t('deliveryStatus')}
          placeholder={t('deliveryStatus')}
          allowClear
          style={{ width: 160 }}
          value={status}
          options={enumOptions(t, DELIVERY_STATUSES, 'deliveryStatuses')}
          onChange={(value) => {
            setStatus(value);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Select<CallbackEvent>
          aria-label={t('event')}
          placeholder={t('event')}
          allowClear
          style={{ width: 200 }}
          value={event}
          options={enumOptions(t, CALLBACK_EVENTS, 'eventNames')}
          onChange={(value) => {
            setEvent(value);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void deliveries.refetch()}>
          {t('table:refresh')}
        </Button>
      </Space>
      <DataTable<CallbackDelivery>
        rowKey="id"
        loading={deliveries.isFetching}
        dataSource={deliveries.data?.list}
        scroll={{ x: 900 }}
        expandable={{
          expandedRowRender: (row) => (
            <pre
              className="rx-callback-body"
              style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            >
              {pretty(row.body)}
            </pre>
          ),
        }}
        columns={[
          { title: t('deliveryId'), dataIndex: 'id', width: 90 },
          {
            title: t('event'),
            dataIndex: 'event',
            width: 150,
            render: (value: CallbackEvent, row) => (
              <Space direction="vertical" size={0}>
                <span>{t(`eventNames.${value}`)}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable>
                  {row.event_id}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('deliveryStatus'),
            dataIndex: 'status',
            width: 130,
            render: (value: DeliveryStatus, row) => (
              <Space direction="vertical" size={0}>
                <Tag color={STATUS_COLOR[value]}>{t(`deliveryStatuses.${value}`)}</Tag>
                {row.replay_of !== null && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('replayOf', { id: row.replay_of })}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: t('attempts'), dataIndex: 'attempts', width: 90 },
          {
            title: t('lastAnswer'),
            key: 'answer',
            width: 200,
            render: (_, row) =>
              row.last_error ? (
                <Typography.Text
                  type="danger"
                  style={{ maxWidth: 180 }}
                  ellipsis={{ tooltip: row.last_error }}
                >
                  {row.last_error}
                </Typography.Text>
              ) : row.last_http_status !== null ? (
                `HTTP ${row.last_http_status}`
              ) : (
                '—'
              ),
          },
          {
            title: t('nextAttempt'),
            dataIndex: 'next_attempt_at',
            width: 170,
            render: (at: string | null) => (at ? formatDateTime(at) : '—'),
          },
          {
            title: t('deliveredAt'),
            dataIndex: 'delivered_at',
            width: 170,
            render: (at: string | null) => (at ? formatDateTime(at) : '—'),
          },
          {
            title: t('createdAt'),
            dataIndex: 'created_at',
            width: 170,
            render: (at: string) => formatDateTime(at),
          },
          actionsColumn(t, 100, (row) =>
            canReplay && row.status !== 'pending' && endpoint?.status === 'active' ? (
              <Popconfirm
                title={t('replayConfirm', { id: row.event_id })}
                onConfirm={() => replay(row)}
                okText={t('replay')}
              >
                <Button type="link" size="small" loading={replaying === row.id}>
                  {t('replay')}
                </Button>
              </Popconfirm>
            ) : null,
          ),
        ]}
        pagination={{
          current: paging.page,
          pageSize: paging.page_size,
          total: deliveries.data?.total ?? 0,
          onChange: (page, page_size) => setPaging({ page, page_size }),
        }}
      />
    </Drawer>
  );
}
