import { Button, Drawer, Popconfirm, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { landingPagesResource, type LandingPage, type LandingVersion } from '@rx/contracts/landing-pages';
import { resourceKey } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/DataTable.tsx';

const NAME = landingPagesResource.name;

/** The published versions of a landing page; an earlier one can be served again (rollback). */
export function VersionsDrawer({
  page,
  canEdit,
  onClose,
}: {
  page: LandingPage;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('landing');
  const toast = useMessage();
  const client = useQueryClient();
  const versions = useQuery({
    queryKey: resourceKey(NAME, 'versions', page.id),
    queryFn: () => http.get<{ list: LandingVersion[] }>(`/${NAME}/${page.id}/versions`),
  });
  const rollback = useMutation({
    mutationFn: (to: number) =>
      http.post<LandingPage>(`/${NAME}/${page.id}/rollback`, { version: page.version, to }),
    onSuccess: (saved) => {
      toast.success(t('rolledBack', { n: saved.live_version }));
      void client.invalidateQueries({ queryKey: [NAME] });
      onClose();
    },
  });
  return (
    <Drawer
      open
      title={t('versionsOf', { name: page.name })}
      onClose={onClose}
      width={640}
      data-testid="landing-versions"
    >
      <DataTable<LandingVersion>
        rowKey="number"
        size="small"
        loading={versions.isLoading}
        dataSource={versions.data?.list ?? []}
        pagination={false}
        scroll={{ x: 520 }}
        columns={[
          {
            title: t('versionNo'),
            dataIndex: 'number',
            width: 90,
            render: (n: number, row) => (
              <>
                {`v${n}`} {row.live && <Tag color="green">{t('live')}</Tag>}
              </>
            ),
          },
          { title: t('title'), dataIndex: 'title', ellipsis: true },
          {
            title: t('publishedAt'),
            dataIndex: 'published_at',
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
          { title: t('publishedBy'), dataIndex: 'published_by', width: 110 },
          {
            title: t('crud:action.actions'),
            key: 'actions',
            width: 110,
            render: (_, row) =>
              canEdit && !row.live ? (
                <Popconfirm
                  title={t('confirmRollback', { n: row.number })}
                  onConfirm={() => rollback.mutate(row.number)}
                >
                  <Button size="small" data-testid={`landing-rollback-${row.number}`}>
                    {t('rollback')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
}
