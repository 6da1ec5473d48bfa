import { useMemo } from 'react';
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AD_MEDIA, type AdMedium } from '@rx/contracts/dimensions';
import { flattenPages } from '@rx/contracts/pages';
import { DataTable } from '@/shared/ui/DataTable.tsx';

const TITLE_OF = new Map(flattenPages().map((node) => [node.path, node.meta.title]));

/**
 * Media platforms info (`launch/see/media_platform`): every medium of the registry (AD_MEDIA) —
 * its area, whether the console reaches it through a real adapter over its documented API or the
 * built-in fake only, its documented addresses and token lifetimes, and its pages.
 */
export function MediaPlatformsPage() {
  const { t } = useTranslation('adLibrary');
  const columns = useMemo<ColumnsType<AdMedium>>(
    () => [
      { title: t('platforms.medium'), key: 'name', width: 140, render: (_, m) => t(`menu:${m.titleKey}`) },
      { title: t('platforms.area'), key: 'area', width: 130, render: (_, m) => t(`common:area.${m.region}`) },
      {
        title: t('platforms.connection'),
        key: 'connection',
        width: 150,
        render: (_, m) =>
          m.api.adapter === 'real' ? (
            <Tag color="green">{t('platforms.real')}</Tag>
          ) : (
            <Tag color="orange">{t('platforms.simulated')}</Tag>
          ),
      },
      {
        title: t('platforms.api'),
        key: 'api',
        width: 260,
        render: (_, m) =>
          m.api.adapter === 'real' ? (
            <span dir="ltr">{m.api.base}</span>
          ) : (
            <Typography.Text type="secondary">{t('platforms.noApi')}</Typography.Text>
          ),
      },
      {
        title: t('platforms.tokens'),
        key: 'tokens',
        width: 200,
        render: (_, m) =>
          m.api.adapter === 'real'
            ? t('platforms.lifetimes', {
                access: m.api.accessHours,
                refresh: Math.round(m.api.refreshHours / 24),
              })
            : '—',
      },
      {
        title: t('platforms.pages'),
        key: 'pages',
        width: 320,
        render: (_, m) => (
          <Space size={[4, 4]} wrap>
            {Object.values(m.pages)
              .filter((path) => !path.includes('/:'))
              .map((path) => (
                <Link key={path} to={`/main${path}`}>
                  {t(`menu:${TITLE_OF.get(path) ?? 'group.adPlacement'}`)}
                </Link>
              ))}
          </Space>
        ),
      },
    ],
    [t],
  );
  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.mediaPlatforms')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('platforms.intro')}</Typography.Paragraph>
      <DataTable<AdMedium>
        rowKey="code"
        columns={columns}
        dataSource={AD_MEDIA as readonly AdMedium[] as AdMedium[]}
        pagination={false}
      />
    </>
  );
}
