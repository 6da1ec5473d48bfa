import { useMemo, useState } from 'react';
import { Button, Progress, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  APP_PLATFORMS,
  RELEASE_STATUSES,
  appReleasesResource,
  type AppRelease,
  type ReleaseCreate,
  type ReleaseStatus,
} from '@rx/contracts/releases';
import { usePermission } from '@/app/permission/index.ts';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { MoveModal, type Move } from './MoveModal.tsx';
import { PublishesDrawer } from './PublishesDrawer.tsx';
import { ReleaseForm } from './ReleaseForm.tsx';

const NEW_RELEASE: Partial<ReleaseCreate> = {
  platform: 'android',
  channel: '',
  version_name: '',
  version_code: 1,
  update_text: crud.emptyText(),
};

const STATUS_COLORS: Record<ReleaseStatus, string> = {
  draft: 'default',
  rolling_out: 'processing',
  released: 'success',
  halted: 'warning',
  superseded: 'default',
};

const LIVE: readonly ReleaseStatus[] = ['rolling_out', 'released', 'halted'];

/** Versions (`edition/see/edition`): per platform and channel, publishes with a staged rollout, halt, resume and rollback. */
export function ReleasesPage() {
  const { t } = useTranslation('releases');
  const canApprove = usePermission([appReleasesResource.permissions.approve]);
  const [move, setMove] = useState<{ action: Move; release: AppRelease } | null>(null);
  const [history, setHistory] = useState<AppRelease | null>(null);
  const columns = useMemo<ColumnsType<AppRelease>>(
    () => [
      crud.enumColumn<AppRelease>(
        t,
        { title: t('platform'), dataIndex: 'platform', width: 100, sorter: true },
        'platforms',
      ),
      {
        title: t('channel'),
        dataIndex: 'channel',
        width: 110,
        sorter: true,
        render: (channel: string) => channel || t('allChannels'),
      },
      {
        title: t('versionName'),
        key: 'version_code',
        width: 140,
        sorter: true,
        render: (_, row) => `${row.version_name} (${row.version_code})`,
      },
      crud.enumColumn<AppRelease>(
        t,
        { title: t('updateMode'), dataIndex: 'update_mode', width: 100 },
        'modes',
      ),
      {
        title: t('status'),
        dataIndex: 'status',
        width: 110,
        sorter: true,
        render: (status: ReleaseStatus) => <Tag color={STATUS_COLORS[status]}>{t(`statuses.${status}`)}</Tag>,
      },
      {
        title: t('percent'),
        dataIndex: 'rollout_percent',
        width: 130,
        render: (percent: number, row) =>
          row.status === 'draft' ? (
            '—'
          ) : (
            <Progress
              percent={percent}
              size="small"
              status={row.status === 'halted' ? 'exception' : undefined}
              aria-label={t('percent')}
            />
          ),
      },
      crud.updatedAtColumn<AppRelease>(t),
    ],
    [t],
  );

  return (
    <>
      <ResourceListPage<AppRelease>
        resource={appReleasesResource}
        title={t('menu:page.versions')}
        columns={columns}
        defaultSort="-version_code"
        actionsWidth={260}
        drawerWidth={720}
        search={[
          crud.enumSearch(t, 'platform', t('platform'), APP_PLATFORMS, 'platforms'),
          { name: 'channel', label: t('channel'), width: 120 },
          crud.enumSearch(t, 'status', t('status'), RELEASE_STATUSES, 'statuses'),
        ]}
        newFields={NEW_RELEASE}
        nameOf={(row) => `${row.version_name} (${row.version_code})`}
        form={(editing) => <ReleaseForm editing={editing !== 'new'} />}
        rowRule={(row) => ({ delete: row.status === 'draft' })}
        rowActions={(row) => (
          <Space size={0} wrap>
            {canApprove && row.status !== 'halted' && (
              <Button type="link" size="small" onClick={() => setMove({ action: 'publish', release: row })}>
                {t('actions.publish')}
              </Button>
            )}
            {canApprove && LIVE.includes(row.status) && row.status !== 'halted' && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => setMove({ action: 'halt', release: row })}
              >
                {t('actions.halt')}
              </Button>
            )}
            {canApprove && row.status === 'halted' && (
              <Button type="link" size="small" onClick={() => setMove({ action: 'resume', release: row })}>
                {t('actions.resume')}
              </Button>
            )}
            {row.status !== 'draft' && (
              <Button type="link" size="small" onClick={() => setHistory(row)}>
                {t('actions.history')}
              </Button>
            )}
          </Space>
        )}
      />
      <MoveModal move={move} onClose={() => setMove(null)} />
      <PublishesDrawer release={history} onClose={() => setHistory(null)} canApprove={canApprove} />
    </>
  );
}
