import { useMemo, useState } from 'react';
import { Button, Input, Popconfirm, Progress, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CODE_BATCH_LIFECYCLE,
  CODE_BATCH_KINDS,
  CODE_BATCH_STATUSES,
  codeBatchResource,
  type CodeBatch,
  type CodeBatchAction,
} from '@rx/contracts/code-batches';
import { usePermission } from '@/app/permission/index.ts';
import { isPendingApproval, useApprovalNotice } from '@/shared/approval-notice.tsx';
import { saveBlob, enumSearch } from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { ApiError, http } from '@/shared/http.ts';
import { AppModal } from '@/shared/ui/index.ts';
import { useLiveEvent } from '@/shared/live.ts';
import { CodeBatchForm } from './CodeBatchForm.tsx';
import { CodeLookup } from './CodeLookup.tsx';
import { formatTime } from './format.ts';

const DAY = 86_400_000;
/** A new batch: 1,000 unique codes of 12 characters, from now for 30 days, one per player. */
function newBatch() {
  const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  return {
    name: '',
    kind: 'unique',
    keyword: '',
    prefix: '',
    length: 12,
    quantity: 1000,
    start_at: start.toISOString(),
    end_at: new Date(start.getTime() + 30 * DAY).toISOString(),
    total_limit: 0,
    per_code_limit: 1,
    per_player_limit: 1,
    group_key: '',
    note: '',
  };
}

const STATUS_COLOR: Record<string, string> = {
  draft: 'default',
  pending_approval: 'processing',
  active: 'success',
  off: 'warning',
  expired: 'default',
  voided: 'error',
};

