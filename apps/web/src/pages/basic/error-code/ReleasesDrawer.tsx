import { useState } from 'react';
import { Button, Drawer, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCodesResource, type ErrorCodeRelease, type ReleasedErrorCode } from '@rx/contracts/error-codes';
import type { ApprovalPending } from '@rx/contracts/approvals';
import type { ListAnswer } from '@/shared/crud/index.ts';
import { resourceKey } from '@/shared/crud/index.ts';
import { isPendingApproval, useApprovalNotice } from '@/shared/approval-notice.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { NoteModal } from './NoteModal.tsx';
import { formatDateTime } from '@/shared/format.ts';

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
    <Table<ReleasedErrorCode>
      size="small"
      rowKey="code"
      loading={detail.isLoading}
      dataSource={detail.data?.codes}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      columns={[
        { title: t('code'), dataIndex: 'code', width: 100 },
        { title: t('module'), dataIndex: 'module', width: 100 },
        { title: t('defaultText'), dataIndex: 'default_text', ellipsis: true },
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
  const [paging, setPaging] = useState({ page: 1, page_size: 10 });
  const [rollingBack, setRollingBack] = useState<ErrorCodeRelease | null>(null);
  const releases = useQuery({
    queryKey: resourceKey(RESOURCE, 'releases', paging),
    queryFn: ({ signal }) =>
      http.get<ListAnswer<ErrorCodeRelease>>(`/${RESOURCE}/releases`, paging, { signal }),
    placeholderData: keepPreviousData,
    enabled: open,
  });
  const rollback = async (note: string) => {
    if (!rollingBack) return;
    const release = await http.post<ErrorCodeRelease | ApprovalPending>(
      `/${RESOURCE}/releases/${rollingBack.number}/rollback`,
      { note },
      { silent: true },
    );
    // The CP's policy may ask a second person first (202): nothing is live yet.
    if (isPendingApproval(release)) {
      announcePending(release);
      return;
    }
    void client.invalidateQueries({ queryKey: [RESOURCE] });
    void message.success(t('rolledBack', { number: release.number, source: rollingBack.number }));
  };

  return (
    <Drawer open={open} onClose={onClose} title={t('releases')} size={860} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('releasesHint')}</Typography.Paragraph>
      <DataTable<ErrorCodeRelease>
        rowKey="number"
        loading={releases.isFetching}
        dataSource={releases.data?.list}
        expandable={{ expandedRowRender: (release) => <ReleaseCodes number={release.number} /> }}
        columns={[
          {
            title: t('release'),
            dataIndex: 'number',
            width: 110,
            render: (n: number, release) => (
              <Space size={4}>
                <span>#{n}</span>
                {release.live && <Tag color="success">{t('live')}</Tag>}
              </Space>
            ),
          },
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
          { title: t('publishedBy'), dataIndex: 'created_by', width: 100 },
          {
            title: t('publishedAt'),
            dataIndex: 'created_at',
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
          {
            title: t('crud:action.actions'),
            key: 'actions',
            width: 110,
            render: (_, release) =>
              canApprove && !release.live ? (
                <Button type="link" size="small" danger onClick={() => setRollingBack(release)}>
                  {t('rollback')}
                </Button>
              ) : null,
          },
        ]}
        pagination={{
          current: paging.page,
          pageSize: paging.page_size,
          total: releases.data?.total ?? 0,
          onChange: (page, page_size) => setPaging({ page, page_size }),
        }}
      />
      <NoteModal
        open={rollingBack !== null}
        title={t('rollbackTitle', { number: rollingBack?.number ?? '' })}
        description={t('rollbackWhat', { number: rollingBack?.number ?? '' })}
        okText={t('rollback')}
        danger
        onSubmit={rollback}
        onClose={() => setRollingBack(null)}
      />
    </Drawer>
  );
}
