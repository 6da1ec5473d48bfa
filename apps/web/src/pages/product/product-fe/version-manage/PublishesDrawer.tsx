import { useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Space, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appReleasesResource, type AppRelease, type ReleasePublishItem } from '@rx/contracts/releases';
import type { ApprovalPending } from '@rx/contracts/approvals';
import { resourceKey, type ListAnswer } from '@/shared/crud/index.ts';
import { isPendingApproval, useApprovalNotice } from '@/shared/approval-notice.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { ApiError, http } from '@/shared/http.ts';
import { AppModal, DataTable } from '@/shared/ui/index.ts';

const RESOURCE = appReleasesResource.name;

interface Props {
  /** The version whose platform and channel's publishes are shown (null: closed). */
  release: AppRelease | null;
  onClose: () => void;
  /** Rollback needs the page's approve permission. */
  canApprove: boolean;
}

/** The publishes of a version's platform and channel, newest (live) first; an earlier one can be made live again. */
export function PublishesDrawer({ release, onClose, canApprove }: Props) {
  const { t } = useTranslation('releases');
  const message = useMessage();
  const announcePending = useApprovalNotice();
  const client = useQueryClient();
  const [paging, setPaging] = useState({ page: 1, page_size: 10 });
  const [target, setTarget] = useState<ReleasePublishItem | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const query = release ? { platform: release.platform, channel: release.channel, ...paging } : null;
  const publishes = useQuery({
    queryKey: resourceKey(RESOURCE, 'publishes', query),
    queryFn: ({ signal }) =>
      http.get<ListAnswer<ReleasePublishItem>>(`/${RESOURCE}/publishes`, query!, { signal }),
    placeholderData: keepPreviousData,
    enabled: query !== null,
  });
  const closeModal = () => {
    setTarget(null);
    setNote('');
    setProblem(null);
  };
  const rollback = async () => {
    if (!release || !target) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await http.post<unknown | ApprovalPending>(
        `/${RESOURCE}/${release.id}/rollback`,
        { number: target.number, note: note.trim() },
        { silent: true },
      );
      closeModal();
      // The CP's policy may ask a second person first (202): nothing is live yet.
      if (isPendingApproval(answer)) announcePending(answer);
      else void message.success(t('done.rollback', { number: target.number }));
      void client.invalidateQueries({ queryKey: [RESOURCE] });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblem(error.msg);
    } finally {
      setBusy(false);
    }
  };
  const targetName = release
    ? `${t(`platforms.${release.platform}`)} · ${release.channel || t('allChannels')}`
    : '';

  return (
    <Drawer
      open={release !== null}
      onClose={onClose}
      title={t('history', { target: targetName })}
      size={900}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('historyHint')}</Typography.Paragraph>
      <DataTable<ReleasePublishItem>
        rowKey="number"
        loading={publishes.isFetching}
        dataSource={publishes.data?.list}
        scroll={{ x: 820 }}
        columns={[
          {
            title: t('publishNumber'),
            dataIndex: 'number',
            width: 110,
            render: (n: number, row) => (
              <Space size={4}>
                <span>#{n}</span>
                {row.live && <Tag color="success">{t('live')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('publishAction'),
            dataIndex: 'action',
            width: 130,
            render: (action: string, row) => (
              <Tag color={action === 'rollback' ? 'purple' : action === 'halt' ? 'warning' : 'blue'}>
                {row.rollback_of !== null
                  ? t('rollbackOf', { number: row.rollback_of })
                  : t(`publishActions.${action}`)}
              </Tag>
            ),
          },
          {
            title: t('versionName'),
            key: 'version',
            width: 140,
            render: (_, row) => `${row.version_name} (${row.version_code})`,
          },
          {
            title: t('percent'),
            key: 'percent',
            width: 110,
            render: (_, row) => (row.halted ? `${row.percent}% · ${t('halted')}` : `${row.percent}%`),
          },
          { title: t('note'), dataIndex: 'note', width: 160, ellipsis: true },
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
            width: 100,
            render: (_, row) =>
              canApprove && !row.live ? (
                <Button type="link" size="small" danger onClick={() => setTarget(row)}>
                  {t('actions.rollback')}
                </Button>
              ) : null,
          },
        ]}
        pagination={{
          current: paging.page,
          pageSize: paging.page_size,
          total: publishes.data?.total ?? 0,
          onChange: (page, page_size) => setPaging({ page, page_size }),
        }}
      />
      <AppModal
        open={target !== null}
        title={t('rollbackTitle', { number: target?.number ?? '' })}
        okText={t('actions.rollback')}
        okButtonProps={{ danger: true, loading: busy }}
        onOk={() => void rollback()}
        onCancel={closeModal}
        destroyOnHidden
      >
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 12 }} />}
        <Typography.Paragraph>
          {t('rollbackDescription', {
            number: target?.number ?? '',
            version: target ? `${target.version_name} (${target.version_code})` : '',
          })}
        </Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label={t('note')} htmlFor="rollback-note">
            <Input.TextArea
              id="rollback-note"
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
              autoSize={{ minRows: 2, maxRows: 4 }}
            />
          </Form.Item>
        </Form>
      </AppModal>
    </Drawer>
  );
}
