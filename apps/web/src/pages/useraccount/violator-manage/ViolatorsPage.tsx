import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  VIOLATION_EVENT_CATEGORIES,
  VIOLATOR_STATUSES,
  violationsResource,
  type ViolatorItem,
} from '@rx/contracts/violations';
import { enumSearch } from '@/shared/crud/index.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import { useResource } from '@/shared/crud/use-resource.ts';
import { formatDateTime } from '@/shared/format.ts';
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
    <QueryListPage<ViolatorItem>
      title={t('menu:page.violators')}
      intro={t('intro')}
      params={params}
      setParams={setParams}
      list={list}
      fields={[
        { name: 'q', label: t('columns.openid'), width: 180 },
        {
          ...enumSearch(t, 'category', t('columns.category'), VIOLATION_EVENT_CATEGORIES, 'categories'),
          width: 160,
        },
        { name: 'server', label: t('columns.server'), width: 120 },
        { ...enumSearch(t, 'status', t('columns.status'), VIOLATOR_STATUSES, 'statuses'), width: 130 },
        { name: 'from', label: t('filters.from'), kind: 'date' },
        { name: 'to', label: t('filters.to'), kind: 'date' },
      ]}
      rowKey="openid"
      data-testid="violators-table"
      toolsId="violators"
      exportAs={can.export && RESOURCE.name}
      columns={columns}
    />
  );
}
