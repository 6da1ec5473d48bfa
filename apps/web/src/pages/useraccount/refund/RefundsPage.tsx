import { useMemo, useState } from 'react';
import { Button, Card, Popconfirm, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  REFUND_STATES,
  WEB_SHOP_STORE,
  refundsResource,
  type RefundItem,
  type RefundPollAnswer,
  type RefundTotalRow,
} from '@rx/contracts/refunds';
import { ADMIN_ROLE } from '@rx/contracts/pages';
import { STORES } from '@rx/contracts/billing-points';
import { useProduct } from '@/app/product/index.ts';
import { usePermission } from '@/app/permission/index.ts';
import { Chart } from '@/shared/chart/index.ts';
import { enumSearch } from '@/shared/crud/index.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import { useResource } from '@/shared/crud/use-resource.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { clawBackSelected } from './api.ts';
import { Money, StateTag, WebOrderLink, storeLabel } from './refund-parts.tsx';
import { idSelection } from '@/shared/crud/row-selection.ts';

const RESOURCE = refundsResource;
/** The stores a refund comes from: the billing stores, and the web shop (refunded web orders). */
const REFUND_STORES = [...STORES, WEB_SHOP_STORE];
export const detailLink = (orderNo: string) => `/useraccount/refund/detail/${encodeURIComponent(orderNo)}`;

/** Refunds per day and store over the filtered dates: a small stacked bar chart and the sums per currency. */
function Totals({ from, to }: { from?: string; to?: string }) {
  const { t } = useTranslation(['refunds', 'billing']);
  const productId = useProduct((s) => s.productId);
  const totals = useQuery({
    queryKey: [RESOURCE.name, 'totals', productId, from, to],
    queryFn: ({ signal }) =>
      http.get<RefundTotalRow[]>(
        `/${RESOURCE.name}/totals`,
        { ...(from ? { from } : {}), ...(to ? { to } : {}) },
        { signal },
      ),
  });
  const rows = totals.data ?? [];
  const days = [...new Set(rows.map((r) => r.day))];
  const stores = [...new Set(rows.map((r) => r.store))];
  const series = stores.map((store) => ({
    name: storeLabel(t, store),
    values: days.map((day) =>
      rows.filter((r) => r.day === day && r.store === store).reduce((s, r) => s + r.count, 0),
    ),
  }));
  const sums = new Map<string, number>();
  for (const r of rows) if (r.currency) sums.set(r.currency, (sums.get(r.currency) ?? 0) + r.amount);
  const count = rows.reduce((s, r) => s + r.count, 0);
  return (
    <Card size="small" title={t('totals.title')} style={{ marginBlockEnd: 16 }} data-testid="refund-totals">
      <Space wrap size="large" style={{ marginBlockEnd: 8 }}>
        <span>
          {t('totals.count')}: <strong data-testid="refund-total-count">{count}</strong>
        </span>
        {[...sums].map(([currency, amount]) => (
          <span key={currency}>
            <Money amount={amount} currency={currency} />
          </span>
        ))}
      </Space>
      {days.length > 0 ? (
        <Chart kind="stacked-bar" categories={days} series={series} label={t('totals.chart')} height={200} />
      ) : (
        <Typography.Text type="secondary">{t('totals.empty')}</Typography.Text>
      )}
    </Card>
  );
}

/**
 * Refunds: store refund notices matched to orders, with their claw-back state; totals per day and
 * store; claw back the selected ones as a job; an admin may poll the store now.
 */
