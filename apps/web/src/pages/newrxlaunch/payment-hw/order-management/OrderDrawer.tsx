import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Drawer, Form, Input, Space, Timeline, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  WEB_REFUNDABLE,
  webOrdersResource,
  type WebDeliveryAttempt,
  type WebOrder,
  type WebOrderDetail,
} from '@rx/contracts/web-shop';
import type { ApprovalPending } from '@rx/contracts/approvals';
import { REFUNDS_PAGE } from '@rx/contracts/refunds';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { isPendingApproval, useApprovalNotice } from '@/shared/approval-notice.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { AppModal } from '@/shared/ui/index.ts';
import { Money, StateTag } from './order-parts.tsx';
import { ScrollTable } from '@/shared/ui/ScrollTable.tsx';

const RESOURCE = webOrdersResource;

/** What a timeline entry's detail says, shortly (attempt outcome, amounts, references). */
function detailText(t: TFunction, detail: Record<string, unknown>): string {
  const parts: string[] = [];
  if (detail.seq !== undefined) parts.push(`#${String(detail.seq)}`);
  if (typeof detail.outcome === 'string')
    parts.push(t(`outcomes.${detail.outcome}`, { defaultValue: detail.outcome }));
  if (typeof detail.error === 'string' && detail.error) parts.push(detail.error);
  for (const key of ['payment_ref', 'refund_ref', 'notice_id', 'job_id', 'approval_id'] as const)
    if (detail[key] !== undefined && detail[key] !== null) parts.push(`${key}: ${String(detail[key])}`);
  return parts.join(' · ');
}

