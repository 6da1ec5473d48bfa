import type { ReactNode } from 'react';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { AdBatch } from '@rx/contracts/ad-batches';
import { actionsColumn } from '@/shared/crud/ListParts.tsx';
import { formatDateTime, formatMoney } from '@/shared/format.ts';
import { currentLanguage } from '@/shared/i18n.ts';

export const STATUS_COLORS: Record<string, string> = {
  running: 'blue',
  succeeded: 'green',
  partial: 'orange',
  failed: 'red',
  pending: 'default',
  ok: 'green',
  error: 'red',
};

/** Whether a batch has failed ads to make again now. */
export const canRetry = (row: AdBatch) => row.failed > 0 && row.status !== 'running';

/**
 * The columns of a list of batches (a medium's batch-ad page, the batch-task pages): `withMedia`
 * adds the medium (the task list across media), `actions` the row's buttons.
 */
export function batchColumns(
  t: TFunction,
  { withMedia, actions }: { withMedia: boolean; actions: (row: AdBatch) => ReactNode },
): ColumnsType<AdBatch> {
  const money = (v: number) => formatMoney(v, 'CNY', currentLanguage());
  return [
    { title: 'ID', dataIndex: 'id', width: 80, sorter: true },
    ...(withMedia
      ? [{ title: t('tasks.medium'), dataIndex: 'media', width: 130, render: (m: string) => t(`media.${m}`) }]
      : []),
    { title: t('batches.columns.name'), dataIndex: 'name', width: 200, sorter: true },
    {
      title: t('batches.columns.status'),
      dataIndex: 'status',
      width: 120,
      render: (s: string) => <Tag color={STATUS_COLORS[s]}>{t(`batches.statuses.${s}`)}</Tag>,
    },
    {
      title: t('batches.columns.progress'),
      key: 'progress',
      width: 160,
      render: (_, row) => t('batches.progress', { ok: row.ok, failed: row.failed, total: row.total }),
    },
    { title: t('batches.columns.budget'), dataIndex: 'budget', width: 130, align: 'end', render: money },
    { title: t('batches.columns.bid'), dataIndex: 'bid', width: 110, align: 'end', render: money },
    { title: t('batches.columns.created_by'), dataIndex: 'created_by', width: 120 },
    {
      title: t('batches.columns.created_at'),
      dataIndex: 'created_at',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    actionsColumn(t, 180, actions),
  ];
}

/** The columns an ad of a batch starts with, drafted or made: its number, account, title and materials. */
export function adRowColumns<T>(t: TFunction): ColumnsType<T> {
  return [
    { title: '#', dataIndex: 'seq', width: 60 },
    { title: t('batches.columns.account'), dataIndex: 'account_id', width: 160 },
    { title: t('batches.columns.title'), dataIndex: 'title', width: 180 },
    {
      title: t('editor.materials'),
      dataIndex: 'materials',
      width: 200,
      ellipsis: true,
      render: (list: string[]) => (list.length ? list.join(', ') : '—'),
    },
  ];
}
