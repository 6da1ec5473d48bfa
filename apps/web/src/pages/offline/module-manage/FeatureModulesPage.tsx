import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { Form, Input, InputNumber, Select, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  featureModulesResource,
  type FeatureModule,
  type FeatureModuleCreate,
} from '@rx/contracts/feature-modules';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { OfflineTitle } from '../shared/GoingOffline.tsx';

const NEW_MODULE: Partial<FeatureModuleCreate> = {
  code: '',
  name: '',
  channel: '',
  min_version: '',
  max_version: '',
  enabled: false,
  rollout_percent: 100,
  whitelist: [],
  note: '',
};

/** The fields of one module row. */
function FeatureModuleForm({ editing }: { editing: boolean }) {
  const { t } = useTranslation('featureModules');
  return (
    <>
      <Form.Item name="code" htmlFor="module-code" label={t('code')} required extra={t('codeHint')}>
        <Input id="module-code" maxLength={64} spellCheck={false} disabled={editing} />
      </Form.Item>
      <Form.Item name="name" htmlFor="module-name" label={t('name')} required>
        <Input id="module-name" maxLength={64} />
      </Form.Item>
      <Form.Item name="channel" htmlFor="module-channel" label={t('channel')} extra={t('channelHint')}>
        <Input id="module-channel" maxLength={64} spellCheck={false} />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name="min_version" htmlFor="module-min" label={t('minVersion')}>
          <Input id="module-min" maxLength={32} placeholder="1.0" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="max_version" htmlFor="module-max" label={t('maxVersion')}>
          <Input id="module-max" maxLength={32} placeholder="9.9" style={{ width: 140 }} />
        </Form.Item>
      </Space>
      <crud.SwitchField name="enabled" id="module-enabled" label={t('enabled')} />
      <Form.Item
        name="rollout_percent"
        htmlFor="module-rollout"
        label={t('rollout')}
        extra={t('rolloutHint')}
      >
        <InputNumber id="module-rollout" min={0} max={100} precision={0} suffix="%" style={{ width: 140 }} />
      </Form.Item>
      <Form.Item
        name="whitelist"
        htmlFor="module-whitelist"
        label={t('whitelist')}
        extra={t('whitelistHint')}
      >
        <Select id="module-whitelist" mode="tags" tokenSeparators={[',', ' ', '\n']} open={false} />
      </Form.Item>
      <Form.Item name="note" htmlFor="module-note" label={t('note')}>
        <Input.TextArea id="module-note" maxLength={200} rows={2} />
      </Form.Item>
    </>
  );
}

/**
 * Module management (`offline/see/module`): a game's feature modules per channel and version range,
 * on or off, with a rollout percentage and a whitelist; games read them through
 * `GET /api/game/v1/modules`.
 */
export function FeatureModulesPage() {
  const { t } = useTranslation('featureModules');
  const columns = useMemo<ColumnsType<FeatureModule>>(
    () => [
      { title: t('code'), dataIndex: 'code', width: 150, sorter: true },
      { title: t('name'), dataIndex: 'name', width: 150, ellipsis: true },
      {
        title: t('channel'),
        dataIndex: 'channel',
        width: 120,
        sorter: true,
        render: (channel: string) => channel || <Tag>{t('allChannels')}</Tag>,
      },
      {
        title: t('versions'),
        key: 'versions',
        width: 140,
        render: (_, row) =>
          row.min_version || row.max_version
            ? `${row.min_version || '…'} – ${row.max_version || '…'}`
            : t('anyVersion'),
      },
      crud.enabledColumn<FeatureModule>(t, t('enabled'), 100),
      {
        title: t('rollout'),
        dataIndex: 'rollout_percent',
        width: 100,
        sorter: true,
        render: (percent: number) => `${percent}%`,
      },
      {
        title: t('whitelist'),
        dataIndex: 'whitelist',
        width: 120,
        render: (list: string[]) =>
          list.length ? (
            <Tooltip title={list.slice(0, 20).join(', ')}>
              <span>{t('whitelistCount', { count: list.length })}</span>
            </Tooltip>
          ) : (
            '—'
          ),
      },
      crud.updatedAtColumn<FeatureModule>(t),
    ],
    [t],
  );

  return (
    <ResourceListPage<FeatureModule>
      resource={featureModulesResource}
      title={<OfflineTitle title={t('menu:page.moduleManage')} />}
      columns={columns}
      defaultSort={null}
      search={[{ name: 'channel', label: t('channel'), width: 140 }, crud.enabledSearch(t)]}
      newFields={NEW_MODULE}
      nameOf={(row) => (row.channel ? `${row.code} (${row.channel})` : row.code)}
      form={(editing) => <FeatureModuleForm editing={editing !== 'new'} />}
    />
  );
}