/** One order: its fields, timeline (every event with time, actor, detail), delivery attempts and the actions. */
export function OrderDrawer({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation(['webShop', 'refunds']);
  const productId = useProduct((s) => s.productId);
  const client = useQueryClient();
  const toast = useMessage();
  const approvalNotice = useApprovalNotice();
  const canEdit = usePermission([RESOURCE.permissions.edit]);
  const [refunding, setRefunding] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const detail = useQuery({
    queryKey: [RESOURCE.name, 'detail', productId, orderId],
    enabled: orderId !== null && productId !== null,
    queryFn: ({ signal }) => http.get<WebOrderDetail>(`/${RESOURCE.name}/${orderId}`, undefined, { signal }),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: [RESOURCE.name] });
  const order = detail.data?.order;
  const refundRow = detail.data?.refund ?? null;

  const redeliver = useMutation({
    mutationFn: (o: WebOrder) =>
      http.post<WebOrder>(`/${RESOURCE.name}/${o.id}/redeliver`, { version: o.version }),
    onSuccess: (next) => {
      if (next.state === 'delivered') toast.success(t('orders.redelivered'));
      else toast.warning(t('orders.redeliverFailed'));
      refresh();
    },
  });
  const refund = useMutation({
    mutationFn: (reason: string) =>
      http.post<WebOrder | (ApprovalPending & { order: WebOrder })>(`/${RESOURCE.name}/${order!.id}/refund`, {
        reason,
        version: order!.version,
      }),
    onSuccess: (answer) => {
      if (isPendingApproval(answer)) approvalNotice(answer);
      else toast.success(t('orders.refunded'));
      setRefunding(false);
      refresh();
    },
  });

  return (
    <Drawer
      open={orderId !== null}
      title={order ? t('orders.detailTitle', { orderNo: order.order_no }) : t('orders.detail')}
      size={760}
      onClose={onClose}
      destroyOnHidden
    >
      {detail.isError && <Alert type="warning" showIcon title={t('orders.notFound')} />}
      {!detail.data || !order ? (
        !detail.isError && <Card loading />
      ) : (
        <div data-testid="web-order-detail" data-order={order.order_no}>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label={t('orders.orderNo')}>
              <span dir="ltr">{order.order_no}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.state')}>
              <StateTag t={t} order={order} />
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.openid')}>
              <span dir="ltr">{order.openid}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.role')}>
              <span dir="ltr">
                {order.role_id} @ {order.server}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.sku')}>
              <span dir="ltr">{order.sku}</span> {order.good_name}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.amount')}>
              <Money amount={order.amount} currency={order.currency} /> ({order.country})
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.paymentMethod')}>
              {t(`methods.${order.payment_method}`)} · {order.provider}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.paymentRef')}>
              <span dir="ltr">{order.payment_ref || '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.reward')} span={2}>
              <span dir="ltr">
                {[
                  ...order.items.map((i) => `#${i.prop_id} × ${i.quantity}`),
                  ...order.currencies.map((c) => `${c.amount} ${c.currency}`),
                ].join(' · ') || '—'}
              </span>
              {order.activity_rewards.length > 0 && (
                <div>{t('orders.activityRewards', { count: order.activity_rewards.length })}</div>
              )}
            </Descriptions.Item>
            {order.refund_reason && (
              <Descriptions.Item label={t('orders.refundReason')} span={2}>
                {order.refund_reason}
              </Descriptions.Item>
            )}
            {refundRow && (
              <Descriptions.Item label={t('orders.refundRow')} span={2}>
                <Link
                  to={`${REFUNDS_PAGE}/detail/${encodeURIComponent(order.order_no)}`}
                  data-testid="web-order-refund-row"
                  data-state={refundRow.state}
                >
                  #{refundRow.id} · {t(`refunds:states.${refundRow.state}`)}
                </Link>
              </Descriptions.Item>
            )}
          </Descriptions>
          {canEdit && (
            <Space wrap style={{ marginBlock: 12 }}>
              <Button
                type="primary"
                disabled={order.state !== 'delivery_failed'}
                loading={redeliver.isPending}
                onClick={() => redeliver.mutate(order)}
                data-testid="web-order-redeliver"
              >
                {t('orders.redeliver')}
              </Button>
              <Button
                danger
                disabled={!WEB_REFUNDABLE.includes(order.state) || order.approval_id !== null}
                onClick={() => setRefunding(true)}
                data-testid="web-order-refund"
              >
                {t('orders.refund')}
              </Button>
            </Space>
          )}
          <Typography.Title level={5}>{t('orders.attempts')}</Typography.Title>
          {/* Its own scrolling box, reachable by keyboard (axe: scrollable-region-focusable). */}
          <div role="region" aria-label={t('orders.attempts')} tabIndex={0} style={{ overflowX: 'auto' }}>
            <ScrollTable<WebDeliveryAttempt>
              size="small"
              rowKey="seq"
              pagination={false}
              dataSource={detail.data.attempts}
              data-testid="web-order-attempts"
              columns={[
                { title: '#', dataIndex: 'seq', width: 50 },
                { title: t('orders.at'), dataIndex: 'at', render: (v: string) => formatDateTime(v) },
                {
                  title: t('orders.outcome'),
                  dataIndex: 'outcome',
                  render: (v: string) => t(`outcomes.${v}`, { defaultValue: v }),
                },
                { title: t('orders.error'), dataIndex: 'detail', render: (v: string) => v || '—' },
              ]}
            />
          </div>
          <Typography.Title level={5} style={{ marginBlockStart: 16 }}>
            {t('orders.timeline')}
          </Typography.Title>
          <Timeline
            items={detail.data.timeline.map((e, i) => ({
              key: i,
              children: (
                <div data-testid={`web-timeline-${e.kind}`}>
                  <div>
                    <strong>{t(`events.${e.kind}`)}</strong>{' '}
                    <Typography.Text type="secondary">{formatDateTime(e.at)}</Typography.Text>
                  </div>
                  <div>
                    {t('orders.by')}: {e.by ? e.by.username : t('orders.system')}
                  </div>
                  {e.reason && (
                    <div>
                      {t('orders.why')}: {e.reason}
                    </div>
                  )}
                  {detailText(t, e.detail) && (
                    <Typography.Text type="secondary" dir="ltr">
                      {detailText(t, e.detail)}
                    </Typography.Text>
                  )}
                </div>
              ),
            }))}
          />
        </div>
      )}
      <AppModal
        open={refunding}
        title={t('orders.refundTitle')}
        onCancel={() => setRefunding(false)}
        onOk={() => form.submit()}
        confirmLoading={refund.isPending}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('orders.refundHint')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={(v) => refund.mutate(v.reason)}>
          <Form.Item
            name="reason"
            label={t('orders.reason')}
            rules={[{ required: true, whitespace: true, message: t('orders.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </AppModal>
    </Drawer>
  );
}