/** Exchange codes: batches through their lifecycle, generation progress, export and code lookup. */
export function CodeBatchesPage() {
  const { t } = useTranslation('code-batches');
  const message = useMessage();
  const client = useQueryClient();
  const announcePending = useApprovalNotice();
  const canEdit = usePermission([codeBatchResource.permissions.edit]);
  const canExport = usePermission([codeBatchResource.permissions.export]);
  const reload = () => void client.invalidateQueries({ queryKey: [codeBatchResource.name] });
  // Generation progress: the job's events refresh the list.
  useLiveEvent('job', reload);

  // A policy that wants a reason for the approval: asked for when the server says so.
  const [asking, setAsking] = useState<{ batch: CodeBatch; error: string } | null>(null);
  const [reason, setReason] = useState('');
  // The refused submit moved the batch and back: send it again at its current version.
  const resubmit = async (batch: CodeBatch) => {
    const fresh = await http.get<CodeBatch>(`/${codeBatchResource.name}/${batch.id}`);
    await act(fresh, 'submit', reason);
  };
  const act = async (batch: CodeBatch, action: CodeBatchAction, why?: string) => {
    let answer: unknown;
    try {
      answer = await http.post<unknown>(
        `/${codeBatchResource.name}/${batch.id}/${action}`,
        { version: batch.version, ...(why === undefined ? {} : { reason: why }) },
        { silent: action === 'submit' },
      );
    } catch (error) {
      const fields = (error as ApiError<{ fields?: Record<string, string> }>).data?.fields;
      if (error instanceof ApiError && fields?.reason) {
        setAsking({ batch, error: why === undefined ? '' : fields.reason });
        return;
      }
      if (error instanceof ApiError && action === 'submit') void message.error(error.msg);
      reload();
      throw error;
    }
    setAsking(null);
    setReason('');
    if (isPendingApproval(answer)) announcePending(answer);
    else void message.success(t(`done.${action}`));
    reload();
  };
  const exportCodes = async (batch: CodeBatch) => {
    const file = await http.download(`/${codeBatchResource.name}/${batch.id}/codes/export`);
    saveBlob(file.blob, file.filename);
  };

  const columns = useMemo<ColumnsType<CodeBatch>>(
    () => [
      { title: 'ID', dataIndex: 'id', width: 70, sorter: true },
      { title: t('name'), dataIndex: 'name', width: 200, sorter: true, ellipsis: true },
      // The state is what staff look for first: beside the name, never behind the actions (issue 27).
      {
        title: t('statusTitle'),
        dataIndex: 'status',
        width: 110,
        sorter: true,
        // An active batch still making its codes says so, with how far it is, rather than "active" at 0.
        render: (v: string, b: CodeBatch) =>
          b.generating ? (
            <Tag color="processing">
              {t('status.generating', { percent: Math.floor((b.generated / b.quantity) * 100) })}
            </Tag>
          ) : (
            <Tag color={STATUS_COLOR[v]}>{t(`status.${v}`)}</Tag>
          ),
      },
      {
        title: t('kind'),
        dataIndex: 'kind',
        width: 140,
        render: (_: string, b: CodeBatch) =>
          b.kind === 'keyword' ? (
            <span>
              {t('kinds.keyword')} · <Typography.Text code>{b.keyword}</Typography.Text>
            </span>
          ) : (
            t('kinds.unique')
          ),
      },
      {
        title: t('codes'),
        key: 'codes',
        width: 190,
        render: (_: unknown, b: CodeBatch) => {
          const total = b.kind === 'keyword' ? 1 : b.quantity;
          return (
            <div data-testid={`codes-${b.id}`}>
              <Progress
                size="small"
                percent={Math.floor((b.generated / total) * 100)}
                status={b.generated >= total ? 'success' : b.job_id ? 'active' : 'normal'}
                aria-label={t('codes')}
              />
              <Typography.Text type="secondary">
                {t('generatedOf', { generated: b.generated.toLocaleString(), total: total.toLocaleString() })}
              </Typography.Text>
            </div>
          );
        },
      },
      { title: t('redeemed'), dataIndex: 'redeemed', width: 100 },
      {
        title: t('window'),
        key: 'window',
        width: 200,
        render: (_: unknown, b: CodeBatch) => (
          <span dir="ltr">
            {formatTime(b.start_at)} – {formatTime(b.end_at)}
          </span>
        ),
      },
    ],
    [t],
  );

  return (
    <>
      <CodeLookup />
      <ResourceListPage<CodeBatch>
        resource={codeBatchResource}
        title={t('menu:page.exchangeCodes')}
        columns={columns}
        search={[
          enumSearch(t, 'status', t('statusTitle'), CODE_BATCH_STATUSES, 'status'),
          enumSearch(t, 'kind', t('kind'), CODE_BATCH_KINDS, 'kinds'),
        ]}
        newItem={newBatch()}
        nameOf={(b) => b.name}
        form={() => <CodeBatchForm />}
        rowRule={(b) => ({ edit: b.status === 'draft', delete: b.status === 'draft' })}
        rowActions={(b) => (
          <>
            {canEdit &&
              CODE_BATCH_LIFECYCLE.actionsFrom(b.status).map((action) =>
                action === 'void' ? (
                  <Popconfirm
                    key={action}
                    title={t('confirmVoid')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => act(b, action)}
                  >
                    <Button type="link" size="small" danger>
                      {t(`actions.${action}`)}
                    </Button>
                  </Popconfirm>
                ) : action === 'submit' ? (
                  // Putting a batch live generates its codes for players: asked once more.
                  <Popconfirm
                    key={action}
                    title={t('confirmSubmit', { count: b.quantity })}
                    onConfirm={() => act(b, action)}
                  >
                    <Button type="link" size="small" data-testid={`${action}-${b.id}`}>
                      {t(`actions.${action}`)}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button
                    key={action}
                    type="link"
                    size="small"
                    data-testid={`${action}-${b.id}`}
                    onClick={() => void act(b, action)}
                  >
                    {t(`actions.${action}`)}
                  </Button>
                ),
              )}
            {canExport && b.generated > 0 && (
              <Button
                type="link"
                size="small"
                data-testid={`export-${b.id}`}
                onClick={() => void exportCodes(b)}
              >
                {t('actions.export')}
              </Button>
            )}
            {b.job_id !== null && (
              <Link to={`/jobs?id=${b.job_id}`} style={{ paddingInline: 7 }}>
                {t('actions.job')}
              </Link>
            )}
          </>
        )}
        actionsWidth={220}
        drawerWidth={720}
      />
      <AppModal
        open={asking !== null}
        title={t('reasonTitle')}
        okText={t('actions.submit')}
        onOk={() => asking && void resubmit(asking.batch)}
        onCancel={() => setAsking(null)}
        destroyOnHidden
      >
        <Input.TextArea
          id="code-batch-reason"
          aria-label={t('reasonTitle')}
          rows={3}
          maxLength={500}
          value={reason}
          status={asking?.error ? 'error' : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {asking?.error && <Typography.Text type="danger">{asking.error}</Typography.Text>}
      </AppModal>
    </>
  );
}
