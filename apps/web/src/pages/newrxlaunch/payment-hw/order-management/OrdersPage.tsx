import { useMemo, useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  WEB_ORDER_STATES,
  WEB_PAYMENT_METHODS,
  webOrdersResource,
  type WebOrder,
  type WebOrderTotalRow,
} from '@rx/contracts/web-shop';
import { useProduct } from '@/app/product/index.ts';
import { Chart } from '@/shared/chart/index.ts';
import { enumSearch } from '@/shared/crud/index.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import { useResource } from '@/shared/crud/use-resource.ts';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { OrderDrawer } from './OrderDrawer.tsx';
import { Money, StateTag } from './order-parts.tsx';

const RESOURCE = webOrdersResource;

/** Paid orders per day and currency over the filtered dates: the sums per currency and the latest days. */
function Totals({ from, to }: { from?: string; to?: string }) {
  const { t } = useTranslation('webShop');
  const productId = useProduct((s) => s.productId);
  const totals = useQuery({
    queryKey: [RESOURCE.name, 'totals', productId, from, to],
    queryFn: ({ signal }) =>
      http.get<WebOrderTotalRow[]>(
        `/${RESOURCE.name}/totals`,
        { ...(from ? { from } : {}), ...(to ? { to } : {}) },
        { signal },
      ),
  });
  const rows = totals.data ?? [];
  const days = [...new Set(rows.map((r) => r.day))].sort();
  const currencies = [...new Set(rows.map((r) => r.currency))];
  const series = currencies.map((currency) => ({
    name: currency,
    values: days.map((day) => rows.find((r) => r.day === day && r.currency === currency)?.count ?? 0),
  }));
  const sums = new Map<string, { amount: number; count: number }>();
  for (const r of rows) {
    const sum = sums.get(r.currency) ?? { amount: 0, count: 0 };
    sums.set(r.currency, { amount: sum.amount + r.amount, count: sum.count + r.count });
  }
  return (
    <Card
      size="small"
      title={t('totals.title')}
      style={{ marginBlockEnd: 16 }}
      data-testid="web-order-totals"
    >
      {rows.length === 0 ? (
        <Typography.Text type="secondary">{t('totals.empty')}</Typography.Text>
      ) : (
        <>
          <Space wrap size="large" style={{ marginBlockEnd: 8 }}>
            {[...sums].map(([currency, sum]) => (
              <span key={currency}>
                <Money amount={sum.amount} currency={currency} />{' '}
                <Typography.Text type="secondary">{t('totals.orders', { count: sum.count })}</Typography.Text>
              </span>
            ))}
            <Typography.Text type="secondary">
              {t('totals.days', { count: new Set(rows.map((r) => r.day)).size })}
            </Typography.Text>
          </Space>
          <Chart
            kind="stacked-bar"
            categories={days}
            series={series}
            label={t('totals.chart')}
            height={180}
          />
        </>
      )}
    </Card>
  );
}

/** Web recharge orders: server-side filters, sort, paging, export; the detail drawer holds the actions. */
export function OrdersPage() {
  const { t } = useTranslation('webShop');
  const { params, setParams, list, can } = useResource<WebOrder>(RESOURCE, { defaultSort: '-created_at' });
  const [open, setOpen] = useState<number | null>(null);
  const filters = params.filters as Record<string, string | undefined>;

  const columns = useMemo<ColumnsType<WebOrder>>(
    () => [
      {
        title: t('orders.orderNo'),
        dataIndex: 'order_no',
        width: 200,
        render: (orderNo: string, o) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(o.id)} dir="ltr">
            {orderNo}
          </Button>
        ),
      },
      {
        title: t('orders.openid'),
        dataIndex: 'openid',
        width: 150,
        render: (v: string) => <span dir="ltr">{v}</span>,
      },
      {
        title: t('orders.sku'),
        dataIndex: 'sku',
        width: 140,
        render: (v: string) => <span dir="ltr">{v}</span>,
      },
      { title: t('orders.country'), dataIndex: 'country', width: 80 },
      {
        title: t('orders.amount'),
        key: 'amount',
        width: 120,
        sorter: true,
        render: (_, o) => <Money amount={o.amount} currency={o.currency} />,
      },
      {
        title: t('orders.paymentMethod'),
        dataIndex: 'payment_method',
        width: 130,
        render: (v: string) => t(`methods.${v}`),
      },
      { title: t('orders.state'), key: 'state', width: 150, render: (_, o) => <StateTag t={t} order={o} /> },
      { title: t('orders.attemptsShort'), dataIndex: 'delivery_attempts', width: 90 },
      {
        title: t('orders.createdAt'),
        dataIndex: 'created_at',
        width: 160,
        sorter: true,
        render: (v: string) => formatDateTime(v),
      },
      {
        title: t('orders.paidAt'),
        dataIndex: 'paid_at',
        width: 160,
        sorter: true,
        render: (v: string | null) => (v ? formatDateTime(v) : '—'),
      },
    ],
    [t],
  );

  return (
    <QueryListPage<WebOrder>
      title={t('menu:page.webOrders')}
      intro={t('orders.intro')}
      before={<Totals from={filters.from} to={filters.to} />}
      params={params}
      setParams={setParams}
      list={list}
      fields={[
        { name: 'order_no', label: t('orders.orderNo'), width: 200 },
        { name: 'openid', label: t('orders.openid'), width: 160 },
        { ...enumSearch(t, 'state', t('orders.state'), WEB_ORDER_STATES, 'states'), width: 150 },
        { name: 'sku', label: t('orders.sku'), width: 140 },
        { name: 'country', label: t('orders.country'), width: 100 },
        {
          ...enumSearch(t, 'payment_method', t('orders.paymentMethod'), WEB_PAYMENT_METHODS, 'methods'),
          width: 150,
        },
        { name: 'from', label: t('orders.from'), kind: 'date' },
        { name: 'to', label: t('orders.to'), kind: 'date' },
      ]}
      rowKey="id"
      toolsId="web-orders"
      exportAs={can.export && RESOURCE.name}
      columns={columns}
      sortFields={{ amount: 'amount', created_at: 'created_at', paid_at: 'paid_at' }}
    >
      <OrderDrawer orderId={open} onClose={() => setOpen(null)} />
    </QueryListPage>
  );
}
