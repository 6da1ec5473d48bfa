import { useMemo } from 'react';
import { Button, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  USER_GROUP_KINDS,
  USER_GROUP_STATES,
  userGroupsResource,
  type UserGroup,
  type UserGroupCreate,
} from '@rx/contracts/user-groups';
import { usePermission } from '@/app/permission/index.ts';
import { updatedAtColumn, enumSearch } from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime, formatNumber } from '@/shared/format.ts';
import { GROUPS, refreshGroup } from './api.ts';
import { EMPTY_RULE } from '@/shared/rules/RuleBuilder.tsx';
import { UserGroupForm } from './UserGroupForm.tsx';

const RESOURCE = userGroupsResource;

const NEW_GROUP: UserGroupCreate = {
  name: '',
  label: '',
  description: '',
  kind: 'rule',
  rule: EMPTY_RULE,
  file_id: null,
  refresh: 'daily',
};

const STATE_COLORS: Record<string, string> = {
  draft: 'default',
  computing: 'processing',
  ready: 'success',
  failed: 'error',
};

export function StateTag({ group }: { group: Pick<UserGroup, 'state' | 'error'> }) {
  const { t } = useTranslation('user-groups');
  const tag = (
    <Tag color={STATE_COLORS[group.state]} data-testid="group-state">
      {t(`states.${group.state}`)}
    </Tag>
  );
  return group.error ? <Tooltip title={group.error}>{tag}</Tooltip> : tag;
}

/** User groups (`commercialization/see/user_group`): rule or list groups of the game's players. */
export function UserGroupsPage() {
  const { t } = useTranslation('user-groups');
  const message = useMessage();
  const client = useQueryClient();
  const canEdit = usePermission([RESOURCE.permissions.edit]);

  const refresh = async (group: UserGroup) => {
    const { job_id } = await refreshGroup(group.id);
    void message.success(t('refreshStarted', { id: job_id }));
    void client.invalidateQueries({ queryKey: [GROUPS] });
  };

  const columns = useMemo<ColumnsType<UserGroup>>(
    () => [
      { title: t('name'), dataIndex: 'name', width: 140, sorter: true },
      { title: t('label'), dataIndex: 'label', width: 150 },
      { title: t('kind'), dataIndex: 'kind', width: 100, render: (v: string) => t(`kinds.${v}`) },
      {
        title: t('state'),
        dataIndex: 'state',
        width: 110,
        render: (_, group) => <StateTag group={group} />,
      },
      {
        title: t('members'),
        dataIndex: 'member_count',
        key: 'member_count',
        width: 110,
        sorter: true,
        render: (n: number, group) => (
          <Link to={`/commercialactivity/user-group-userlist/${group.uuid}`} data-testid="group-members-link">
            {formatNumber(n)}
          </Link>
        ),
      },
      {
        title: t('materializedAt'),
        dataIndex: 'materialized_at',
        width: 170,
        sorter: true,
        render: (v: string | null) => formatDateTime(v),
      },
      { title: t('refresh'), dataIndex: 'refresh', width: 110, render: (v: string) => t(`refreshes.${v}`) },
      updatedAtColumn<UserGroup>(t),
    ],
    [t],
  );

  return (
    <>
      <ResourceListPage<UserGroup>
        resource={RESOURCE}
        title={t('menu:page.userGroups')}
        columns={columns}
        actionsWidth={260}
        drawerWidth={760}
        search={[
          enumSearch(t, 'kind', t('kind'), USER_GROUP_KINDS, 'kinds'),
          enumSearch(t, 'state', t('state'), USER_GROUP_STATES, 'states'),
        ]}
        newItem={NEW_GROUP}
        nameOf={(group) => group.label}
        form={(editing) => <UserGroupForm editing={editing !== 'new'} />}
        rowActions={(group) => (
          <>
            {canEdit && (
              <Button
                type="link"
                size="small"
                onClick={() => void refresh(group)}
                data-testid="group-refresh"
              >
                {t('refreshNow')}
              </Button>
            )}
            <Link
              to={`/commercialactivity/user-group-layered/${encodeURIComponent(group.name)}`}
              className="ant-btn ant-btn-link ant-btn-sm"
              data-testid="group-layers-link"
            >
              {t('layers.title')}
            </Link>
            {group.job_id && (
              // The job's progress and per-line results (a list upload's errors) on the jobs page.
              <Link to="/jobs" className="ant-btn ant-btn-link ant-btn-sm" data-testid="group-job">
                {t('job')} #{group.job_id}
              </Link>
            )}
          </>
        )}
      />
    </>
  );
}
