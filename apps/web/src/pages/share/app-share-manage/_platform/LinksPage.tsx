import { useMemo } from 'react';
import { Form, Input, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { SHARE_LINK_PREFIX, SHARE_SCENES, shareLinksResource } from '@rx/contracts/share';
import type { ShareLink, ShareLinkCreate } from '@rx/contracts/share';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { DetailLink, usePlatformPage } from './platform.tsx';
import { sceneSearch } from './share-words.tsx';

const NEW_LINK: Partial<ShareLinkCreate> = {
  name: '',
  target_url: 'https://',
};

/**
 * A platform's tracked short links (`share/see/<platform>_link` or `_link_hw`): `/s/<code>` counts
 * clicks and redirects; registers reported by the game are attributed to the sharer.
 */
export function LinksPage() {
  const { t } = useTranslation('share');
  const platform = usePlatformPage();
  const columns = useMemo<ColumnsType<ShareLink>>(
    () => [
      { title: t('name'), dataIndex: 'name', width: 180, sorter: true },
      {
        title: t('links.short'),
        dataIndex: 'code',
        width: 170,
        render: (code: string) => (
          <Typography.Text copyable={{ text: `${window.location.origin}${SHARE_LINK_PREFIX}${code}` }}>
            {`${SHARE_LINK_PREFIX}${code}`}
          </Typography.Text>
        ),
      },
      crud.enumColumn<ShareLink>(t, { title: t('scene'), dataIndex: 'scene', width: 110 }, 'scenes'),
      { title: t('links.campaign'), dataIndex: 'campaign', width: 120 },
      { title: t('links.clicks'), dataIndex: 'clicks', width: 90, sorter: true },
      { title: t('links.registers'), dataIndex: 'registers', width: 90, sorter: true },
      crud.statusColumn<ShareLink>(t),
      crud.updatedAtColumn<ShareLink>(t),
    ],
    [t],
  );
  return (
    <ResourceListPage<ShareLink>
      resource={shareLinksResource}
      query={platform.query}
      title={`${t(`menu:${platform.titleKey}`)} · ${t(platform.kind === 'linkhw-manage' ? 'menu:page.shareLinksHw' : 'menu:page.shareLinks')}`}
      columns={columns}
      search={[sceneSearch(t), crud.statusSearch(t)]}
      rowActions={(row) => <DetailLink kind={platform.kind} id={row.id} testId="share-link-detail" />}
      newFields={NEW_LINK}
      nameOf={(row) => row.name}
      formTitle={{ create: t('links.createTitle'), edit: t('links.editTitle') }}
      form={() => (
        <>
          <Form.Item name="name" label={t('name')} required>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="target_url" label={t('links.target')} required extra={t('links.targetHint')}>
            <Input maxLength={1000} inputMode="url" />
          </Form.Item>
          <Form.Item name="deep_link" label={t('links.deepLink')} extra={t('links.deepLinkHint')}>
            <Input maxLength={1000} />
          </Form.Item>
          <Form.Item name="fallback_url" label={t('links.fallback')} extra={t('links.fallbackHint')}>
            <Input maxLength={1000} inputMode="url" />
          </Form.Item>
          <Form.Item name="scene" label={t('scene')} required>
            <Select options={crud.enumOptions(t, SHARE_SCENES, 'scenes')} />
          </Form.Item>
          <Form.Item name="channel" label={t('links.channel')}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="campaign" label={t('links.campaign')}>
            <Input maxLength={64} />
          </Form.Item>
          <crud.StatusField />
        </>
      )}
    />
  );
}
