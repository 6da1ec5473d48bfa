import { useMemo } from 'react';
import {} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  VIOLATION_EVENT_CATEGORIES,
  VIOLATOR_STATUSES,
  violationsResource,
  type ViolatorItem,
} from '@rx/contracts/violations';
import { ExportButton, SearchForm, tablePaging } from '@/shared/crud/index.ts';
import { useResource } from '@/shared/crud/use-resource.ts';
import { formatDateTime } from '@/shared/format.ts';
import { DataTable, GamePage } from '@/shared/ui/index.ts';
import { CategoryHits, StatusTag, detailLink } from './violator-parts.tsx';

const RESOURCE = violationsResource;

/** Violators grouped by player: hits per category, servers, first and last seen, review state. */
export function ViolatorsPage() {
  const { t } = useTranslation('violations');
  const { params, setParams, list, can } = useResource<ViolatorItem>(RESOURCE, { defaultSort: '-last_seen' });

  const columns = useMemo<ColumnsType<ViolatorItem>>(
    () => [
      {
        title: t('columns.openid'),
        dataIndex: 'openid',
        width: 180,
        render: (openid: string) => <Link to={detailLink(openid)}>{openid}</Link>,
      },
      { title: t('columns.nickname'), dataIndex: 'nickname', width: 130, render: (v: string) => v || '—' },
      { title: t('columns.hits'), dataIndex: 'hits', width: 90, sorter: true },
      {
        title: t('columns.by_category'),
        key: 'by_category',
        width: 260,
        render: (_, v) => <CategoryHits t={t} counts={v.by_category} />,
      },
      {
        title: t('columns.servers'),
        dataIndex: 'servers',
        width: 140,
        render: (servers: string[]) => servers.join(', ') || '—',
      },
      {
        title: t('columns.status'),
        dataIndex: 'status',
        width: 110,
        render: (_, v) => <StatusTag t={t} status={v.status} />,
      },
      {
        title: t('columns.first_seen'),
        dataIndex: 'first_seen',
        width: 160,
        render: (v: string) => formatDateTime(v),
      },
      {
        title: t('columns.last_seen'),
        dataIndex: 'last_seen',
        width: 160,
        sorter: true,
        render: (v: string) => formatDateTime(v),
      },
    ],
    [t],
  );

  return (
    <GamePage title={t('menu:page.violators')} intro={t('intro')}>
      <SearchForm
        values={params.filters}
        onSearch={(next) => setParams({ filters: next })}
        fields={[
          { name: 'q', label: t('columns.openid'), width: 180 },
          {
            name: 'category',
            label: t('columns.category'),
            kind: 'select',
            width: 160,
            options: VIOLATION_EVENT_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) })),
          },
          { name: 'server', label: t('columns.server'), width: 120 },
          {
            name: 'status',
            label: t('columns.status'),
            kind: 'select',
            width: 130,
            options: VIOLATOR_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
          },
          { name: 'from', label: t('filters.from'), kind: 'date' },
          { name: 'to', label: t('filters.to'), kind: 'date' },
        ]}
      />
      <DataTable<ViolatorItem>
        rowKey="openid"
        data-testid="violators-table"
        tools={{
          id: 'violators',
          onRefresh: () => void list.refetch(),
          refreshing: list.isFetching,
          leading: can.export && <ExportButton resource={RESOURCE.name} filters={params.filters} />,
        }}
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list}
        {...tablePaging(params, setParams, list.data?.total)}
      />
    </GamePage>
  );
}
