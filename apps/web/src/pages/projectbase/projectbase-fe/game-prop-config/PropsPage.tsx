import { useMemo, useState } from 'react';
import { Alert, Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import {
  PROP_RARITIES,
  PROP_TYPES,
  propCreateBody,
  propUpdateBody,
  type Prop,
  type PropCreate,
} from '@rx/contracts/props';
import { actionPermission } from '@rx/contracts/pages';
import type { Language } from '@rx/contracts/languages';
import { usePermission } from '../../../../app/permission/index.ts';
import { useProduct } from '../../../../app/product/index.ts';
import {
  FormDrawer,
  SearchForm,
  missingLanguages,
  useListParams,
  useResourceList,
  useResourceMutations,
  statusColumn,
  updatedAtColumn,
  ListToolbar,
} from '../../../../shared/crud/index.ts';
import { useMessage } from '../../../../shared/feedback.tsx';
import { useLocale } from '../../../../shared/i18n.ts';
import { DataTable } from '../../../../shared/ui/index.ts';
import { PropForm } from './PropForm.tsx';
import { tablePaging } from '../../../../shared/crud/table-paging.ts';

const RESOURCE = 'props';
const SEE = 'commercialization/see/prop';
const FILTERS = ['q', 'type', 'rarity', 'status', 'tag'] as const;
const NEW_PROP: PropCreate = {
  code: '',
  name: { zh: '', en: '', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' },
  type: 'consumable',
  rarity: 'common',
  icon_url: '',
  stack_limit: 999,
  expiry_days: 0,
  tags: [],
  status: 'active',
};

export function nameIn(name: Record<string, string>, lang: Language): string {
  return name[lang] || name.zh || '';
}

export function PropsPage() {
  const { t } = useTranslation('props');
  const message = useMessage();
  const lang = useLocale((s) => s.language);
  const productId = useProduct((s) => s.productId);
  const [params, setParams] = useListParams(FILTERS);
  const list = useResourceList<Prop>(RESOURCE, params);
  const { create, update, remove, refresh } = useResourceMutations<
    PropCreate,
    Record<string, unknown> & { version: number }
  >(RESOURCE);
  const canEdit = usePermission([actionPermission(SEE, 'edit')]);
  const canDelete = usePermission([actionPermission(SEE, 'delete')]);
  const canExport = usePermission([actionPermission(SEE, 'export')]);
  const [editing, setEditing] = useState<Prop | 'new' | null>(null);

  const columns = useMemo<ColumnsType<Prop>>(
    () => [
      { title: t('code'), dataIndex: 'code', width: 140, sorter: true },
      {
        title: t('name'),
        key: 'name',
        width: 200,
        sorter: true,
        render: (_, prop) => {
          const missing = missingLanguages(prop.name);
          return (
            <Space size={4}>
              {nameIn(prop.name, lang)}
              {missing.length > 0 && (
                <Tooltip title={missing.join(', ')}>
                  <Tag color="warning">{t('crud:multilang.missingCount', { count: missing.length })}</Tag>
                </Tooltip>
              )}
            </Space>
          );
        },
      },
      { title: t('type'), dataIndex: 'type', width: 110, render: (v: string) => t(`types.${v}`) },
      {
        title: t('rarity'),
        dataIndex: 'rarity',
        width: 100,
        render: (v: string) => t(`rarities.${v}`),
      },
      { title: t('stackLimit'), dataIndex: 'stack_limit', width: 110 },
      {
        title: t('tags'),
        dataIndex: 'tags',
        width: 160,
        render: (tags: string[]) => tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
      },
      statusColumn(t, false),
      updatedAtColumn(t),
      {
        title: t('crud:action.actions'),
        key: 'actions',
        width: 150,
        fixed: 'right',
        render: (_, prop) => (
          <Space>
            {canEdit && (
              <Button type="link" size="small" onClick={() => setEditing(prop)}>
                {t('crud:action.edit')}
              </Button>
            )}
            {canDelete && (
              <Popconfirm
                title={t('crud:action.confirmDelete', { name: nameIn(prop.name, lang) })}
                onConfirm={() =>
                  remove.mutateAsync(prop.id).then(() => message.success(t('crud:action.deleted')))
                }
              >
                <Button type="link" size="small" danger>
                  {t('crud:action.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        ),
      },
    ],
    [t, lang, canEdit, canDelete, remove, message],
  );

  if (!productId) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  const save = async (data: unknown) => {
    if (editing === 'new') await create.mutateAsync(data as PropCreate);
    else if (editing) await update.mutateAsync({ id: editing.id, body: data as { version: number } });
    void message.success(t('crud:action.saved'));
  };

  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.gameProps')}
      </Typography.Title>
      <SearchForm
        values={params.filters}
        onSearch={(filters) => setParams({ filters })}
        fields={[
          { name: 'q', label: t('crud:field.keyword') },
          {
            name: 'type',
            label: t('type'),
            kind: 'select',
            options: PROP_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) })),
          },
          {
            name: 'rarity',
            label: t('rarity'),
            kind: 'select',
            options: PROP_RARITIES.map((v) => ({ value: v, label: t(`rarities.${v}`) })),
          },
          {
            name: 'status',
            label: t('crud:field.status'),
            kind: 'select',
            options: [
              { value: 'active', label: t('crud:status.active') },
              { value: 'disabled', label: t('crud:status.disabled') },
            ],
          },
          { name: 'tag', label: t('tags'), width: 140 },
        ]}
        extra={
          <ListToolbar
            resource={RESOURCE}
            filters={params.filters}
            canEdit={canEdit}
            canExport={canExport}
            onCreate={() => setEditing('new')}
            onImported={() => void refresh()}
          />
        }
      />
      <DataTable<Prop>
        rowKey="id"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list}
        {...tablePaging(params, setParams, list.data?.total)}
      />
      <FormDrawer
        open={editing !== null}
        title={editing === 'new' ? t('createTitle') : t('editTitle')}
        initialValues={editing === 'new' || editing === null ? NEW_PROP : editing}
        schema={editing === 'new' ? propCreateBody : propUpdateBody}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <PropForm editing={editing !== 'new'} />
      </FormDrawer>
    </>
  );
}
