import { useMemo } from 'react';
import { Alert, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CS_ORDER_FILTERS,
  CS_ORDER_SOURCES,
  CS_ORDER_STATES,
  csUserOrdersAccess,
  type CsOrder,
} from '@rx/contracts/cs-desk';
import { refundsResource } from '@rx/contracts/refunds';
import { usePermission } from '@/app/permission/index.ts';
import { apiQuery, enumSearch, useListParams } from '@/shared/crud/index.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import { resourceKey } from '@/shared/crud/resource.ts';
import { formatDateTime, formatMoney } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';

const PATH = 'cs/user-orders';
const STATE_COLORS: Record<CsOrder['state'], string> = {
  created: 'default',
  paid: 'blue',
  delivered: 'green',
  delivery_failed: 'red',
  refunded: 'purple',
};

/**
 * User order query (`service/see/user_order`): a player's orders, store and web shop, by order
 * number, openid or role id within dates; read-only, with the refund and its detail page when the
 * user may see refunds; exported with the list's filters.
 */
export function UserOrdersPage() {
  const { t } = useTranslation('csOrders');
  const [params, setParams] = useListParams(CS_ORDER_FILTERS);
  const canExport = usePermission([csUserOrdersAccess.permissions.export]);
  const canRefunds = usePermission([refundsResource.permissions.see]);
  const f = params.filters;
  // The desk answers about one player: nothing is asked before an order number, openid or role id.
  const asked = !!(f.order_no || f.openid || f.role_id);
  const query = useMemo(() => apiQuery(params), [params]);
  const list = useQuery({
    queryKey: resourceKey(PATH, 'list', query),
    queryFn: ({ signal }) => http.get<{ list: CsOrder[]; total: number }>(`/${PATH}`, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: asked,
  });

  const columns = useMemo<ColumnsType<CsOrder>>(
    () => [
      {
        title: t('orderNo'),
        dataIndex: 'order_no',
        key: 'order_no',
        width: 200,
        sorter: true,
        render: (no: string) => <Typography.Text copyable>{no}</Typography.Text>,
      },
      { title: t('source'), dataIndex: 'source', width: 100, render: (s: string) => t(`sources.${s}`) },
      {
        title: t('state'),
        dataIndex: 'state',
        width: 130,
        render: (s: CsOrder['state']) => <Tag color={STATE_COLORS[s]}>{t(`states.${s}`)}</Tag>,
      },
      {
        title: t('amount'),
        dataIndex: 'amount',
        key: 'amount',
        width: 120,
        sorter: true,
        render: (v: number, o) => formatMoney(v, o.currency),
      },
      { title: t('product'), dataIndex: 'product', width: 150, ellipsis: true },
      { title: t('channel'), dataIndex: 'channel', width: 130, ellipsis: true },
      { title: t('openid'), dataIndex: 'openid', width: 170, ellipsis: true },
      {
        title: t('role'),
        key: 'role',
        width: 130,
        render: (_, o) => [o.server, o.role_id].filter(Boolean).join(' / ') || '—',
      },
      { title: t('deliveryAttempts'), dataIndex: 'delivery_attempts', width: 110 },
      {
        title: t('refund'),
        key: 'refund',
        width: 160,
        render: (_, o) =>
          o.refund ? (
            canRefunds ? (
              <Link to={`/useraccount/refund/detail/${encodeURIComponent(o.order_no)}`}>
                {t(`refunds:states.${o.refund.state}`, o.refund.state)}
              </Link>
            ) : (
              t(`refunds:states.${o.refund.state}`, o.refund.state)
            )
          ) : (
            '—'
          ),
      },
      {
        title: t('placedAt'),
        dataIndex: 'at',
        key: 'at',
        width: 170,
        sorter: true,
        render: (v: string) => formatDateTime(v),
      },
      {
        title: t('paidAt'),
        dataIndex: 'paid_at',
        width: 170,
        render: (v: string | null) => formatDateTime(v),
      },
      {
        title: t('deliveredAt'),
        dataIndex: 'delivered_at',
        width: 170,
        render: (v: string | null) => formatDateTime(v),
      },
    ],
    [t, canRefunds],
  );

  return (
    <QueryListPage<CsOrder>
      title={t('menu:page.userOrders')}
      intro={t('intro')}
      before={!asked && <Alert type="info" showIcon title={t('askFirst')} style={{ marginBlockEnd: 12 }} />}
      params={params}
      setParams={setParams}
      list={asked ? list : { data: { list: [], total: 0 }, isFetching: false, refetch: () => undefined }}
      toolsId="cs-user-orders"
      rowKey={(o) => `${o.source}:${o.order_no}`}
      columns={columns}
      exportAs={canExport && asked && PATH}
      sortFields={{ order_no: 'order_no', amount: 'amount', at: 'at' }}
      fields={[
        { name: 'order_no', label: t('orderNo'), width: 180 },
        { name: 'openid', label: t('openid'), width: 180 },
        { name: 'role_id', label: t('roleId'), width: 140 },
        { ...enumSearch(t, 'state', t('state'), CS_ORDER_STATES, 'states'), width: 150 },
        { ...enumSearch(t, 'source', t('source'), CS_ORDER_SOURCES, 'sources'), width: 130 },
        { name: 'from', label: t('from'), kind: 'date' },
        { name: 'to', label: t('to'), kind: 'date' },
      ]}
    />
  );
}
