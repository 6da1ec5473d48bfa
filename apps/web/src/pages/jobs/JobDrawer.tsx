import { useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Dropdown,
  Flex,
  Progress,
  Segmented,
  Tag,
  Typography,
} from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '@/shared/crud/ExportButton.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import {
  STATUS_COLORS,
  isActive,
  percentOf,
  useJob,
  useJobAction,
  useJobItems,
  type JobEntry,
  type JobItemStatusName,
} from './api.ts';
import { kindLabel } from './labels.ts';
import { ScrollTable } from '@/shared/ui/ScrollTable.tsx';

const ITEM_COLORS: Record<JobItemStatusName, string> = { pending: 'default', ok: 'success', error: 'error' };

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** One job: its progress, its items (all or the failed ones), cancel, retry and the result file. */
export function JobDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('jobs');
  const message = useMessage();
  const { data: job } = useJob(id);
  const [filter, setFilter] = useState<'all' | 'error'>('all');
  const [page, setPage] = useState({ page: 1, page_size: 10 });
  const items = useJobItems(id, { ...page, ...(filter === 'error' ? { status: 'error' as const } : {}) });
  const action = useJobAction();
  const [downloading, setDownloading] = useState(false);

  const act = async (name: 'cancel' | 'retry') => {
    if (id === null) return;
    await action.mutateAsync({ id, action: name });
    void message.success(t(`${name}.done`));
  };
  const download = async (format: 'csv' | 'xlsx') => {
    if (id === null) return;
    setDownloading(true);
    try {
      const file = await http.download(`/jobs/${id}/result`, { format });
      saveBlob(file.blob, file.filename);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Drawer
      open={id !== null}
      onClose={() => {
        setFilter('all');
        setPage({ page: 1, page_size: 10 });
        onClose();
      }}
      title={job ? `${t('job')} #${job.id} · ${kindLabel(t, job.kind)}` : t('job')}
      size="large"
      destroyOnHidden
      extra={
        job && (
          <Flex gap={8} wrap>
            {isActive(job) && (
              <Button danger loading={action.isPending} onClick={() => void act('cancel')}>
                {t('cancel.button')}
              </Button>
            )}
            {(job.status === 'failed' || job.status === 'cancelled') && (
              <Button loading={action.isPending} onClick={() => void act('retry')}>
                {t('retry.button')}
              </Button>
            )}
            <Dropdown
              trigger={['click']}
              disabled={downloading}
              menu={{
                items: [
                  { key: 'csv', label: 'CSV' },
                  { key: 'xlsx', label: 'Excel (XLSX)' },
                ],
                onClick: ({ key }) => void download(key as 'csv' | 'xlsx'),
              }}
            >
              <Button icon={<DownloadOutlined aria-hidden />} loading={downloading}>
                {t('result')}
              </Button>
            </Dropdown>
          </Flex>
        )
      }
    >
      {job && (
        <>
          <Progress
            percent={percentOf(job)}
            status={job.status === 'failed' ? 'exception' : job.status === 'running' ? 'active' : undefined}
            aria-label={t('progressOf', { id: job.id })}
          />
          {job.error && <Alert type="error" showIcon title={job.error} style={{ marginBlock: 12 }} />}
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            className="rx-jobs__stats"
            items={[
              {
                key: 'status',
                label: t('status.title'),
                children: <Tag color={STATUS_COLORS[job.status]}>{t(`status.${job.status}`)}</Tag>,
              },
              { key: 'counts', label: t('progress'), children: t('counts', job) },
              { key: 'who', label: t('who'), children: job.username || '—' },
              { key: 'created', label: t('createdAt'), children: formatDateTime(job.created_at) },
              {
                key: 'started',
                label: t('startedAt'),
                children: job.started_at ? formatDateTime(job.started_at) : '—',
              },
              {
                key: 'finished',
                label: t('finishedAt'),
                children: job.finished_at ? formatDateTime(job.finished_at) : '—',
              },
            ]}
          />
          <Segmented
            value={filter}
            onChange={(value) => {
              setFilter(value as 'all' | 'error');
              setPage((p) => ({ ...p, page: 1 }));
            }}
            options={[
              { value: 'all', label: t('items.all') },
              { value: 'error', label: t('items.failed') },
            ]}
            style={{ marginBlockEnd: 12 }}
          />
          <ScrollTable<JobEntry>
            size="small"
            rowKey="seq"
            loading={items.isFetching}
            dataSource={items.data?.list}
            // Fixed columns whose long cells wrap: no sideways scrolling region on a phone.
            tableLayout="fixed"
            pagination={{
              current: page.page,
              pageSize: page.page_size,
              total: items.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50],
              onChange: (current, pageSize) =>
                setPage({ page: pageSize !== page.page_size ? 1 : current, page_size: pageSize }),
            }}
            columns={[
              { title: '#', dataIndex: 'seq', width: 64 },
              {
                title: t('status.title'),
                dataIndex: 'status',
                width: 96,
                render: (v: JobItemStatusName) => <Tag color={ITEM_COLORS[v]}>{t(`items.status.${v}`)}</Tag>,
              },
              {
                title: t('items.input'),
                dataIndex: 'input',
                render: (v: unknown) => (
                  <Typography.Text code style={{ wordBreak: 'break-all' }}>
                    {text(v)}
                  </Typography.Text>
                ),
              },
              {
                title: t('items.message'),
                dataIndex: 'message',
                render: (v: string) => <bdi style={{ wordBreak: 'break-word' }}>{v}</bdi>,
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
