import { Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appReleasesResource, type AppRelease, type ReleasePublishItem } from '@rx/contracts/releases';
import type { ApprovalPending } from '@rx/contracts/approvals';
import { resourceKey, type ListAnswer } from '@/shared/crud/index.ts';
import { isPendingApproval, useApprovalNotice } from '@/shared/approval-notice.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { PublishHistoryDrawer } from '@/shared/ui/PublishHistoryDrawer.tsx';

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
  const target = release ? { platform: release.platform, channel: release.channel } : null;
  const rollback = async (row: ReleasePublishItem, note: string) => {
    if (!release) return;
    const answer = await http.post<unknown | ApprovalPending>(
      `/${RESOURCE}/${release.id}/rollback`,
      { number: row.number, note },
      { silent: true },
    );
    // The CP's policy may ask a second person first (202): nothing is live yet.
    if (isPendingApproval(answer)) announcePending(answer);
    else void message.success(t('done.rollback', { number: row.number }));
    void client.invalidateQueries({ queryKey: [RESOURCE] });
  };
  const targetName = release
    ? `${t(`platforms.${release.platform}`)} · ${release.channel || t('allChannels')}`
    : '';

  return (
    <PublishHistoryDrawer<ReleasePublishItem>
      open={release !== null}
      onClose={onClose}
      title={t('history', { target: targetName })}
      hint={t('historyHint')}
      width={900}
      queryKey={resourceKey(RESOURCE, 'publishes', target)}
      load={(paging, signal) =>
        http.get<ListAnswer<ReleasePublishItem>>(
          `/${RESOURCE}/publishes`,
          { ...target, ...paging },
          { signal },
        )
      }
      columns={[
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
      ]}
      canApprove={canApprove}
      labels={{
        number: t('publishNumber'),
        live: t('live'),
        by: t('publishedBy'),
        at: t('publishedAt'),
        note: t('note'),
        rollback: t('actions.rollback'),
      }}
      rollback={{
        title: (row) => t('rollbackTitle', { number: row.number }),
        description: (row) =>
          t('rollbackDescription', {
            number: row.number,
            version: `${row.version_name} (${row.version_code})`,
          }),
        submit: rollback,
      }}
    />
  );
}
