import { useMemo, useState } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { Button, Image, Space, Tag, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  IMAGE_KINDS,
  IMAGE_SCORING,
  IMAGE_STATES,
  imageReviewsResource,
  type ImageDecision,
  type ImageReview,
  type ImageScoring,
  type ImageState,
} from '@rx/contracts/image-reviews';
import { usePermission } from '@/app/permission/index.ts';
import { ExportButton, enumSearch } from '@/shared/crud/index.ts';
import { QueryList } from '@/shared/crud/QueryListPage.tsx';
import { useResource } from '@/shared/crud/use-resource.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { GamePage } from '@/shared/ui/index.ts';
import { OfflineTitle } from '../shared/GoingOffline.tsx';
import { PolicyDrawer } from './PolicyDrawer.tsx';
import { idSelection } from '@/shared/crud/row-selection.ts';

const RESOURCE = imageReviewsResource;
const STATE_COLOR: Record<ImageState, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
};
const SCORING_COLOR: Record<ImageScoring, string> = {
  scored: 'default',
  retrying: 'processing',
  failed: 'error',
};

/** Where an image's scoring stands: retrying (attempts, next try, last error) or given up (why). */
function ScoringCell({ row }: { row: ImageReview }) {
  const { t } = useTranslation('imageReviews');
  return (
    <Space orientation="vertical" size={2} data-testid={`scoring-${row.id}`}>
      <Tag color={SCORING_COLOR[row.scoring]}>{t(`scorings.${row.scoring}`)}</Tag>
      {row.scoring === 'retrying' && (
        <>
          <Typography.Text type="secondary">
            {t('scoringRetrying', { attempts: row.scoring_attempts })}
          </Typography.Text>
          {row.next_scoring_at && (
            <Typography.Text type="secondary">
              {t('nextAttempt', { at: formatDateTime(row.next_scoring_at) })}
            </Typography.Text>
          )}
          {row.moderation_error && (
            <Typography.Text
              type="warning"
              ellipsis={{ tooltip: row.moderation_error }}
              style={{ maxWidth: 220 }}
            >
              {t('lastError', { error: row.moderation_error })}
            </Typography.Text>
          )}
        </>
      )}
      {row.scoring === 'failed' && (
        <Typography.Text type="danger" style={{ maxWidth: 220, overflowWrap: 'anywhere' }}>
          {t('scoringFailed', { attempts: row.scoring_attempts, error: row.moderation_error })}
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * Image review (`offline/see/image_review`): players' images with their moderation score; the policy
 * decides the clear cases, staff approve or reject the rest one by one or in bulk.
 */
export function ImageReviewPage() {
  const { t } = useTranslation('imageReviews');
  const toast = useMessage();
  const client = useQueryClient();
  const { params, setParams, list, can } = useResource<ImageReview>(RESOURCE, { defaultSort: '-id' });
  const canEdit = usePermission([RESOURCE.permissions.edit]);
  const [selected, setSelected] = useState<number[]>([]);
  const [policyOpen, setPolicyOpen] = useState(false);
  const refresh = () => void client.invalidateQueries({ queryKey: [RESOURCE.name] });

  const one = useMutation({
    mutationFn: ({ row, decision }: { row: ImageReview; decision: ImageDecision }) =>
      http.post(`/${RESOURCE.name}/${row.id}/${decision}`, { version: row.version }),
    onSuccess: refresh,
  });
  const retry = useMutation({
    mutationFn: (row: ImageReview) =>
      http.post<ImageReview>(`/${RESOURCE.name}/${row.id}/retry`, { version: row.version }),
    onSuccess: (row) => {
      toast.success(t(row.scoring === 'scored' ? 'retried' : 'retriedFailed'));
      refresh();
    },
  });
  const bulk = useMutation({
    mutationFn: (decision: ImageDecision) =>
      http.post<{ results: { result: string }[] }>(`/${RESOURCE.name}/bulk`, { ids: selected, decision }),
    onSuccess: (answer) => {
      toast.success(
        t('decided', {
          ok: answer.results.filter((r) => r.result === 'ok').length,
          skipped: answer.results.filter((r) => r.result !== 'ok').length,
        }),
      );
      setSelected([]);
      refresh();
    },
  });

  const columns = useMemo<ColumnsType<ImageReview>>(
    () => [
      {
        title: t('image'),
        dataIndex: 'url',
        width: 90,
        render: (url: string, row) => (
          <Image src={url} width={56} height={56} alt={`${t('image')} ${row.id}`} />
        ),
      },
      {
        title: t('openid'),
        dataIndex: 'openid',
        width: 160,
        render: (openid: string) => <span dir="ltr">{openid}</span>,
      },
      { title: t('kind'), dataIndex: 'kind', width: 120, render: (k: string) => t(`kinds.${k}`) },
      {
        title: t('score'),
        dataIndex: 'score',
        width: 130,
        sorter: true,
        render: (score: number | null, row) =>
          score === null ? (
            <Typography.Text type="warning" title={t('moderationError', { error: row.moderation_error })}>
              {t('unscored')}
            </Typography.Text>
          ) : (
            <Space size={4} wrap>
              <span>{score}</span>
              {row.labels.map((l) => (
                <Tag key={l}>{l}</Tag>
              ))}
            </Space>
          ),
      },
      {
        title: t('state'),
        dataIndex: 'status',
        width: 150,
        render: (s: ImageState, row) => (
          <Space size={4} wrap>
            <Tag color={STATE_COLOR[s]}>{t(`states.${s}`)}</Tag>
            {row.decided_by && (
              <Typography.Text type="secondary">{t(`deciders.${row.decided_by}`)}</Typography.Text>
            )}
          </Space>
        ),
      },
      {
        title: t('scoring'),
        dataIndex: 'scoring',
        width: 240,
        render: (_: ImageScoring, row) => <ScoringCell row={row} />,
      },
      {
        title: t('visible'),
        dataIndex: 'visible',
        width: 100,
        render: (v: boolean) => (v ? t('yes') : t('no')),
      },
      {
        title: t('createdAt'),
        dataIndex: 'created_at',
        width: 160,
        sorter: true,
        render: (at: string) => formatDateTime(at),
      },
      {
        title: t('crud:action.actions'),
        key: 'actions',
        width: 150,
        render: (_, row) =>
          canEdit && (
            <Space size={0} wrap>
              {row.scoring === 'failed' && row.decided_by !== 'staff' && (
                <Button
                  type="link"
                  size="small"
                  loading={retry.isPending && retry.variables?.id === row.id}
                  onClick={() => retry.mutate(row)}
                >
                  {t('retryNow')}
                </Button>
              )}
              {row.status !== 'approved' && (
                <Button type="link" size="small" onClick={() => one.mutate({ row, decision: 'approve' })}>
                  {t('approve')}
                </Button>
              )}
              {row.status !== 'rejected' && (
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => one.mutate({ row, decision: 'reject' })}
                >
                  {t('reject')}
                </Button>
              )}
            </Space>
          ),
      },
    ],
    [t, canEdit, one, retry],
  );

  return (
    <GamePage title={<OfflineTitle title={t('menu:page.imageReview')} />}>
      <QueryList<ImageReview>
        params={params}
        setParams={setParams}
        list={list}
        searchExtra={
          <Space wrap>
            <Button onClick={() => setPolicyOpen(true)}>{t('policy')}</Button>
            {can.export && <ExportButton resource={RESOURCE.name} filters={params.filters} />}
          </Space>
        }
        fields={[
          { name: 'q', label: t('crud:field.keyword'), width: 170 },
          { ...enumSearch(t, 'status', t('state'), IMAGE_STATES, 'states'), width: 140 },
          { ...enumSearch(t, 'kind', t('kind'), IMAGE_KINDS, 'kinds'), width: 150 },
          { ...enumSearch(t, 'scoring', t('scoring'), IMAGE_SCORING, 'scorings'), width: 150 },
          { name: 'score_min', label: t('scoreMin'), width: 100 },
        ]}
        rowKey="id"
        toolsId="image-reviews"
        leading={
          canEdit && (
            <Space wrap>
              <Button
                disabled={selected.length === 0}
                loading={bulk.isPending}
                onClick={() => bulk.mutate('approve')}
                data-testid="image-bulk-approve"
              >
                {t('bulkApprove', { count: selected.length })}
              </Button>
              <Button
                danger
                disabled={selected.length === 0}
                loading={bulk.isPending}
                onClick={() => bulk.mutate('reject')}
                data-testid="image-bulk-reject"
              >
                {t('bulkReject', { count: selected.length })}
              </Button>
            </Space>
          )
        }
        rowSelection={idSelection(canEdit, selected, setSelected, (r: ImageReview) => ({
          'aria-label': t('select', { id: r.id }),
        }))}
        columns={columns}
      />
      <PolicyDrawer open={policyOpen} canEdit={canEdit} onClose={() => setPolicyOpen(false)} />
    </GamePage>
  );
}
