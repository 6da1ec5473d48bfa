import { useMemo } from 'react';
import { Checkbox, Form, Input, Select, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { SHARE_PLATFORMS, sharePlatformOf, type SharePlatform } from '@rx/contracts/dimensions';
import { MAX_SHARE_LINK_DOMAINS, sharePlatformsResource } from '@rx/contracts/share';
import type { SharePlatformCreate, SharePlatformSetup } from '@rx/contracts/share';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { ratioText } from '../../share/app-share-manage/_platform/platform.tsx';

const NEW_SETUP: Partial<SharePlatformCreate> = {
  platform: 'wechat',
};
const PLATFORMS = SHARE_PLATFORMS as readonly SharePlatform[];
const nameOf = (row: SharePlatformSetup) => row.platform;

/**
 * The share platforms page (`/basic/share-platform`): per game and platform of the registry, whether
 * it is on, the SDK's app id and secret (sealed on the server: the page only says whether one is
 * set), the universal-link / app-link domains, and the platform's constraints from the registry.
 */
export function SharePlatformsPage() {
  const { t } = useTranslation('share');
  const platformName = (code: string) => {
    const platform = sharePlatformOf(code);
    return platform ? t(`menu:${platform.titleKey}`) : code;
  };
  const options = PLATFORMS.map((p) => ({ value: p.code, label: t(`menu:${p.titleKey}`) }));
  const columns = useMemo<ColumnsType<SharePlatformSetup>>(
    () => [
      {
        title: t('platforms.platform'),
        dataIndex: 'platform',
        width: 150,
        sorter: true,
        render: (code: string) => {
          const platform = sharePlatformOf(code);
          return (
            <>
              {platform ? t(`menu:${platform.titleKey}`) : code}{' '}
              {platform && <Tag>{t(`platforms.regions.${platform.region}`)}</Tag>}
            </>
          );
        },
      },
      crud.enabledColumn<SharePlatformSetup>(t, t('platforms.enabled'), 100),
      { title: t('platforms.appId'), dataIndex: 'app_id', width: 180, ellipsis: true },
      {
        title: t('platforms.appSecret'),
        dataIndex: 'app_secret_set',
        width: 110,
        render: (set: boolean) => (
          <Tag color={set ? 'success' : 'default'}>
            {t(set ? 'platforms.secretSet' : 'platforms.secretNone')}
          </Tag>
        ),
      },
      crud.tagsColumn<SharePlatformSetup>(t('platforms.linkDomains'), 'link_domains', 220),
      {
        title: t('platforms.rules'),
        key: 'rules',
        width: 240,
        render: (_, row) => {
          const c = sharePlatformOf(row.platform)?.constraints;
          return c ? (
            <Typography.Text type="secondary">
              {t('platforms.rulesText', {
                ratio: ratioText(c.image.ratio),
                width: c.image.minWidth,
                height: c.image.minHeight,
                title: c.titleMax,
              })}
            </Typography.Text>
          ) : null;
        },
      },
      crud.updatedAtColumn<SharePlatformSetup>(t),
    ],
    [t],
  );
  return (
    <ResourceListPage<SharePlatformSetup>
      resource={sharePlatformsResource}
      title={t('menu:page.shareChannels')}
      columns={columns}
      defaultSort="platform"
      search={[{ name: 'platform', label: t('platforms.platform'), kind: 'select', options }]}
      newFields={NEW_SETUP}
      nameOf={(row) => platformName(nameOf(row))}
      editValues={(row) => ({ ...row, app_secret: '', clear_app_secret: false })}
      formTitle={{ create: t('platforms.createTitle'), edit: t('platforms.editTitle') }}
      form={(editing) => (
        <>
          <Form.Item name="platform" label={t('platforms.platform')} required>
            <Select options={options} disabled={editing !== 'new'} showSearch optionFilterProp="label" />
          </Form.Item>
          <Form.Item name="enabled" label={t('platforms.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="app_id" label={t('platforms.appId')} extra={t('platforms.appIdHint')}>
            <Input maxLength={128} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="app_secret"
            label={t('platforms.appSecret')}
            extra={
              editing !== 'new' && editing.app_secret_set
                ? t('platforms.secretKeep')
                : t('platforms.secretHint')
            }
          >
            <Input.Password maxLength={512} autoComplete="new-password" />
          </Form.Item>
          {editing !== 'new' && editing.app_secret_set && (
            <Form.Item name="clear_app_secret" valuePropName="checked">
              <Checkbox>{t('platforms.clearSecret')}</Checkbox>
            </Form.Item>
          )}
          <Form.Item
            name="link_domains"
            label={t('platforms.linkDomains')}
            extra={t('platforms.linkDomainsHint', { max: MAX_SHARE_LINK_DOMAINS })}
          >
            <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ']} />
          </Form.Item>
          <Form.Item name="remark" label={t('platforms.remark')}>
            <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </>
      )}
    />
  );
}
