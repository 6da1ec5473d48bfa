import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CS_COMPLAINT_MOVES,
  CS_COMPLAINT_STATUSES,
  CS_LOW_RATING,
  csComplaintCreateBody,
  csComplaintUpdateBody,
  csRatingAccess,
  type CsComplaint,
  type CsComplaintStatus,
  type CsRatingRow,
} from '@rx/contracts/cs-insights';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { FormDrawer } from '@/shared/crud/FormDrawer.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { LabelledSelect, useFilteredPages } from '@/shared/crud/filtered-pages.tsx';

const STATUS_COLORS: Record<CsComplaintStatus, string> = {
  open: 'red',
  investigating: 'gold',
  closed: 'green',
};
type Filter = { max_score: number; complaint?: CsComplaintStatus | 'none' };
type Editing = { kind: 'open'; row: CsRatingRow } | { kind: 'handle'; complaint: CsComplaint } | null;

/**
 * Rating and complaints (`service/see/rating_complaint`): the players' ratings, the low ones
 * first; a complaint is opened about a rated conversation and worked from open through
 * investigating to closed, with what was found.
 */
export function RatingComplaintsPage() {
  const { t } = useTranslation(['csRatings', 'cs']);
  const productId = useProduct((s) => s.productId);
  const p = csRatingAccess.permissions;
  const canEdit = usePermission([p.edit]);
  const message = useMessage();
  const client = useQueryClient();
  const { filter, page, filterBy, table } = useFilteredPages<Filter>({ max_score: CS_LOW_RATING });
  const [editing, setEditing] = useState<Editing>(null);
  const ratings = useQuery({
    queryKey: ['cs-ratings', productId, filter, page],
    enabled: productId !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      http.get<{ list: CsRatingRow[]; total: number }>('/cs/ratings', { ...filter, ...page }, { signal }),
  });
  const save = async (data: unknown) => {
    if (editing?.kind === 'open') await http.post('/cs/complaints', data, { silent: true });
    else if (editing?.kind === 'handle')
      await http.put(`/cs/complaints/${editing.complaint.id}`, data, { silent: true });
    void message.success(t('crud:action.saved'));
    setEditing(null);
    await client.invalidateQueries({ queryKey: ['cs-ratings'] });
  };

  if (productId === null) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  const columns: ColumnsType<CsRatingRow> = [
    { title: t('conversation'), dataIndex: 'conversation_id', width: 100 },
    {
      title: t('player'),
      key: 'player',
      width: 180,
      render: (_, row) => (row.nickname ? `${row.nickname} (${row.openid})` : row.openid),
    },
    {
      title: t('rating'),
      dataIndex: 'rating',
      width: 90,
      render: (rating: number) => (
        <Tag color={rating <= CS_LOW_RATING ? 'red' : 'default'}>{t('stars', { n: rating })}</Tag>
      ),
    },
    { title: t('comment'), dataIndex: 'rating_comment', width: 200 },
    { title: t('agent'), dataIndex: 'assignee_name', width: 120, render: (v: string | null) => v ?? '—' },
    {
      title: t('resolvedAt'),
      dataIndex: 'resolved_at',
      width: 170,
      render: (v: string | null) => (v ? formatDateTime(v) : '—'),
    },
    {
      title: t('complaint'),
      key: 'complaint',
      width: 200,
      render: (_, row) =>
        row.complaint ? (
          <Space orientation="vertical" size={0}>
            <Tag color={STATUS_COLORS[row.complaint.status]}>{t(`status.${row.complaint.status}`)}</Tag>
            <Typography.Text type="secondary">{row.complaint.reason}</Typography.Text>
            {row.complaint.outcome && <Typography.Text>{row.complaint.outcome}</Typography.Text>}
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t('crud:action.actions'),
      key: 'actions',
      width: 130,
      render: (_, row) => {
        if (!canEdit) return null;
        if (!row.complaint)
          return (
            <Button type="link" size="small" onClick={() => setEditing({ kind: 'open', row })}>
              {t('openComplaint')}
            </Button>
          );
        if (row.complaint.status === 'closed') return null;
        const complaint = row.complaint;
        return (
          <Button type="link" size="small" onClick={() => setEditing({ kind: 'handle', complaint })}>
            {t('handle')}
          </Button>
        );
      },
    },
  ];
  const moves =
    editing?.kind === 'handle'
      ? [editing.complaint.status, ...CS_COMPLAINT_MOVES[editing.complaint.status]]
      : [];
  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.ratingComplaints')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Card size="small" style={{ marginBlockEnd: 16 }}>
        <Flex gap={16} wrap>
          <LabelledSelect
            id="cs-ratings-score"
            label={t('maxScore')}
            style={{ width: 120 }}
            value={filter.max_score}
            onChange={(max_score: number) => filterBy('max_score', max_score)}
            options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: t('atMost', { n }) }))}
          />
          <LabelledSelect
            id="cs-ratings-complaint"
            label={t('complaint')}
            style={{ width: 160 }}
            allowClear
            placeholder={t('crud:search.any')}
            value={filter.complaint}
            onChange={(complaint?: Filter['complaint']) => filterBy('complaint', complaint)}
            options={[
              { value: 'none', label: t('noComplaint') },
              ...CS_COMPLAINT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
            ]}
          />
        </Flex>
      </Card>
      <DataTable<CsRatingRow> rowKey="conversation_id" columns={columns} {...table(ratings)} />
      <FormDrawer
        open={editing !== null}
        title={editing?.kind === 'open' ? t('openComplaint') : t('handle')}
        initialValues={
          editing?.kind === 'open'
            ? { conversation_id: editing.row.conversation_id, reason: '' }
            : editing?.kind === 'handle'
              ? {
                  status: editing.complaint.status,
                  outcome: editing.complaint.outcome,
                  version: editing.complaint.version,
                }
              : {}
        }
        schema={editing?.kind === 'open' ? csComplaintCreateBody : csComplaintUpdateBody}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        {editing?.kind === 'open' && (
          <Form.Item name="reason" htmlFor="cs-complaint-reason" label={t('reason')} required>
            <Input.TextArea id="cs-complaint-reason" rows={3} maxLength={500} showCount />
          </Form.Item>
        )}
        {editing?.kind === 'handle' && (
          <>
            <Typography.Paragraph>{editing.complaint.reason}</Typography.Paragraph>
            <Form.Item name="status" htmlFor="cs-complaint-status" label={t('statusLabel')}>
              <Select
                id="cs-complaint-status"
                options={moves.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              />
            </Form.Item>
            <Form.Item
              name="outcome"
              htmlFor="cs-complaint-outcome"
              label={t('outcome')}
              extra={t('outcomeHint')}
            >
              <Input.TextArea id="cs-complaint-outcome" rows={3} maxLength={1000} showCount />
            </Form.Item>
          </>
        )}
      </FormDrawer>
    </>
  );
}
