import { useMemo } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_PLATFORMS } from '@rx/contracts/releases';
import {
  PACKAGE_STATUSES,
  appPackagesResource,
  type AppPackage,
  type PackageCreate,
  type PackageStatus,
} from '@rx/contracts/app-packages';
import { megabytes } from '@rx/contracts/files';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { formatNumber } from '@/shared/format.ts';
import { PackageForm } from './PackageForm.tsx';

const NEW_PACKAGE: Partial<PackageCreate> = {
  platform: 'android',
  channel: '',
  sub_channel: '',
  version_name: '',
  version_code: 1,
  file_id: '',
};

export const STATUS_COLORS: Record<PackageStatus, string> = {
  testing: 'processing',
  released: 'success',
  deprecated: 'default',
};

/** Installation packages (`package/see/package`): uploaded builds per platform, channel and sub-channel. */
export function PackagesPage() {
  const { t } = useTranslation('appPackages');
  const columns = useMemo<ColumnsType<AppPackage>>(
    () => [
      crud.enumColumn<AppPackage>(
        t,
        { title: t('platform'), dataIndex: 'platform', width: 100, sorter: true },
        'platforms',
      ),
      {
        title: t('channel'),
        dataIndex: 'channel',
        width: 140,
        sorter: true,
        render: (channel: string, row) =>
          `${channel || t('allChannels')}${row.sub_channel ? ` / ${row.sub_channel}` : ''}`,
      },
      {
        title: t('versionName'),
        key: 'version_code',
        width: 140,
        sorter: true,
        render: (_, row) => `${row.version_name} (${row.version_code})`,
      },
      {
        title: t('file'),
        dataIndex: 'file_name',
        width: 200,
        ellipsis: true,
        render: (name: string, row) => (
          <a href={row.url} download={name} target="_blank" rel="noreferrer">
            {name}
          </a>
        ),
      },
      {
        title: t('size'),
        dataIndex: 'file_size',
        width: 110,
        sorter: true,
        render: (size: number) => `${formatNumber(megabytes(size))} MB`,
      },
      {
        title: t('sha256'),
        dataIndex: 'sha256',
        width: 150,
        render: (sha: string) => (
          <Typography.Text code copyable={{ text: sha }} title={sha}>
            {sha.slice(0, 12)}
          </Typography.Text>
        ),
      },
      {
        title: t('status'),
        dataIndex: 'status',
        width: 110,
        sorter: true,
        render: (status: PackageStatus) => <Tag color={STATUS_COLORS[status]}>{t(`statuses.${status}`)}</Tag>,
      },
      crud.updatedAtColumn<AppPackage>(t),
    ],
    [t],
  );

  return (
    <ResourceListPage<AppPackage>
      resource={appPackagesResource}
      title={t('menu:page.packages')}
      columns={columns}
      defaultSort="-version_code"
      search={[
        crud.enumSearch(t, 'platform', t('platform'), APP_PLATFORMS, 'platforms'),
        { name: 'channel', label: t('channel'), width: 120 },
        crud.enumSearch(t, 'status', t('status'), PACKAGE_STATUSES, 'statuses'),
      ]}
      newFields={NEW_PACKAGE}
      nameOf={(row) => `${row.file_name} · ${row.version_name} (${row.version_code})`}
      form={(editing) => <PackageForm editing={editing !== 'new'} />}
      rowRule={(row) => ({ delete: row.status === 'testing' })}
      rowActions={(row) => (
        <Link
          to={`/product/product-fe/app-package-configure/detail/${row.id}`}
          aria-label={t('detail.openOf', { name: row.file_name })}
        >
          {t('detail.open')}
        </Link>
      )}
    />
  );
}
