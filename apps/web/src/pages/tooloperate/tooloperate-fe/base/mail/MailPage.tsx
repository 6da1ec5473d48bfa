import { useMemo, useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Language } from '@rx/contracts/languages';
import {
  MAIL_STATES,
  MAIL_TARGETS,
  mailsResource,
  type Mail,
  type MailAction,
  type MailCreate,
} from '@rx/contracts/mails';
import { usePermission } from '@/app/permission/index.ts';
import { updatedAtColumn, enumSearch } from '@/shared/crud/index.ts';
import { LifecycleActions, lifecycleBulk } from '@/shared/crud/LifecycleActions.tsx';
import { useResourceMutations } from '@/shared/crud/resource.ts';
import { ResourceListPage, type Opening } from '@/shared/crud/ResourceListPage.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { useLocale } from '@/shared/i18n.ts';
import { MailForm } from './MailForm.tsx';
import { MailStatsDrawer } from './MailStats.tsx';

const EMPTY = { zh: '', en: '', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' };
const NEW_MAIL: MailCreate = {
  title: { ...EMPTY },
  body: { ...EMPTY },
  sender: '',
  attachments: [],
  target: 'all',
  servers: [],
  user_group_ids: [],
  file_id: null,
  send_at: null,
  expire_at: null,
};

const STATE_COLORS: Record<string, string> = {
  draft: 'default',
  pending_approval: 'gold',
  scheduled: 'blue',
  sending: 'processing',
  sent: 'green',
  partly_failed: 'orange',
  recalled: 'default',
  expired: 'default',
};

/** The actions each state offers (the server checks them again). */
const ACTIONS: Record<string, MailAction[]> = {
  draft: ['send'],
  pending_approval: ['cancel'],
  scheduled: ['cancel'],
  sending: ['recall'],
  sent: ['recall'],
  partly_failed: ['recall'],
  recalled: [],
  expired: [],
};

export function titleIn(title: Record<string, string>, lang: Language): string {
  return title[lang] || title.zh || '';
}

/**
 * System mail (`mail/see/mail`): the list with its states, the compose drawer, send / cancel /
 * recall, and per-mail counts with the recipients. `compose` (the `-new` page) opens the compose
 * drawer on arrival.
 */
export function MailPage({ compose = false }: { compose?: boolean }) {
  const { t } = useTranslation('mail');
  const lang = useLocale((s) => s.language);
  const { refresh } = useResourceMutations(mailsResource.name);
  const maySend = usePermission([mailsResource.permissions.approve]);
  const opening = useState<Opening<Mail>>({ editing: compose ? 'new' : null });
  const [watching, setWatching] = useState<Mail | null>(null);

  const columns = useMemo<ColumnsType<Mail>>(
    () => [
      { title: 'ID', dataIndex: 'id', width: 70, sorter: true },
      {
        title: t('title'),
        key: 'title',
        width: 200,
        render: (_, mail) => (
          <Typography.Text ellipsis={{ tooltip: titleIn(mail.title, lang) }} style={{ maxWidth: 180 }}>
            {titleIn(mail.title, lang)}
          </Typography.Text>
        ),
      },
      {
        title: t('status'),
        dataIndex: 'status',
        width: 120,
        sorter: true,
        render: (v: string) => (
          <Tag color={STATE_COLORS[v]} data-testid="mail-status">
            {t(`states.${v}`)}
          </Tag>
        ),
      },
      { title: t('target'), dataIndex: 'target', width: 120, render: (v: string) => t(`targets.${v}`) },
      { title: t('recipients'), dataIndex: 'recipients', width: 100 },
      {
        title: t('attachments'),
        key: 'attachments',
        width: 100,
        render: (_, mail) => mail.attachments.length,
      },
      {
        title: t('sendAt'),
        key: 'send_at',
        width: 170,
        sorter: true,
        render: (_, m) => (m.send_at ? formatDateTime(m.send_at) : t('onSend')),
      },
      {
        title: t('expireAt'),
        key: 'expire_at',
        width: 170,
        sorter: true,
        render: (_, m) => (m.expire_at ? formatDateTime(m.expire_at) : t('never')),
      },
      updatedAtColumn<Mail>(t),
    ],
    [t, lang],
  );

  return (
    <>
      <ResourceListPage<Mail>
        resource={mailsResource}
        title={t(compose ? 'menu:page.mailNew' : 'menu:page.mail')}
        columns={columns}
        defaultSort="-id"
        sortFields={{ send_at: 'send_at', expire_at: 'expire_at' }}
        drawerWidth={760}
        actionsWidth={260}
        opening={opening}
        search={[
          { name: 'q', label: t('crud:field.keyword') },
          enumSearch(t, 'status', t('status'), MAIL_STATES, 'states'),
          enumSearch(t, 'target', t('target'), MAIL_TARGETS, 'targets'),
        ]}
        newItem={NEW_MAIL}
        nameOf={(mail) => titleIn(mail.title, lang)}
        formTitle={{ create: t('createTitle'), edit: t('editTitle') }}
        form={() => <MailForm />}
        rowRule={(mail) =>
          mail.status === 'draft' ? {} : { edit: false, delete: false, note: t('draftOnly') }
        }
        bulkActions={
          maySend
            ? [
                lifecycleBulk<Mail>(mailsResource.name, 'recall', {
                  label: t('bulk.recall'),
                  confirm: (count) => t('bulk.recallConfirm', { count }),
                  applies: (mail) => ACTIONS[mail.status]!.includes('recall'),
                  danger: true,
                }),
              ]
            : undefined
        }
        rowActions={(mail) => (
          <Space size={0} wrap>
            {mail.status !== 'draft' && (
              <Button
                type="link"
                size="small"
                onClick={() => setWatching(mail)}
                data-testid="mail-stats-open"
              >
                {t('statsOpen')}
              </Button>
            )}
            {maySend && (
              <LifecycleActions
                resource={mailsResource.name}
                row={mail}
                actions={ACTIONS[mail.status]!}
                ns="mail"
                name={titleIn(mail.title, lang)}
                danger={['recall']}
                testIdPrefix="mail"
              />
            )}
          </Space>
        )}
      />
      <MailStatsDrawer
        mail={watching}
        title={watching ? titleIn(watching.title, lang) : ''}
        onClose={() => {
          setWatching(null);
          void refresh();
        }}
      />
    </>
  );
}
