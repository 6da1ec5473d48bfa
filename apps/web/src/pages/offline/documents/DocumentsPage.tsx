import { useMemo, useState } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { documentsResource, type DocumentCreate, type DocumentItem } from '@rx/contracts/documents';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { OfflineTitle } from '../shared/GoingOffline.tsx';
import { DocumentForm, useCategories } from './DocumentForm.tsx';
import { VersionsDrawer } from './VersionsDrawer.tsx';

/**
 * Documents (`offline/see/document`): the CP's internal documents in rich text, by category, with
 * attachments; every save is kept as a version; searched by words of the title or the text.
 */
export function DocumentsPage() {
  const { t } = useTranslation('documents');
  const categories = useCategories();
  const [versionsOf, setVersionsOf] = useState<DocumentItem | null>(null);
  const columns = useMemo<ColumnsType<DocumentItem>>(
    () => [
      { title: t('title'), dataIndex: 'title', width: 260, sorter: true, ellipsis: true },
      {
        title: t('category'),
        dataIndex: 'category',
        width: 140,
        sorter: true,
        render: (category: string) => <Tag>{category}</Tag>,
      },
      {
        title: t('revisionColumn'),
        dataIndex: 'revision',
        width: 90,
        render: (n: number) => t('revision', { n }),
      },
      { title: t('updatedBy'), dataIndex: 'updated_by', width: 120 },
      crud.updatedAtColumn<DocumentItem>(t),
    ],
    [t],
  );

  return (
    <>
      <ResourceListPage<DocumentItem>
        resource={documentsResource}
        title={<OfflineTitle title={t('menu:page.documents')} />}
        columns={columns}
        defaultSort="-updated_at"
        drawerWidth={860}
        actionsWidth={200}
        search={[
          crud.choiceSearch(
            'category',
            t('category'),
            180,
            (categories.data?.categories ?? []).map((c) => [c, c]),
          ),
        ]}
        newFields={NEW_DOCUMENT}
        nameOf={(row) => row.title}
        form={() => <DocumentForm />}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setVersionsOf(row)}>
            {t('versions')}
          </Button>
        )}
      />
      <VersionsDrawer document={versionsOf} onClose={() => setVersionsOf(null)} />
    </>
  );
}

const NEW_DOCUMENT: Partial<DocumentCreate> = {
  title: '',
  category: '',
  body: '',
  attachments: [],
};
