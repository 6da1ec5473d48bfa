import { useState } from 'react';
import { Button, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CS_REVIEW_STATUSES,
  CS_SAMPLE_PER_AGENT_MAX,
  csSampleBody,
  csScoreBody,
  type CsReview,
  type CsReviewStatus,
} from '@rx/contracts/cs-quality';
import { useProduct } from '@/app/product/index.ts';
import { FormDrawer } from '@/shared/crud/index.ts';
import { DayInput } from '@/shared/crud/PickerInputs.tsx';
import { lastWeek } from '@/shared/cs/StatsWindow.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { REVIEWS_KEY, SUMMARY_PATH, useRubrics } from './queries.ts';
import { reviewColumns } from './review-columns.tsx';
import { LabelledSelect, useFilteredPages } from '@/shared/crud/filtered-pages.tsx';

type Filter = { status?: CsReviewStatus; rubric_id?: number };

/** The sampled conversations: sample more, filter, and score each against its rubric. */
export function ReviewsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation(['csQuality', 'crud']);
  const message = useMessage();
  const client = useQueryClient();
  const productId = useProduct((s) => s.productId);
  const rubrics = useRubrics();
  const { filter, page, filterBy, pagination } = useFilteredPages<Filter>({ status: 'pending' });
  const [sampling, setSampling] = useState(false);
  const [scoring, setScoring] = useState<CsReview | null>(null);
  const reviews = useQuery({
    queryKey: [...REVIEWS_KEY, productId, filter, page],
    enabled: productId !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      http.get<{ list: CsReview[]; total: number }>(
        '/cs/quality-reviews',
        { ...filter, ...page },
        { signal },
      ),
  });
  const done = async (text: string) => {
    void message.success(text);
    await Promise.all([
      client.invalidateQueries({ queryKey: REVIEWS_KEY }),
      client.invalidateQueries({ queryKey: [SUMMARY_PATH] }),
    ]);
  };
  const sample = async (data: unknown) => {
    const result = await http.post<{ sampled: number }>('/cs/quality-reviews/sample', data, { silent: true });
    setSampling(false);
    await done(t('sampled', { n: result.sampled }));
  };
  const score = async (data: unknown) => {
    await http.put(`/cs/quality-reviews/${scoring!.id}`, data, { silent: true });
    setScoring(null);
    await done(t('crud:action.saved'));
  };
  const enabled = (rubrics.data ?? []).filter((r) => r.enabled);
  const columns: ColumnsType<CsReview> = [
    ...reviewColumns(t),
    {
      title: t('crud:action.actions'),
      key: 'actions',
      width: 100,
      render: (_, row) =>
        canEdit && (
          <Button type="link" size="small" onClick={() => setScoring(row)}>
            {row.status === 'pending' ? t('score') : t('rescore')}
          </Button>
        ),
    },
  ];
  return (
    <>
      <Flex gap={16} wrap align="center" style={{ marginBlockEnd: 16 }}>
        <LabelledSelect
          id="cs-review-status"
          label={t('status')}
          style={{ width: 140 }}
          allowClear
          placeholder={t('crud:search.any')}
          value={filter.status}
          onChange={(status?: CsReviewStatus) => filterBy('status', status)}
          options={CS_REVIEW_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        />
        <LabelledSelect
          id="cs-review-rubric"
          label={t('rubric')}
          style={{ width: 180 }}
          allowClear
          placeholder={t('crud:search.any')}
          value={filter.rubric_id}
          onChange={(rubric_id?: number) => filterBy('rubric_id', rubric_id)}
          options={(rubrics.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        />
        {canEdit && (
          <Button type="primary" disabled={enabled.length === 0} onClick={() => setSampling(true)}>
            {t('sample')}
          </Button>
        )}
      </Flex>
      <DataTable<CsReview>
        rowKey="id"
        loading={reviews.isFetching}
        columns={columns}
        dataSource={reviews.data?.list ?? []}
        pagination={pagination(reviews.data?.total)}
      />
      <FormDrawer
        open={sampling}
        title={t('sample')}
        initialValues={{ rubric_id: enabled[0]?.id, ...lastWeek(), per_agent: 5 }}
        schema={csSampleBody}
        onSubmit={sample}
        onClose={() => setSampling(false)}
      >
        <Typography.Paragraph type="secondary">{t('sampleHint')}</Typography.Paragraph>
        <Form.Item name="rubric_id" htmlFor="cs-sample-rubric" label={t('rubric')} required>
          <Select id="cs-sample-rubric" options={enabled.map((r) => ({ value: r.id, label: r.name }))} />
        </Form.Item>
        <Form.Item name="from" htmlFor="cs-sample-from" label={t('csStats:from')} required>
          <DayInput id="cs-sample-from" />
        </Form.Item>
        <Form.Item name="to" htmlFor="cs-sample-to" label={t('csStats:to')} required>
          <DayInput id="cs-sample-to" />
        </Form.Item>
        <Form.Item name="per_agent" htmlFor="cs-sample-n" label={t('perAgent')} required>
          <InputNumber id="cs-sample-n" min={1} max={CS_SAMPLE_PER_AGENT_MAX} precision={0} />
        </Form.Item>
      </FormDrawer>
      <FormDrawer
        open={scoring !== null}
        title={t('scoreTitle', { id: scoring?.conversation_id ?? '' })}
        initialValues={{
          scores: scoring?.items.map((item, i) => scoring.scores[i] ?? item.max) ?? [],
          comment: scoring?.comment ?? '',
          version: scoring?.version,
        }}
        schema={csScoreBody}
        onSubmit={score}
        onClose={() => setScoring(null)}
      >
        <Typography.Paragraph>
          {scoring?.agent_name} · {scoring?.openid} · {scoring?.rubric_name}
        </Typography.Paragraph>
        {scoring?.items.map((item, i) => (
          <Form.Item
            key={i}
            name={['scores', i]}
            htmlFor={`cs-score-${i}`}
            label={`${item.label} (0–${item.max})`}
          >
            <InputNumber id={`cs-score-${i}`} min={0} max={item.max} precision={0} />
          </Form.Item>
        ))}
        <Form.Item name="comment" htmlFor="cs-score-comment" label={t('comment')}>
          <Input.TextArea id="cs-score-comment" rows={3} maxLength={1000} showCount />
        </Form.Item>
      </FormDrawer>
    </>
  );
}
