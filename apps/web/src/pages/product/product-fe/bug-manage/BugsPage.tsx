import { useMemo, useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BUG_PRIORITIES,
  BUG_SEVERITIES,
  BUG_STATUSES,
  bugActionsOf,
  bugsResource,
  type Bug,
  type BugAction,
  type BugCreate,
  type BugPriority,
  type BugSeverity,
} from '@rx/contracts/bugs';
import { usePermission } from '@/app/permission/index.ts';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { BugDrawer } from './BugDrawer.tsx';
import { BugForm } from './BugForm.tsx';
import { PRIORITY_COLORS, SEVERITY_COLORS, STATUS_COLORS } from './BugTags.tsx';
import { MoveBugModal } from './MoveBugModal.tsx';

const NEW_BUG: Partial<BugCreate> = {
  title: '',
  severity: 'major',
};

/** The fields the edit form holds (the row says more: status, names, times). */
const editValues = (bug: Bug) => ({
  title: bug.title,
  severity: bug.severity,
  priority: bug.priority,
  steps: bug.steps,
  assignee_id: bug.assignee_id,
  found_release_id: bug.found_release_id,
  fixed_release_id: bug.fixed_release_id,
  attachments: bug.attachments,
  version: bug.version,
});

/** Bugs (`test/see/bug`): severity, priority, assignee, versions; active → resolved → closed, reopen counted. */
export function BugsPage() {
  const { t } = useTranslation('bugs');
  const canEdit = usePermission([bugsResource.permissions.edit]);
  const [search, setSearch] = useSearchParams();
  // The bell links to `?bug=<id>`: the bug opens.
  const opened = Number(search.get('bug')) || null;
  const open = (id: number | null) => {
    const next = new URLSearchParams(search);
    if (id) next.set('bug', String(id));
    else next.delete('bug');
    setSearch(next, { replace: true });
  };
  const [move, setMove] = useState<{ action: BugAction; bug: Bug } | null>(null);
  const columns = useMemo<ColumnsType<Bug>>(
    () => [
      { title: t('id'), dataIndex: 'id', width: 80, sorter: true, render: (id: number) => `#${id}` },
      {
        title: t('title'),
        dataIndex: 'title',
        width: 240,
        ellipsis: true,
        render: (title: string, row) => (
          <Typography.Link onClick={() => open(row.id)}>{title}</Typography.Link>
        ),
      },
      {
        title: t('status'),
        dataIndex: 'status',
        width: 170,
        sorter: true,
        render: (_, row) => (
          <Tag color={STATUS_COLORS[row.status]} data-testid={`bug-status-${row.id}`}>
            {t(`statuses.${row.status}`)}
            {row.resolution ? ` · ${t(`resolutions.${row.resolution}`)}` : ''}
          </Tag>
        ),
      },
      {
        title: t('severity'),
        dataIndex: 'severity',
        width: 100,
        sorter: true,
        render: (s: BugSeverity) => <Tag color={SEVERITY_COLORS[s]}>{t(`severities.${s}`)}</Tag>,
      },
      {
        title: t('priority'),
        dataIndex: 'priority',
        width: 100,
        sorter: true,
        render: (p: BugPriority) => <Tag color={PRIORITY_COLORS[p]}>{t(`priorities.${p}`)}</Tag>,
      },
      { title: t('assignee'), dataIndex: 'assignee', width: 120, render: (a: string) => a || '—' },
      {
        title: t('foundVersion'),
        key: 'found',
        width: 200,
        ellipsis: true,
        render: (_, row) => row.found_version?.name ?? '—',
      },
      { title: t('reopenCount'), dataIndex: 'reopen_count', width: 100, sorter: true },
      crud.updatedAtColumn<Bug>(t),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `open` reads the address when clicked
    [t],
  );
  return (
    <>
      <ResourceListPage<Bug>
        resource={bugsResource}
        title={t('menu:page.bugManage')}
        columns={columns}
        actionsWidth={240}
        search={[
          crud.enumSearch(t, 'status', t('status'), BUG_STATUSES, 'statuses'),
          crud.enumSearch(t, 'severity', t('severity'), BUG_SEVERITIES, 'severities'),
          crud.enumSearch(t, 'priority', t('priority'), BUG_PRIORITIES, 'priorities'),
        ]}
        newFields={NEW_BUG}
        editValues={editValues}
        nameOf={(row) => `#${row.id} ${row.title}`}
        form={() => <BugForm />}
        rowActions={(row) => (
          <Space size={0} wrap>
            {canEdit &&
              bugActionsOf(row.status).map((action) => (
                <Button
                  key={action}
                  type="link"
                  size="small"
                  onClick={() => setMove({ action, bug: row })}
                  aria-label={t(`actionOf.${action}`, { id: row.id })}
                >
                  {t(`actions.${action}`)}
                </Button>
              ))}
            <Button
              type="link"
              size="small"
              onClick={() => open(row.id)}
              aria-label={t('openOf', { id: row.id })}
            >
              {t('open')}
            </Button>
          </Space>
        )}
      />
      <MoveBugModal move={move} onClose={() => setMove(null)} />
      <BugDrawer id={opened} canEdit={canEdit} onClose={() => open(null)} />
    </>
  );
}