export function RefundsPage() {
  const { t } = useTranslation(['refunds', 'billing']);
  const toast = useMessage();
  const client = useQueryClient();
  const { params, setParams, list } = useResource<RefundItem>(RESOURCE, { defaultSort: '-voided_at' });
  const canEdit = usePermission([RESOURCE.permissions.edit]);
  const canExport = usePermission([RESOURCE.permissions.export]);
  const isAdmin = usePermission([ADMIN_ROLE]);
  const [selected, setSelected] = useState<number[]>([]);
  const filters = params.filters as Record<string, string | undefined>;

  const bulk = useMutation({
    mutationFn: () => clawBackSelected(selected),
    onSuccess: (answer) => {
      toast.success(t('actions.bulkStarted', { count: answer.count, id: answer.job_id }));
      setSelected([]);
      void client.invalidateQueries({ queryKey: [RESOURCE.name] });
    },
  });
  const poll = useMutation({
    mutationFn: () => http.post<RefundPollAnswer>(`/${RESOURCE.name}/poll`),
    onSuccess: (answer) => {
      if (answer.retry_after) toast.warning(t('actions.pollLater', { seconds: answer.retry_after }));
      else toast.success(t('actions.pollDone', { stored: answer.stored, failed: answer.failed }));
      void client.invalidateQueries({ queryKey: [RESOURCE.name] });
    },
  });

  const columns = useMemo<ColumnsType<RefundItem>>(
    () => [
      {
        title: t('columns.order_no'),
        dataIndex: 'order_no',
        width: 180,
        render: (orderNo: string, r) => (
          <>
            <Link to={detailLink(orderNo)}>{orderNo}</Link>
            <WebOrderLink t={t} item={r} />
          </>
        ),
      },
      { title: t('columns.openid'), dataIndex: 'openid', width: 150, render: (v: string) => v || '—' },
      {
        title: t('columns.store'),
        dataIndex: 'store',
        width: 120,
        render: (store: string) => storeLabel(t, store),
      },
      {
        title: t('columns.amount'),
        key: 'amount',
        width: 120,
        sorter: true,
        render: (_, r) => <Money amount={r.amount} currency={r.currency} />,
      },
      {
        title: t('columns.reason'),
        dataIndex: 'reason',
        width: 130,
        render: (v: string) => t(`reasons.${v}`),
      },
      {
        title: t('columns.source'),
        dataIndex: 'source',
        width: 100,
        render: (v: string) => t(`sources.${v}`),
      },
      { title: t('columns.state'), key: 'state', width: 170, render: (_, r) => <StateTag t={t} item={r} /> },
      { title: t('columns.owed'), dataIndex: 'owed', width: 90 },
      {
        title: t('columns.voided_at'),
        dataIndex: 'voided_at',
        width: 160,
        sorter: true,
        render: (v: string) => formatDateTime(v),
      },
    ],
    [t],
  );

  return (
    <QueryListPage<RefundItem>
      title={t('menu:page.refunds')}
      intro={t('intro')}
      before={<Totals from={filters.from} to={filters.to} />}
      params={params}
      setParams={setParams}
      list={list}
      fields={[
        { ...enumSearch(t, 'state', t('columns.state'), REFUND_STATES, 'states'), width: 150 },
        {
          name: 'store',
          label: t('columns.store'),
          width: 140,
          kind: 'select',
          options: REFUND_STORES.map((value) => ({ value, label: storeLabel(t, value) })),
        },
        { name: 'from', label: t('filters.from'), kind: 'date' },
        { name: 'to', label: t('filters.to'), kind: 'date' },
        { name: 'openid', label: t('columns.openid'), width: 180 },
        { name: 'order_no', label: t('columns.order_no'), width: 180 },
      ]}
      rowKey="id"
      toolsId="refunds"
      exportAs={canExport && RESOURCE.name}
      leading={
        <Space wrap>
          {canEdit && (
            <Popconfirm
              title={t('actions.clawBackSelectedConfirm', { count: selected.length })}
              okButtonProps={{ danger: true }}
              disabled={selected.length === 0}
              onConfirm={() => bulk.mutate()}
            >
              <Button
                type="primary"
                disabled={selected.length === 0}
                loading={bulk.isPending}
                data-testid="refund-bulk"
              >
                {t('actions.clawBackSelected', { count: selected.length })}
              </Button>
            </Popconfirm>
          )}
          {isAdmin && (
            <Button loading={poll.isPending} onClick={() => poll.mutate()}>
              {t('actions.pollNow')}
            </Button>
          )}
        </Space>
      }
      rowSelection={idSelection(canEdit, selected, setSelected, (r: RefundItem) => ({
        disabled: r.state !== 'matched' && r.state !== 'debt',
        'aria-label': t('actions.select', { order: r.order_no }),
      }))}
      columns={columns}
      sortFields={{ amount: 'amount', voided_at: 'voided_at' }}
    />
  );
}
