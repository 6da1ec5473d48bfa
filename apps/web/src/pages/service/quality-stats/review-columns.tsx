import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { CsReview } from '@rx/contracts/cs-quality';
import { formatDateTime } from '@/shared/format.ts';

/** The columns of a review, in the reviewers' list and in the agent's own scores. */
export function reviewColumns(t: TFunction): ColumnsType<CsReview> {
  return [
    { title: t('conversation'), dataIndex: 'conversation_id', width: 100 },
    { title: t('agent'), dataIndex: 'agent_name', width: 130 },
    { title: t('player'), dataIndex: 'openid', width: 150 },
    { title: t('rubric'), dataIndex: 'rubric_name', width: 140 },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 100,
      render: (status: CsReview['status']) => (
        <Tag color={status === 'scored' ? 'green' : 'gold'}>{t(`statuses.${status}`)}</Tag>
      ),
    },
    {
      title: t('percent'),
      dataIndex: 'percent',
      align: 'end',
      width: 90,
      render: (v: number | null) => (v === null ? '—' : `${v}%`),
    },
    {
      title: t('scores'),
      key: 'scores',
      width: 200,
      render: (_, row) =>
        row.status === 'scored'
          ? row.items.map((item, i) => `${item.label} ${row.scores[i] ?? 0}/${item.max}`).join(' · ')
          : '—',
    },
    { title: t('comment'), dataIndex: 'comment', width: 180 },
    { title: t('reviewer'), dataIndex: 'reviewer_name', width: 110 },
    {
      title: t('resolvedAt'),
      dataIndex: 'resolved_at',
      width: 170,
      render: (v: string | null) => (v ? formatDateTime(v) : '—'),
    },
  ];
}
