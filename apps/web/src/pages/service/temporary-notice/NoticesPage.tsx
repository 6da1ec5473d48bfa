import { useCallback } from 'react';
import { Form, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  CS_NOTICE_LIFECYCLE,
  CS_NOTICE_STATES,
  csNoticesResource,
  type CsNotice,
  type CsNoticeCreate,
} from '@rx/contracts/cs-panel';
import { LANGUAGES, LANGUAGE_NAMES } from '@rx/contracts/languages';
import { textFor } from '@rx/contracts/required-language';
import { MultilangInput, ellipsisColumn, enumSearch, updatedAtColumn } from '@/shared/crud/index.ts';
import { LifecycleListPage, type LifecycleColumns } from '@/shared/crud/LifecycleListPage.tsx';
import { TimeField } from '@/shared/crud/TimeField.tsx';
import { useLocale } from '@/shared/i18n.ts';

const NEW_NOTICE: CsNoticeCreate = {
  text: { zh: '', en: '', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' },
  start_at: null,
  end_at: '',
};

/** What a notice says (in the languages whose players see it) and when. */
function NoticeForm() {
  const { t } = useTranslation('csPanel');
  return (
    <>
      <Form.Item name="text" label={t('notice.text')} extra={t('notice.textHint')} required>
        <MultilangInput multiline maxLength={300} optional />
      </Form.Item>
      <Space wrap>
        <TimeField name="start_at" label={t('notice.startAt')} extra={t('notice.startHint')} utc />
        <TimeField name="end_at" label={t('notice.endAt')} required utc />
      </Space>
    </>
  );
}

/** Temporary notice (`service/see/temporary_notice`): a banner in the player's service panel for a while. */
export function NoticesPage() {
  const { t } = useTranslation('csPanel');
  const lang = useLocale((s) => s.language);
  const textOf = useCallback((notice: CsNotice) => textFor(notice.text, lang) || '', [lang]);
  const columns = useCallback(
    ({ id, status, window }: LifecycleColumns<CsNotice>): ColumnsType<CsNotice> => [
      id,
      ellipsisColumn<CsNotice>({ title: t('notice.text'), key: 'text', width: 280 }, textOf),
      {
        title: t('notice.languages'),
        dataIndex: 'languages',
        width: 200,
        render: (langs: CsNotice['languages']) =>
          langs.map((l) => (
            <Tag key={l} style={{ marginBlockEnd: 2 }}>
              {LANGUAGE_NAMES[l]}
            </Tag>
          )),
      },
      status,
      window,
      updatedAtColumn<CsNotice>(t),
    ],
    [t, textOf],
  );
  return (
    <LifecycleListPage<CsNotice>
      resource={csNoticesResource}
      lifecycle={CS_NOTICE_LIFECYCLE}
      ns="csPanel"
      testIdPrefix="cs-notice"
      title={
        <>
          {t('menu:page.temporaryNotice')}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13, fontWeight: 'normal' }}>
            {t('notice.hint')}
          </Typography.Text>
        </>
      }
      columns={columns}
      windowLabels={{ title: t('notice.window'), atOnce: t('notice.onPublish'), noEnd: '' }}
      drawerWidth={640}
      actionsWidth={260}
      search={[
        enumSearch(t, 'status', t('crud:field.status'), CS_NOTICE_STATES, 'states'),
        {
          name: 'lang',
          label: t('common:language'),
          kind: 'select',
          options: LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] })),
        },
      ]}
      newItem={NEW_NOTICE}
      nameOf={textOf}
      formTitle={{ create: t('notice.createTitle'), edit: t('notice.editTitle') }}
      form={() => <NoticeForm />}
      lockedNote={t('notice.recallToEdit')}
      bulk={['end']}
    />
  );
}
