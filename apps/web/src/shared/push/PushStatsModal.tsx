import { Descriptions, Modal, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  pushTasksResource,
  type PushTask,
  type PushTaskStats,
  type PushVariantStats,
} from '@rx/contracts/push';
import { useProduct } from '@/app/product/index.ts';
import { formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';

type ProviderRow = PushTaskStats['providers'][number];
type DayRow = PushTaskStats['days'][number];
const FIGURES = ['targeted', 'sent', 'failed', 'delivered', 'opened', 'converted'] as const;

/** A task's delivery stats: in all, per provider, failures per reason. */
export function PushStatsModal({
  task,
  kind = 'app',
  onClose,
}: {
  task: PushTask | null;
  /** The task's kind (its page's): the request names it. */
  kind?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('push');
  const productId = useProduct((s) => s.productId);
  const stats = useQuery({
    queryKey: [pushTasksResource.name, 'stats', productId, task?.id],
    queryFn: () => http.get<PushTaskStats>(`/${pushTasksResource.name}/${task!.id}/stats`, { kind }),
    enabled: !!productId && !!task,
  });
  const columns: ColumnsType<ProviderRow> = [
    { title: t('stats.provider'), dataIndex: 'provider', render: (p: string) => t(`providers.${p}`) },
    { title: t('stats.sent'), dataIndex: 'sent', render: (v: number) => formatNumber(v) },
    { title: t('stats.failed'), dataIndex: 'failed', render: (v: number) => formatNumber(v) },
    { title: t('stats.invalid'), dataIndex: 'invalid_token', render: (v: number) => formatNumber(v) },
  ];
  const data = stats.data;
  const figureColumns: ColumnsType<PushVariantStats> = [
    {
      title: t('stats.variant'),
      dataIndex: 'variant',
      render: (v: string) => (v ? (task?.variants.find((x) => x.key === v)?.name ?? v) : t('stats.base')),
    },
    ...FIGURES.map((key) => ({
      title: t(`stats.${key === 'targeted' ? 'targetedShort' : key}`),
      dataIndex: key,
      render: (v: number) => formatNumber(v),
    })),
  ];
  const dayColumns = [{ title: t('stats.day'), dataIndex: 'day' }, ...figureColumns] as ColumnsType<DayRow>;
  return (
    <Modal
      open={!!task}
      onCancel={onClose}
      footer={null}
      width={760}
      title={task ? t('stats.title', { name: task.name }) : ''}
      destroyOnHidden
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered data-testid="push-stats">
        {(
          [
            'targeted',
            'sent',
            'failed',
            'invalid_token',
            'capped',
            'deferred',
            'quiet',
            'cancelled',
            'delivered',
            'opened',
            'converted',
            'pending',
          ] as const
        ).map((key) => (
          <Descriptions.Item key={key} label={t(`stats.${key === 'invalid_token' ? 'invalid' : key}`)}>
            {data ? formatNumber(data[key]) : '…'}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <DataTable<ProviderRow>
        style={{ marginBlockStart: 16 }}
        size="small"
        rowKey="provider"
        pagination={false}
        loading={stats.isLoading}
        columns={columns}
        dataSource={data?.providers ?? []}
        aria-label={t('stats.byProvider')}
      />
      {!!task?.variants.length && (
        <DataTable<PushVariantStats>
          style={{ marginBlockStart: 16 }}
          size="small"
          rowKey="variant"
          pagination={false}
          loading={stats.isLoading}
          columns={figureColumns}
          dataSource={data?.variants ?? []}
          aria-label={t('stats.byVariant')}
          data-testid="push-stats-variants"
        />
      )}
      <DataTable<DayRow>
        style={{ marginBlockStart: 16 }}
        size="small"
        rowKey={(row) => `${row.day}|${row.variant}`}
        pagination={false}
        loading={stats.isLoading}
        columns={dayColumns}
        dataSource={data?.days ?? []}
        aria-label={t('stats.byDay')}
      />
      {!!data?.reasons.length && (
        <Space wrap style={{ marginBlockStart: 16 }} aria-label={t('stats.reasons')}>
          {data.reasons.map((r) => (
            <Tag key={r.reason} color="red">
              {t(`reasons.${r.reason}`, { defaultValue: r.reason })}: {formatNumber(r.count)}
            </Tag>
          ))}
        </Space>
      )}
    </Modal>
  );
}
