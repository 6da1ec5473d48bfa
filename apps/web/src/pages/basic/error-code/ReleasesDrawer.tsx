import { Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCodesResource, type ErrorCodeRelease, type ReleasedErrorCode } from '@rx/contracts/error-codes';
import type { ApprovalPending } from '@rx/contracts/approvals';
import type { ListAnswer } from '@/shared/crud/index.ts';
import { resourceKey } from '@/shared/crud/index.ts';
import { isPendingApproval, useApprovalNotice } from '@/shared/approval-notice.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { PublishHistoryDrawer } from '@/shared/ui/PublishHistoryDrawer.tsx';
import { DataTable } from '@/shared/ui/index.ts';

const RESOURCE = errorCodesResource.name;

/** The codes one release holds, loaded when its row is opened. */
function ReleaseCodes({ number }: { number: number }) {
  const { t } = useTranslation('errorCodes');
  const detail = useQuery({
    queryKey: resourceKey(RESOURCE, 'release', number),
    queryFn: ({ signal }) =>
      http.get<ErrorCodeRelease & { codes: ReleasedErrorCode[] }>(
        `/${RESOURCE}/releases/${number}`,
        undefined,
        {
          signal,
        },
      ),
  });
  return (
    <DataTable<ReleasedErrorCode>
      size="small"
      rowKey="code"
      loading={detail.isLoading}
      dataSource={detail.data?.codes}
      pagination={{ hideOnSinglePage: true }}
      columns={[
        { title: t('code'), dataIndex: 'code', width: 100 },
        { title: t('module'), dataIndex: 'module', width: 100 },
        { title: t('defaultText'), dataIndex: 'default_text', width: 240 },
        { title: t('action'), dataIndex: 'action', width: 120, render: (v: string) => t(`actions.${v}`) },
      ]}
    />
  );
}

interface ReleasesDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Rollback needs the page's approve permission. */
  canApprove: boolean;
}

/** The release history, newest (live) first; an older release's content can be made live again. */
export function ReleasesDrawer({ open, onClose, canApprove }: ReleasesDrawerProps) {
  const { t } = useTranslation('errorCodes');
  const message = useMessage();
  const announcePending = useApprovalNotice();
  const client = useQueryClient();
  const rollback = async (source: ErrorCodeRelease, note: string) => {
    const release = await http.post<ErrorCodeRelease | ApprovalPending>(
      `/${RESOURCE}/releases/${source.number}/rollback`,
      { note },
      { silent: true },
    );
    // The CP's policy may ask a second person first (202): nothing is live yet.
    if (isPendingApproval(release)) {
      announcePending(release);
      return;
    }
    void client.invalidateQueries({ queryKey: [RESOURCE] });
    void message.success(t('rolledBack', { number: release.number, source: source.number }));
  };

  return (
    <PublishHistoryDrawer<ErrorCodeRelease>
      open={open}
      onClose={onClose}
      title={t('releases')}
      hint={t('releasesHint')}
      width={860}
      queryKey={resourceKey(RESOURCE, 'releases')}
      load={(paging, signal) =>
        http.get<ListAnswer<ErrorCodeRelease>>(`/${RESOURCE}/releases`, paging, { signal })
      }
      expandable={{ expandedRowRender: (release) => <ReleaseCodes number={release.number} /> }}
      columns={[
        {
          title: t('note'),
          key: 'note',
          width: 220,
          render: (_, release) =>
            release.rollback_of !== null ? (
              <>
                <Tag color="purple">{t('rollbackOf', { number: release.rollback_of })}</Tag>
                {release.note}
              </>
            ) : (
              release.note
            ),
        },
        { title: t('count'), dataIndex: 'count', width: 80 },
      ]}
      canApprove={canApprove}
      labels={{
        number: t('release'),
        live: t('live'),
        by: t('publishedBy'),
        at: t('publishedAt'),
        note: t('note'),
        rollback: t('rollback'),
      }}
      rollback={{
        title: (release) => t('rollbackTitle', { number: release.number }),
        description: (release) => t('rollbackWhat', { number: release.number }),
        noteHint: t('noteHint'),
        noteMaxLength: 200,
        submit: rollback,
      }}
    />
  );
}
