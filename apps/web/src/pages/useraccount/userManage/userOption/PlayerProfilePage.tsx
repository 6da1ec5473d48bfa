import { useMemo } from 'react';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { playersResource, type PlayerProfile } from '@rx/contracts/players';
import { useProduct } from '@/app/product/index.ts';
import { useResourceItem } from '@/shared/crud/index.ts';
import { formatDateTime, formatMoney } from '@/shared/format.ts';
import { ApiError } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { ResponsiveTabs } from '@/shared/ui/ResponsiveTabs.tsx';
import { PaidTags } from '../PlayersPage.tsx';
import { SanctionsCard } from './SanctionsCard.tsx';
import { ProfileTagsCard } from './ProfileTagsCard.tsx';
import { PlayerMailsCard, PlayerRedemptionsCard } from './PlayerHistoryCards.tsx';

type Row<K extends keyof PlayerProfile> = PlayerProfile[K] extends (infer R)[] ? R : never;
const time = (v: string | null) => formatDateTime(v);
const ORDER_COLORS: Record<string, string> = { paid: 'processing', delivered: 'success', refunded: 'error' };

/** A player as staff look at them: identity, roles, sign-ins, devices, addresses and orders. */
export function PlayerProfilePage() {
  const { t } = useTranslation(['players', 'billing']);
  const navigate = useNavigate();
  const { openid = '' } = useParams();
  const productId = useProduct((s) => s.productId);
  const profile = useResourceItem<PlayerProfile>(playersResource.name, productId ? openid : undefined);

  const columns = useMemo(
    () => ({
      roles: [
        { title: t('server'), dataIndex: 'server', width: 80 },
        { title: t('roleId'), dataIndex: 'role_id', width: 120 },
        { title: t('roleName'), dataIndex: 'name', width: 160 },
        { title: t('level'), dataIndex: 'level', width: 70 },
        { title: 'VIP', dataIndex: 'vip', width: 60 },
        { title: t('lastActive'), dataIndex: 'last_active_at', width: 170, render: time },
      ] as ColumnsType<Row<'roles'>>,
      logins: [
        { title: t('time'), dataIndex: 'at', width: 170, render: time },
        { title: 'IP', dataIndex: 'ip', width: 130 },
        { title: t('country'), dataIndex: 'country', width: 80 },
        { title: t('device'), dataIndex: 'device_model', width: 140 },
        { title: t('os'), dataIndex: 'os', width: 110 },
        { title: t('appVersion'), dataIndex: 'app_version', width: 100 },
        { title: t('deviceId'), dataIndex: 'device_id', width: 260 },
      ] as ColumnsType<Row<'logins'>>,
      devices: [
        { title: t('deviceId'), dataIndex: 'device_id', width: 260 },
        { title: t('device'), dataIndex: 'device_model', width: 140 },
        { title: t('os'), dataIndex: 'os', width: 110 },
        { title: t('firstSeen'), dataIndex: 'first_seen', width: 170, render: time },
        { title: t('lastSeen'), dataIndex: 'last_seen', width: 170, render: time },
      ] as ColumnsType<Row<'devices'>>,
      addresses: [
        { title: 'IP', dataIndex: 'ip', width: 160 },
        { title: t('country'), dataIndex: 'country', width: 100 },
        { title: t('timesSeen'), dataIndex: 'count', width: 100 },
      ] as ColumnsType<Row<'addresses'>>,
      orders: [
        {
          title: t('orderNo'),
          dataIndex: 'order_no',
          width: 190,
          // A refunded order opens its refund (issue 27).
          render: (orderNo: string, o) =>
            o.refunded_at ? (
              <Link to={`/useraccount/refund/detail/${encodeURIComponent(orderNo)}`}>{orderNo}</Link>
            ) : (
              orderNo
            ),
        },
        {
          title: t('store'),
          dataIndex: 'store',
          width: 120,
          render: (store: string) => t('billing:stores.' + store, { defaultValue: store }),
        },
        { title: 'SKU', dataIndex: 'sku', width: 120 },
        {
          title: t('amount'),
          key: 'amount',
          width: 110,
          render: (_, o) => formatMoney(o.amount, o.currency),
        },
        {
          title: t('orderStatus'),
          dataIndex: 'status',
          width: 100,
          render: (v: string) => <Tag color={ORDER_COLORS[v]}>{t(`orderStatuses.${v}`)}</Tag>,
        },
        { title: t('paidAt'), dataIndex: 'paid_at', width: 170, render: time },
        { title: t('deliveredAt'), dataIndex: 'delivered_at', width: 170, render: time },
        { title: t('refundedAt'), dataIndex: 'refunded_at', width: 170, render: time },
      ] as ColumnsType<Row<'orders'>>,
    }),
    [t],
  );

  if (!productId) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  if (profile.isPending) return <Skeleton active />;
  if (profile.isError || !profile.data) {
    const missing = profile.error instanceof ApiError && profile.error.code === 404001;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('notFound', { openid }) : String(profile.error)}
        extra={<Button onClick={() => void navigate('/useraccount/userManage')}>{t('backToList')}</Button>}
      />
    );
  }
  const p = profile.data;
  const tab = <R extends object>(
    key: string,
    rowKey: string | ((row: R) => string),
    cols: ColumnsType<R>,
    rows: R[],
  ) => ({
    key,
    label: `${t(`tabs.${key}`)} (${rows.length})`,
    children: (
      <DataTable<R> rowKey={rowKey} columns={cols} dataSource={rows} pagination={{ defaultPageSize: 10 }} />
    ),
  });
  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('profileTitle', { name: p.nickname || p.openid })}
      </Typography.Title>
      <Card size="small" style={{ marginBlockEnd: 16 }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="openid">
            <Typography.Text copyable>{p.openid}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('nickname')}>{p.nickname}</Descriptions.Item>
          <Descriptions.Item label={t('status')}>
            <Tag color={p.status === 'active' ? 'success' : 'error'}>
              {t(`statuses.${p.status}`, p.status)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('channel')}>
            {[p.channel, p.sub_channel].filter(Boolean).join(' / ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('region')}>{p.region}</Descriptions.Item>
          <Descriptions.Item label={t('paid')}>
            <PaidTags paid={p.paid} />
          </Descriptions.Item>
          <Descriptions.Item label={t('createdAt')}>{time(p.created_at)}</Descriptions.Item>
          <Descriptions.Item label={t('lastLogin')}>{time(p.last_login_at)}</Descriptions.Item>
          <Descriptions.Item label={t('lastIp')}>{`${p.last_ip} ${p.country}`.trim()}</Descriptions.Item>
        </Descriptions>
      </Card>
      <SanctionsCard openid={p.openid} devices={p.devices.map((d) => d.device_id)} />
      <ProfileTagsCard openid={p.openid} />
      <PlayerMailsCard openid={p.openid} />
      <PlayerRedemptionsCard openid={p.openid} />
      <ResponsiveTabs
        label={t('profileTitle', { name: p.nickname || p.openid })}
        items={[
          tab('roles', (r) => `${r.server}:${r.role_id}`, columns.roles, p.roles),
          tab('logins', (l) => `${l.at} ${l.ip} ${l.device_id}`, columns.logins, p.logins),
          tab('devices', 'device_id', columns.devices, p.devices),
          tab('addresses', 'ip', columns.addresses, p.addresses),
          tab('orders', 'order_no', columns.orders, p.orders),
        ]}
      />
      {/* Bans, mail and tickets are live: the tickets open filtered to this player (issue 27). */}
      <Typography.Paragraph type="secondary" data-testid="player-tickets">
        {t('elsewhere')}{' '}
        {/* Underlined: links inside a sentence are told apart by more than their colour (axe). */}
        <Link
          to={`/service/feedbackConfig/feedback_copy?openid=${encodeURIComponent(p.openid)}`}
          style={{ textDecoration: 'underline' }}
        >
          {t('productTickets')}
        </Link>
        {' · '}
        <Link
          to={`/service/feedbackConfig/feedback_player?openid=${encodeURIComponent(p.openid)}`}
          style={{ textDecoration: 'underline' }}
        >
          {t('playerTickets')}
        </Link>
      </Typography.Paragraph>
    </>
  );
}
