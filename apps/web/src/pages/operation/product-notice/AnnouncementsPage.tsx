import { textFor } from '@rx/contracts/required-language';
import { useCallback, useState } from 'react';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  ANNOUNCEMENT_LIFECYCLE,
  ANNOUNCEMENT_STATES,
  ANNOUNCEMENT_TYPES,
  announcementsResource,
  type Announcement,
  type AnnouncementCreate,
} from '@rx/contracts/announcements';
import type { Language } from '@rx/contracts/languages';
import { ellipsisColumn, updatedAtColumn, enumSearch } from '@/shared/crud/index.ts';
import { LifecycleListPage, type LifecycleColumns } from '@/shared/crud/LifecycleListPage.tsx';
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

export function titleIn(title: Record<string, string>, lang: Language): string {
  return textFor(title, lang) || '';
}

/** Announcements (`operation/see/notice`): what games show their players, along the lifecycle. */
export function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const lang = useLocale((s) => s.language);
  const [previewing, setPreviewing] = useState<Announcement | null>(null);

  const columns = useCallback(
    ({ id, status, window }: LifecycleColumns<Announcement>): ColumnsType<Announcement> => [
      id,
      ellipsisColumn<Announcement>({ title: t('title'), key: 'title', width: 220 }, (notice) =>
        titleIn(notice.title, lang),
      ),
      {
        title: t('type'),
        dataIndex: 'type',
        width: 110,
        render: (v: string) => t(`types.${v}`),
      },
      status,
      { title: t('priority'), dataIndex: 'priority', width: 90, sorter: true },
      window,
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
      <LifecycleListPage<Announcement>
        resource={announcementsResource}
        lifecycle={ANNOUNCEMENT_LIFECYCLE}
        // State labels come from `common:lifecycleStates`; `announcements:states.live` overrides one:
        // a live announcement is "on display" (展示中), not merely "live" as a popup or a notice is.
        ns="announcements"
        testIdPrefix="notice"
        title={t('menu:page.announcements')}
        columns={columns}
        windowLabels={{ title: t('window'), atOnce: t('onPublish'), noEnd: t('untilEnded') }}
        actionsWidth={300}
        search={[
          enumSearch(t, 'type', t('type'), ANNOUNCEMENT_TYPES, 'types'),
          enumSearch(t, 'status', t('status'), ANNOUNCEMENT_STATES, 'states'),
          { name: 'channel', label: t('channel'), width: 140 },
        ]}
        newItem={NEW_NOTICE}
        nameOf={(notice) => titleIn(notice.title, lang)}
        form={() => <AnnouncementForm />}
        lockedNote={t('recallToEdit')}
        bulk={['end']}
        rowActions={(notice) => (
          <Button type="link" size="small" onClick={() => setPreviewing(notice)}>
            {t('preview')}
          </Button>
        )}
      />
      <NoticePreview notice={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
