import { Alert, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { appPackagesResource, type AppPackage } from '@rx/contracts/app-packages';
import { megabytes } from '@rx/contracts/files';
import type { AppRelease } from '@rx/contracts/releases';
import { resourceKey, type ListAnswer } from '@/shared/crud/index.ts';
import { formatDateTime, formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { GamePage } from '@/shared/ui/index.ts';
import { STATUS_COLORS } from '../PackagesPage.tsx';

const LIST = '/product/product-fe/app-package-configure';
const VERSIONS = '/product/product-fe/version-manage';

/**
 * One installation package: its file (name, size, SHA-256, where players download it), its status
 * and the version of the same platform, channel and build number it ships (with that version's rollout).
 */
export function PackageDetailPage() {
  const { t } = useTranslation(['appPackages', 'releases']);
  const id = Number(useParams().id) || null;
  const pkg = useQuery({
    queryKey: resourceKey(appPackagesResource.name, 'detail', id),
    queryFn: ({ signal }) =>
      http.get<AppPackage>(`/${appPackagesResource.name}/${id}`, undefined, { signal, silent: true }),
    enabled: id !== null,
  });
  const p = pkg.data;
  const version = useQuery({
    queryKey: resourceKey('app-releases', 'of-package', p?.platform, p?.channel, p?.version_code),
    queryFn: ({ signal }) =>
      http.get<ListAnswer<AppRelease>>(
        '/app-releases',
        { platform: p!.platform, channel: p!.channel, page_size: 100, sort: '-version_code' },
        { signal },
      ),
    enabled: !!p,
  });
  const release = version.data?.list.find((r) => r.version_code === p?.version_code);
  const back = (
    <Link to={LIST}>
      <Button>{t('detail.back')}</Button>
    </Link>
  );
  if (id === null)
    return (
      <GamePage title={t('menu:page.packageDetail')}>
        <Alert type="info" showIcon title={t('detail.choose')} action={back} />
      </GamePage>
    );
  return (
    <GamePage title={p ? `${t('menu:page.packageDetail')} · ${p.file_name}` : t('menu:page.packageDetail')}>
      {pkg.isError && <Alert type="error" showIcon title={t('detail.notFound')} action={back} />}
      {p && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="package-detail">
          <Card size="small" title={t('detail.file')} extra={back}>
            <Descriptions
              column={{ xs: 1, md: 2 }}
              size="small"
              items={[
                { key: 'platform', label: t('platform'), children: t(`platforms.${p.platform}`) },
                {
                  key: 'channel',
                  label: t('channel'),
                  children: `${p.channel || t('allChannels')}${p.sub_channel ? ` / ${p.sub_channel}` : ''}`,
                },
                {
                  key: 'version',
                  label: t('versionName'),
                  children: `${p.version_name} (${p.version_code})`,
                },
                {
                  key: 'status',
                  label: t('status'),
                  children: <Tag color={STATUS_COLORS[p.status]}>{t(`statuses.${p.status}`)}</Tag>,
                },
                { key: 'kind', label: t('detail.kind'), children: p.kind.toUpperCase() },
                { key: 'size', label: t('size'), children: `${formatNumber(megabytes(p.file_size))} MB` },
                {
                  key: 'sha',
                  label: t('sha256'),
                  span: 'filled',
                  children: (
                    <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                      {p.sha256}
                    </Typography.Text>
                  ),
                },
                {
                  key: 'url',
                  label: t('downloadUrl'),
                  span: 'filled',
                  children: (
                    <a href={p.url} download={p.file_name} style={{ wordBreak: 'break-all' }}>
                      {p.url}
                    </a>
                  ),
                },
                { key: 'note', label: t('note'), span: 'filled', children: p.note || '—' },
                { key: 'created', label: t('detail.created'), children: formatDateTime(p.created_at) },
                { key: 'updated', label: t('detail.updated'), children: formatDateTime(p.updated_at) },
              ]}
            />
          </Card>
          <Card size="small" title={t('detail.version')} data-testid="package-version">
            {release ? (
              <Descriptions
                column={{ xs: 1, md: 3 }}
                size="small"
                items={[
                  {
                    key: 'status',
                    label: t('status'),
                    children: t(`releases:statuses.${release.status}`),
                  },
                  { key: 'percent', label: t('releases:percent'), children: `${release.rollout_percent}%` },
                  {
                    key: 'link',
                    label: t('detail.version'),
                    children: (
                      <Link to={`${VERSIONS}?channel=${encodeURIComponent(release.channel)}`}>
                        {t('detail.openVersion')}
                      </Link>
                    ),
                  },
                ]}
              />
            ) : (
              <Typography.Text type="secondary">{t('detail.noVersion')}</Typography.Text>
            )}
          </Card>
        </Space>
      )}
    </GamePage>
  );
}
