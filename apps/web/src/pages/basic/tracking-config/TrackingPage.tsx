import { useMemo } from 'react';
import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { SHARE_REWARD_STATES, shareTrackingResource, type ShareReward } from '@rx/contracts/share-tracking';
import { usePermission } from '@/app/permission/index.ts';
import { enumSearch } from '@/shared/crud/index.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import { useResource } from '@/shared/crud/use-resource.ts';
import { formatDateTime } from '@/shared/format.ts';
import { FunnelReport } from './FunnelReport.tsx';
import { RewardSettings } from './RewardSettings.tsx';

const RESOURCE = shareTrackingResource;

/**
 * Share tracking (`/basic/tracking-config`): the funnel share → click → install → register → pay
 * per day, when an invite earns the sharer a reward by mail, and the rewards given.
 */
export function TrackingPage() {
  const { t } = useTranslation('shareTracking');
  const { params, setParams, list } = useResource<ShareReward>(RESOURCE, { defaultSort: '-id' });
  const canExport = usePermission([RESOURCE.permissions.export]);
  const columns = useMemo<ColumnsType<ShareReward>>(
    () => [
      { title: t('rewards.sharer'), dataIndex: 'sharer', width: 160 },
      { title: t('rewards.invitee'), dataIndex: 'invitee', width: 160 },
      {
        title: t('rewards.event'),
        dataIndex: 'event',
        width: 110,
        render: (v: string) => t(`rewardOn.${v}`),
      },
      {
        title: t('rewards.state'),
        dataIndex: 'state',
        width: 130,
        render: (v: string) => <Tag color={v === 'mailed' ? 'green' : 'default'}>{t(`states.${v}`)}</Tag>,
      },
      { title: t('rewards.mail'), dataIndex: 'mail_id', width: 90, render: (v: number | null) => v ?? '—' },
      {
        title: t('rewards.at'),
        dataIndex: 'created_at',
        width: 170,
        sorter: false,
        render: (v: string) => formatDateTime(v),
      },
    ],
    [t],
  );
  return (
    <QueryListPage<ShareReward>
      title={t('menu:page.shareTracking')}
      intro={t('intro')}
      before={
        <Space direction="vertical" size="middle" style={{ width: '100%', marginBlockEnd: 16 }}>
          <FunnelReport />
          <RewardSettings />
        </Space>
      }
      fields={[
        { name: 'q', label: t('rewards.search') },
        enumSearch(t, 'state', t('rewards.state'), SHARE_REWARD_STATES, 'states'),
      ]}
      params={params}
      setParams={setParams}
      list={list}
      columns={columns}
      toolsId="share-rewards"
      exportAs={canExport ? RESOURCE.name : false}
      rowKey="id"
      scroll={{ x: 820 }}
      data-testid="share-rewards"
    />
  );
}
