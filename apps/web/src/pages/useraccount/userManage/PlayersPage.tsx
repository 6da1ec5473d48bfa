import { useMemo } from 'react';
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PLAYER_SEARCH_KINDS, playersResource, type PlayerItem } from '@rx/contracts/players';
import { choiceSearch, enumSearch } from '@/shared/crud/index.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import { useResource } from '@/shared/crud/use-resource.ts';
import { formatDateTime, formatMoney } from '@/shared/format.ts';
import { openidColumn } from '@/shared/player-link.tsx';

const RESOURCE = playersResource;

/** A player's paid amounts, one per currency. */
export function PaidTags({ paid }: { paid: Record<string, number> }) {
  const entries = Object.entries(paid);
  if (!entries.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space size={2} wrap>
      {entries.map(([currency, amount]) => (
        <Tag key={currency} color="gold">
          {formatMoney(amount, currency)}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * The chosen game's players as its games reported them: found by openid, role id, role or nick
 * prefix, device or address, filtered and sorted on the server; each opens to its profile.
 */
export function PlayersPage() {
  const { t } = useTranslation('players');
  const { params, setParams, list } = useResource<PlayerItem>(RESOURCE);
  // The roles a role search matched: a column only while searching by role.
  const byRole = !!params.filters.q && ['role_id', 'role_name'].includes(params.filters.by ?? '');

  const columns = useMemo<ColumnsType<PlayerItem>>(
    () => [
      openidColumn<PlayerItem>(),
      { title: t('nickname'), dataIndex: 'nickname', width: 150, render: (v: string) => <bdi>{v}</bdi> },
      {
        title: t('status'),
        dataIndex: 'status',
        width: 90,
        render: (v: string) => (
          <Tag color={v === 'active' ? 'success' : 'error'}>{t(`statuses.${v}`, v)}</Tag>
        ),
      },
      ...(byRole
        ? [{ title: t('matched'), dataIndex: 'matched', width: 220, render: (v?: string) => v ?? '' }]
        : []),
      { title: t('channel'), dataIndex: 'channel', width: 110 },
      { title: t('roles'), dataIndex: 'role_count', width: 80 },
      {
        title: t('paid'),
        dataIndex: 'paid',
        key: 'paid_total',
        width: 150,
        sorter: true,
        render: (paid) => <PaidTags paid={paid} />,
      },
      {
        title: t('lastLogin'),
        dataIndex: 'last_login_at',
        width: 170,
        sorter: true,
        render: (v: string | null) => formatDateTime(v),
      },
      {
        title: t('lastIp'),
        dataIndex: 'last_ip',
        width: 130,
        render: (ip: string, p) => `${ip} ${p.country}`.trim(),
      },
      {
        title: t('createdAt'),
        dataIndex: 'created_at',
        width: 170,
        sorter: true,
        render: (v: string) => formatDateTime(v),
      },
    ],
    [t, byRole],
  );

  return (
    <QueryListPage<PlayerItem>
      title={t('menu:page.userAccess')}
      params={params}
      setParams={setParams}
      list={list}
      fields={[
        { ...enumSearch(t, 'by', t('searchBy'), PLAYER_SEARCH_KINDS, 'by'), width: 150 },
        { name: 'q', label: t('searchFor'), width: 220 },
        { name: 'channel', label: t('channel'), width: 140 },
        { name: 'server', label: t('server'), width: 100 },
        choiceSearch('paid', t('payer'), 130, [
          ['1', t('payers')],
          ['0', t('nonPayers')],
        ]),
        { name: 'created_from', label: t('createdFrom'), kind: 'date' },
        { name: 'created_to', label: t('createdTo'), kind: 'date' },
        { name: 'login_from', label: t('loginFrom'), kind: 'date' },
        { name: 'login_to', label: t('loginTo'), kind: 'date' },
      ]}
      rowKey="openid"
      toolsId="players"
      columns={columns}
      sortFields={{ paid: 'paid_total' }}
    />
  );
}
