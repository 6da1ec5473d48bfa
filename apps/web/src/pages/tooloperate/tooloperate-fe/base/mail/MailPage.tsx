import { textFor } from '@rx/contracts/required-language';
import { useCallback, useState } from 'react';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Language } from '@rx/contracts/languages';
import {
  MAIL_LIFECYCLE,
  MAIL_STATES,
  MAIL_TARGETS,
  mailsResource,
  type Mail,
  type MailCreate,
} from '@rx/contracts/mails';
import { ellipsisColumn, updatedAtColumn, enumSearch } from '@/shared/crud/index.ts';
import { LifecycleListPage, type LifecycleColumns } from '@/shared/crud/LifecycleListPage.tsx';
import { useResourceMutations } from '@/shared/crud/resource.ts';
import type { Opening } from '@/shared/crud/ResourceListPage.tsx';
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

/** Mail's own statuses beyond the lifecycle state's colour. */
const COLORS: Record<string, string> = { sending: 'processing', partly_failed: 'orange' };

export function titleIn(title: Record<string, string>, lang: Language): string {
  return textFor(title, lang) || '';
}

/**
 * System mail (`mail/see/mail`): the list with its states, the compose drawer, send / cancel /
 * recall, and per-mail counts with the recipients. `compose` (the `-new` page, which the product
 * spec names beside the list) is the same list under its own title: arriving on it never opens the
 * compose drawer by itself (issue 27), staff open it with "New" as on the list.
 */
export function MailPage({ compose = false }: { compose?: boolean }) {
  const { t } = useTranslation('mail');
  const lang = useLocale((s) => s.language);
  const { refresh } = useResourceMutations(mailsResource.name);
  const opening = useState<Opening<Mail>>({ editing: null });
  const [watching, setWatching] = useState<Mail | null>(null);

  const columns = useCallback(
    ({ id, status, window }: LifecycleColumns<Mail>): ColumnsType<Mail> => [
      id,
      ellipsisColumn<Mail>({ title: t('title'), key: 'title', width: 200 }, (mail) =>
        titleIn(mail.title, lang),
      ),
      status,
      { title: t('target'), dataIndex: 'target', width: 120, render: (v: string) => t(`targets.${v}`) },
      { title: t('recipients'), dataIndex: 'recipients', width: 100 },
      {
        title: t('attachments'),
        key: 'attachments',
        width: 100,
        render: (_, mail) => mail.attachments.length,
      },
      window,
      updatedAtColumn<Mail>(t),
    ],
    [t, lang],
  );

  return (
    <>
      <LifecycleListPage<Mail>
        resource={mailsResource}
        lifecycle={MAIL_LIFECYCLE}
        ns="mail"
        testIdPrefix="mail"
        colors={COLORS}
        title={t(compose ? 'menu:page.mailNew' : 'menu:page.mail')}
        columns={columns}
        windowLabels={{ title: `${t('sendAt')} → ${t('expireAt')}`, atOnce: t('onSend'), noEnd: t('never') }}
        actionsWidth={260}
        opening={opening}
        search={[
          enumSearch(t, 'status', t('status'), MAIL_STATES, 'states'),
          enumSearch(t, 'target', t('target'), MAIL_TARGETS, 'targets'),
        ]}
        newItem={NEW_MAIL}
        nameOf={(mail) => titleIn(mail.title, lang)}
        form={() => <MailForm />}
        lockedNote={t('draftOnly')}
        bulk={['recall']}
        rowActions={(mail) =>
          mail.status !== 'draft' && (
            <Button type="link" size="small" onClick={() => setWatching(mail)} data-testid="mail-stats-open">
              {t('statsOpen')}
            </Button>
          )
        }
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
