import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { Form, Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CS_BLACKLIST_STATES,
  csBlacklistResource,
  type CsBlacklistCreate,
  type CsBlacklistEntry,
} from '@rx/contracts/cs-blacklist';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { TimeField } from '@/shared/crud/TimeField.tsx';

const NEW_ENTRY: Partial<CsBlacklistCreate> = {
  openid: '',
  reason: '',
  expires_at: null,
};

/** The fields of an entry: the player (fixed once listed), why, until when. */
function BlacklistForm({ editing }: { editing: boolean }) {
  const { t } = useTranslation('csBlacklist');
  return (
    <>
      {/* An id of its own: the search form above has a field of the same name. */}
      <Form.Item name="openid" htmlFor="cs-blacklist-openid" label={t('openid')} required>
        <Input id="cs-blacklist-openid" maxLength={128} disabled={editing} />
      </Form.Item>
      <Form.Item name="reason" label={t('reason')}>
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
      <TimeField name="expires_at" label={t('expiresAt')} extra={t('expiresHint')} />
    </>
  );
}

/** Service blacklist (`service/see/blacklist`): while an entry is active the player cannot open a conversation. */
export function BlacklistPage() {
  const { t } = useTranslation('csBlacklist');
  const columns = useMemo<ColumnsType<CsBlacklistEntry>>(
    () => [
      { title: 'ID', dataIndex: 'id', width: 70, sorter: true },
      { title: t('openid'), dataIndex: 'openid', width: 200, sorter: true, ellipsis: true },
      { title: t('reason'), dataIndex: 'reason', width: 220, ellipsis: true },
      {
        title: t('expiresAt'),
        dataIndex: 'expires_at',
        width: 180,
        sorter: true,
        render: (at: string | null) => (at ? new Date(at).toLocaleString() : t('forever')),
      },
      {
        title: t('state'),
        dataIndex: 'active',
        width: 100,
        render: (active: boolean) => (
          <Tag color={active ? 'red' : 'default'}>{t(`states.${active ? 'active' : 'expired'}`)}</Tag>
        ),
      },
      crud.updatedAtColumn<CsBlacklistEntry>(t),
    ],
    [t],
  );

  return (
    <ResourceListPage<CsBlacklistEntry>
      resource={csBlacklistResource}
      title={
        <>
          {t('menu:page.blacklist')}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13, fontWeight: 'normal' }}>
            {t('hint')}
          </Typography.Text>
        </>
      }
      columns={columns}
      actionsWidth={120}
      search={[crud.enumSearch(t, 'state', t('state'), CS_BLACKLIST_STATES, 'states')]}
      newFields={NEW_ENTRY}
      nameOf={(entry) => entry.openid}
      form={(editing) => <BlacklistForm editing={editing !== 'new'} />}
    />
  );
}
