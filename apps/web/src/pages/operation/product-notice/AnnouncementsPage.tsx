import { useMemo, useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  ANNOUNCEMENT_STATES,
  ANNOUNCEMENT_TYPES,
  announcementsResource,
  type Announcement,
  type AnnouncementAction,
  type AnnouncementCreate,
} from '@rx/contracts/announcements';
import type { Language } from '@rx/contracts/languages';
import { usePermission } from '@/app/permission/index.ts';
import { updatedAtColumn, enumSearch } from '@/shared/crud/index.ts';
import { LifecycleActions, lifecycleBulk } from '@/shared/crud/LifecycleActions.tsx';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { useLocale } from '@/shared/i18n.ts';
import { AnnouncementForm } from './AnnouncementForm.tsx';
import { NoticePreview } from './NoticePreview.tsx';

const NEW_NOTICE: AnnouncementCreate = {
  type: 'board',
  title: { zh: '', en: '', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' },
  body: { zh: '', en: '', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' },
  image_url: '',
  click_action: 'none',
  click_target: '',
  channels: [],
  servers: [],
  min_version: '',
  max_version: '',
  user_group_ids: [],
  start_at: null,
  end_at: null,
  priority: 0,
  show_rule: 'once',
};

const STATE_COLORS: Record<string, string> = {
  draft: 'default',
  pending_approval: 'gold',
  scheduled: 'blue',
  live: 'green',
  ended: 'default',
};

/** The lifecycle actions each state offers (the server checks them again). */
const ACTIONS: Record<string, AnnouncementAction[]> = {
  draft: ['publish', 'end'],
  pending_approval: ['recall'],
  scheduled: ['publish', 'recall', 'end'],
  live: ['recall', 'end'],
  ended: [],
};

export function titleIn(title: Record<string, string>, lang: Language): string {
  return title[lang] || title.zh || '';
}

/** Announcements (`operation/see/notice`): what games show their players, along the lifecycle. */
export function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const lang = useLocale((s) => s.language);
  const mayPublish = usePermission([announcementsResource.permissions.approve]);
  const [previewing, setPreviewing] = useState<Announcement | null>(null);

  const columns = useMemo<ColumnsType<Announcement>>(
    () => [
      { title: 'ID', dataIndex: 'id', width: 70, sorter: true },
      {
        title: t('title'),
        key: 'title',
        width: 220,
        render: (_, notice) => (
          <Typography.Text ellipsis={{ tooltip: titleIn(notice.title, lang) }} style={{ maxWidth: 200 }}>
            {titleIn(notice.title, lang)}
          </Typography.Text>
        ),
      },
      {
        title: t('type'),
        dataIndex: 'type',
        width: 110,
        render: (v: string) => t(`types.${v}`),
      },
      {
        title: t('status'),
        dataIndex: 'status',
        width: 110,
        sorter: true,
        render: (v: string) => (
          <Tag color={STATE_COLORS[v]} data-testid="notice-status">
            {t(`states.${v}`)}
          </Tag>
        ),
      },
      { title: t('priority'), dataIndex: 'priority', width: 90, sorter: true },
      {
        title: t('window'),
        key: 'start_at',
        width: 220,
        sorter: true,
        render: (_, n) => (
          <span>
            {n.start_at ? formatDateTime(n.start_at) : t('onPublish')} →{' '}
            {n.end_at ? formatDateTime(n.end_at) : t('untilEnded')}
          </span>
        ),
      },
      {
        title: t('targeting'),
        key: 'targeting',
        width: 180,
        render: (_, n) => {
          const parts = [
            n.channels.length ? t('channelCount', { count: n.channels.length }) : null,
            n.servers.length ? t('serverCount', { count: n.servers.length }) : null,
            n.min_version || n.max_version ? `${n.min_version || '…'}–${n.max_version || '…'}` : null,
            n.user_group_ids.length ? t('groupCount', { count: n.user_group_ids.length }) : null,
          ].filter(Boolean);
          return parts.length ? parts.join(' · ') : t('everyone');
        },
      },
      updatedAtColumn<Announcement>(t),
    ],
    [t, lang],
  );

  return (
    <>
      <ResourceListPage<Announcement>
        resource={announcementsResource}
        title={t('menu:page.announcements')}
        columns={columns}
        defaultSort="-id"
        sortFields={{ start_at: 'start_at' }}
        drawerWidth={760}
        actionsWidth={300}
        search={[
          { name: 'q', label: t('crud:field.keyword') },
          enumSearch(t, 'type', t('type'), ANNOUNCEMENT_TYPES, 'types'),
          enumSearch(t, 'status', t('status'), ANNOUNCEMENT_STATES, 'states'),
          { name: 'channel', label: t('channel'), width: 140 },
        ]}
        newItem={NEW_NOTICE}
        nameOf={(notice) => titleIn(notice.title, lang)}
        formTitle={{ create: t('createTitle'), edit: t('editTitle') }}
        form={() => <AnnouncementForm />}
        rowRule={(notice) =>
          notice.status === 'draft' ? {} : { edit: false, delete: false, note: t('recallToEdit') }
        }
        bulkActions={
          mayPublish
            ? [
                lifecycleBulk<Announcement>(announcementsResource.name, 'end', {
                  label: t('bulk.end'),
                  confirm: (count) => t('bulk.endConfirm', { count }),
                  applies: (notice) => ACTIONS[notice.status]!.includes('end'),
                  danger: true,
                }),
              ]
            : undefined
        }
        rowActions={(notice) => (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setPreviewing(notice)}>
              {t('preview')}
            </Button>
            {mayPublish && (
              <LifecycleActions
                resource={announcementsResource.name}
                row={notice}
                actions={ACTIONS[notice.status]!}
                ns="announcements"
                name={titleIn(notice.title, lang)}
                danger={['end']}
                testIdPrefix="notice"
              />
            )}
          </Space>
        )}
      />
      <NoticePreview notice={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
