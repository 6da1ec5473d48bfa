import { useMemo } from 'react';
import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { textFor } from '@rx/contracts/required-language';
import { APP_PLATFORMS, PUBLISH_ACTIONS } from '@rx/contracts/releases';
import { VERSION_LOG_FILTERS, type VersionLogItem } from '@rx/contracts/version-logs';
import { enumSearch, useListParams, useResourceList } from '@/shared/crud/index.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { useLocale } from '@/shared/i18n.ts';
import { AdoptionChart } from './AdoptionChart.tsx';
import { VersionAudit } from './VersionAudit.tsx';

const ACTION_COLORS: Record<string, string> = {
  publish: 'blue',
  halt: 'warning',
  resume: 'cyan',
  rollback: 'purple',
};

/** The release log (`edition/see/version_log`): every publish, halt, resume and rollback, who and when. */
export function VersionLogPage() {
  const { t } = useTranslation('releases');
  const lang = useLocale((s) => s.language);
  const [params, setParams] = useListParams(VERSION_LOG_FILTERS);
  const sorted = params.sort ? params : { ...params, sort: '-created_at' };
  const list = useResourceList<VersionLogItem>('version-logs', sorted);
  const columns = useMemo<ColumnsType<VersionLogItem>>(
    () => [
      {
        title: t('publishedAt'),
        key: 'created_at',
        dataIndex: 'created_at',
        width: 170,
        sorter: true,
        render: (v: string) => formatDateTime(v),
      },
      {
        title: t('platform'),
        key: 'platform',
        dataIndex: 'platform',
        width: 100,
        sorter: true,
        render: (platform: string) => t(`platforms.${platform}`),
      },
      {
        title: t('channel'),
        key: 'channel',
        dataIndex: 'channel',
        width: 120,
        sorter: true,
        render: (channel: string) => channel || t('allChannels'),
      },
      {
        title: t('publishNumber'),
        dataIndex: 'number',
        width: 110,
        render: (n: number, row) => (
          <Space size={4}>
            <span>#{n}</span>
            {row.live && <Tag color="success">{t('live')}</Tag>}
          </Space>
        ),
      },
      {
        title: t('publishAction'),
        key: 'action',
        dataIndex: 'action',
        width: 130,
        sorter: true,
        render: (action: string, row) => (
          <Tag color={ACTION_COLORS[action]}>
            {row.rollback_of !== null
              ? t('rollbackOf', { number: row.rollback_of })
              : t(`publishActions.${action}`)}
          </Tag>
        ),
      },
      {
        title: t('versionName'),
        key: 'version_code',
        width: 140,
        sorter: true,
        render: (_, row) => `${row.version_name} (${row.version_code})`,
      },
      {
        title: t('percent'),
        key: 'percent',
        width: 110,
        render: (_, row) => (row.halted ? `${row.percent}% · ${t('halted')}` : `${row.percent}%`),
      },
      { title: t('publishedBy'), dataIndex: 'created_by', width: 110 },
      { title: t('note'), dataIndex: 'note', width: 200, ellipsis: true },
      {
        title: t('changelog'),
        key: 'changelog',
        width: 260,
        ellipsis: true,
        render: (_, row) => textFor(row.changelog, lang) || '—',
      },
    ],
    [t, lang],
  );
  return (
    <>
      <QueryListPage<VersionLogItem>
        title={t('menu:page.versionLog')}
        before={<AdoptionChart />}
        params={sorted}
        setParams={setParams}
        list={list}
        columns={columns}
        rowKey="id"
        toolsId="version-logs"
        scroll={{ x: 1460 }}
        fields={[
          { name: 'q', label: t('crud:field.keyword') },
          enumSearch(t, 'platform', t('platform'), APP_PLATFORMS, 'platforms'),
          { name: 'channel', label: t('channel'), width: 120 },
          enumSearch(t, 'action', t('publishAction'), PUBLISH_ACTIONS, 'publishActions'),
          { name: 'created_by', label: t('publishedBy'), width: 120 },
        ]}
      />
      <VersionAudit />
    </>
  );
}
