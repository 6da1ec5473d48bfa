import { useMemo, useState } from 'react';
import { Button, Popconfirm, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANDING_PREFIX, LANDING_TEMPLATES, landingPagesResource } from '@rx/contracts/landing-pages';
import type { LandingPage, LandingPageCreate } from '@rx/contracts/landing-pages';
import { usePermission } from '@/app/permission/index.ts';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { LandingForm, NEW_VARIANT } from './LandingForm.tsx';
import { VersionsDrawer } from './VersionsDrawer.tsx';

const NEW_PAGE: Partial<LandingPageCreate> = {
  slug: '',
  name: '',
  template: 'download',
  default_lang: 'zh',
  variants: [NEW_VARIANT as LandingPageCreate['variants'][number]],
  store_buttons: [],
};

/**
 * Landing pages (`share/see/landing_page`): drafts edited here, published as numbered versions
 * served at `/l/<slug>`; the versions drawer serves an earlier one again.
 */
export function LandingPagesPage() {
  const { t } = useTranslation('landing');
  const toast = useMessage();
  const client = useQueryClient();
  const canEdit = usePermission([landingPagesResource.permissions.edit]);
  const [versionsOf, setVersionsOf] = useState<LandingPage | null>(null);
  const publish = useMutation({
    mutationFn: (row: LandingPage) =>
      http.post<LandingPage>(`/${landingPagesResource.name}/${row.id}/publish`, { version: row.version }),
    onSuccess: (saved) => {
      toast.success(t('published', { n: saved.live_version }));
      void client.invalidateQueries({ queryKey: [landingPagesResource.name] });
    },
  });
  const columns = useMemo<ColumnsType<LandingPage>>(
    () => [
      {
        title: t('slug'),
        dataIndex: 'slug',
        width: 180,
        sorter: true,
        render: (slug: string, row) =>
          row.live_version ? (
            <a href={`${LANDING_PREFIX}${slug}`} target="_blank" rel="noreferrer">
              {`${LANDING_PREFIX}${slug}`}
            </a>
          ) : (
            `${LANDING_PREFIX}${slug}`
          ),
      },
      { title: t('crud:field.name'), dataIndex: 'name', width: 160, sorter: true },
      crud.enumColumn<LandingPage>(
        t,
        { title: t('template'), dataIndex: 'template', width: 110 },
        'templates',
      ),
      {
        title: t('liveVersion'),
        dataIndex: 'live_version',
        width: 120,
        render: (n: number | null, row) =>
          n ? (
            <Space size={4}>
              <Tag color="green">{`v${n}`}</Tag>
              {n !== row.versions && <Tag>{t('latest', { n: row.versions })}</Tag>}
            </Space>
          ) : (
            <Tag>{t('unpublished')}</Tag>
          ),
      },
      { title: t('visits'), dataIndex: 'visits', width: 90, sorter: true },
      crud.updatedAtColumn<LandingPage>(t),
    ],
    [t],
  );
  return (
    <>
      <ResourceListPage<LandingPage>
        resource={landingPagesResource}
        title={t('menu:page.landingPages')}
        columns={columns}
        drawerWidth={820}
        actionsWidth={260}
        search={[crud.enumSearch(t, 'template', t('template'), LANDING_TEMPLATES, 'templates')]}
        rowActions={(row) => (
          <>
            {canEdit && (
              <Popconfirm
                title={t('confirmPublish', { n: row.versions + 1 })}
                onConfirm={() => publish.mutate(row)}
              >
                <Button type="link" size="small" data-testid="landing-publish">
                  {t('publish')}
                </Button>
              </Popconfirm>
            )}
            <Button
              type="link"
              size="small"
              data-testid="landing-versions-open"
              onClick={() => setVersionsOf(row)}
            >
              {t('versions')}
            </Button>
          </>
        )}
        newFields={NEW_PAGE}
        nameOf={(row) => row.name}
        form={() => <LandingForm />}
      />
      {versionsOf && (
        <VersionsDrawer page={versionsOf} canEdit={canEdit} onClose={() => setVersionsOf(null)} />
      )}
    </>
  );
}
