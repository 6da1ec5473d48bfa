import { useMemo, useState } from 'react';
import { Button, Flex, Progress, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { apiQuery, useListParams } from '@/shared/crud/list-params.ts';
import { actionsColumn } from '@/shared/crud/ListParts.tsx';
import { QueryList } from '@/shared/crud/QueryListPage.tsx';
import type { SearchField } from '@/shared/crud/SearchForm.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { JOB_STATUS_NAMES, STATUS_COLORS, percentOf, useJobList, type JobItem } from './api.ts';
import { JobDrawer } from './JobDrawer.tsx';
import { kindLabel } from './labels.ts';
import './jobs-page.css';

const FILTERS = ['kind', 'status', 'mine'] as const;

/** Background jobs: the list with live progress while some run, and each job's items in a drawer. */
export function JobsPage() {
  const { t } = useTranslation('jobs');
  const [params, setParams] = useListParams(FILTERS);
  const list = useJobList(apiQuery(params));
  const [open, setOpen] = useState<number | null>(null);

  const columns = useMemo<ColumnsType<JobItem>>(
    () => [
      { title: 'ID', dataIndex: 'id', width: 80, sorter: true },
      {
        title: t('kind.title'),
        dataIndex: 'kind',
        width: 170,
        sorter: true,
        render: (v: string) => kindLabel(t, v),
      },
      {
        title: t('status.title'),
        dataIndex: 'status',
        width: 110,
        sorter: true,
        render: (v: JobItem['status']) => <Tag color={STATUS_COLORS[v]}>{t(`status.${v}`)}</Tag>,
      },
      {
        title: t('progress'),
        key: 'progress',
        width: 220,
        render: (_, job) => (
          <Flex vertical gap={0}>
            <Progress
              percent={percentOf(job)}
              size="small"
              status={job.status === 'failed' ? 'exception' : job.status === 'running' ? 'active' : undefined}
              aria-label={t('progressOf', { id: job.id })}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('counts', { done: job.done, failed: job.failed, total: job.total })}
            </Typography.Text>
          </Flex>
        ),
      },
      { title: t('who'), dataIndex: 'username', width: 120 },
      {
        title: t('startedAt'),
        dataIndex: 'started_at',
        width: 170,
        render: (v: string | null) => (v ? formatDateTime(v) : '—'),
      },
      {
        title: t('finishedAt'),
        dataIndex: 'finished_at',
        width: 170,
        sorter: true,
        render: (v: string | null) => (v ? formatDateTime(v) : '—'),
      },
      actionsColumn(t, 100, (job) => (
        <Button type="link" size="small" onClick={() => setOpen(job.id)}>
          {t('details')}
        </Button>
      )),
    ],
    [t],
  );

  const fields: SearchField[] = [
    { name: 'kind', label: t('kind.title') },
    {
      name: 'status',
      label: t('status.title'),
      kind: 'select',
      options: JOB_STATUS_NAMES.map((s) => ({ value: s, label: t(`status.${s}`) })),
    },
    { name: 'mine', label: t('who'), kind: 'select', options: [{ value: '1', label: t('mine') }] },
  ];

  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.jobs')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <QueryList<JobItem>
        rowKey="id"
        fields={fields}
        params={params}
        setParams={setParams}
        list={list}
        columns={columns}
        toolsId="jobs"
      />
      <JobDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
