import { useMemo, useState } from 'react';
import { Avatar, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import { PUBLISH_AREAS } from '@rx/contracts/acs';
import { actionPermission } from '@rx/contracts/pages';
import {
  GAME_PLATFORMS,
  productCreateBody,
  productUpdateBody,
  type Product,
  type ProductCreate,
} from '@rx/contracts/products';
import { usePermission } from '../../../app/permission/index.ts';
import { loadProducts } from '../../../app/product/index.ts';
import { useSession } from '../../../app/session.ts';
import {
  ExportButton,
  FormDrawer,
  ImportButton,
  SearchForm,
  useListParams,
  useResourceList,
  useResourceMutations,
  useDeleteRow,
  statusColumn,
  updatedAtColumn,
} from '../../../shared/crud/index.ts';
import { useMessage } from '../../../shared/feedback.tsx';
import { DataTable } from '../../../shared/ui/index.ts';
import { ProductForm } from './ProductForm.tsx';
import { tablePaging } from '../../../shared/crud/table-paging.ts';

const RESOURCE = 'products';
const SEE = 'basic/see/product';
const FILTERS = ['q', 'region', 'platform', 'status'] as const;
const NEW_PRODUCT: ProductCreate = {
  code: '',
  name: '',
  icon_url: '',
  platforms: ['android', 'ios'],
  region: 'gn',
  status: 'active',
};

/** The CP's games: what the header's game picker offers, so it is reloaded after every change. */
export function ProductsPage() {
  const { t } = useTranslation('channels');
  const message = useMessage();
  const [params, setParams] = useListParams(FILTERS);
  const list = useResourceList<Product>(RESOURCE, params);
  const { create, update, refresh } = useResourceMutations<
    ProductCreate,
    Record<string, unknown> & { version: number }
  >(RESOURCE);
  const deleteRow = useDeleteRow(RESOURCE);
  const canEdit = usePermission([actionPermission(SEE, 'edit')]);
  const canDelete = usePermission([actionPermission(SEE, 'delete')]);
  const canExport = usePermission([actionPermission(SEE, 'export')]);
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  // A new game starts in the CP's own publish area.
  const area = useSession((s) => s.cpConfig?.publish_area);
  const newProduct = useMemo(() => ({ ...NEW_PRODUCT, region: area ?? NEW_PRODUCT.region }), [area]);

  const columns = useMemo<ColumnsType<Product>>(
    () => [
      { title: 'ID', dataIndex: 'id', width: 70, sorter: true },
      {
        title: t('icon'),
        dataIndex: 'icon_url',
        width: 70,
        render: (url: string, p) => (
          <Avatar shape="square" src={url || undefined} alt="">
            {p.name.slice(0, 1)}
          </Avatar>
        ),
      },
      { title: t('product.code'), dataIndex: 'code', width: 140, sorter: true },
      { title: t('product.name'), dataIndex: 'name', width: 180, sorter: true },
      {
        title: t('product.platforms'),
        dataIndex: 'platforms',
        width: 220,
        render: (list: string[]) => list.map((p) => <Tag key={p}>{t(`platforms.${p}`)}</Tag>),
      },
      {
        title: t('region'),
        dataIndex: 'region',
        width: 100,
        sorter: true,
        render: (v: string) => <Tag color={v === 'gn' ? 'red' : 'blue'}>{t(`regions.${v}`)}</Tag>,
      },
      statusColumn(t),
      updatedAtColumn(t),
      {
        title: t('crud:action.actions'),
        key: 'actions',
        width: 150,
        fixed: 'right',
        render: (_, p) => (
          <Space>
            {canEdit && (
              <Button type="link" size="small" onClick={() => setEditing(p)}>
                {t('crud:action.edit')}
              </Button>
            )}
            {canDelete && (
              <Popconfirm
                title={t('crud:action.confirmDelete', { name: p.name })}
                onConfirm={() => deleteRow(p.id).finally(() => void loadProducts())}
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
    [t, canEdit, canDelete, deleteRow],
  );

  const save = async (data: unknown) => {
    if (editing === 'new') await create.mutateAsync(data as ProductCreate);
    else if (editing) await update.mutateAsync({ id: editing.id, body: data as { version: number } });
    void message.success(t('crud:action.saved'));
    void loadProducts();
  };

  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.products')}
      </Typography.Title>
      <SearchForm
        values={params.filters}
        onSearch={(filters) => setParams({ filters })}
        fields={[
          { name: 'q', label: t('crud:field.keyword') },
          {
            name: 'region',
            label: t('region'),
            kind: 'select',
            options: PUBLISH_AREAS.map((v) => ({ value: v, label: t(`regions.${v}`) })),
          },
          {
            name: 'platform',
            label: t('product.platforms'),
            kind: 'select',
            options: GAME_PLATFORMS.map((v) => ({ value: v, label: t(`platforms.${v}`) })),
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
        ]}
        extra={
          <>
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                {t('crud:action.create')}
              </Button>
            )}
            {canEdit && (
              <ImportButton
                resource={RESOURCE}
                onImported={() => {
                  void refresh();
                  void loadProducts();
                }}
              />
            )}
            {canExport && <ExportButton resource={RESOURCE} filters={params.filters} />}
          </>
        }
      />
      <DataTable<Product>
        rowKey="id"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list}
        {...tablePaging(params, setParams, list.data?.total)}
      />
      <FormDrawer
        open={editing !== null}
        title={editing === 'new' ? t('product.createTitle') : t('product.editTitle')}
        initialValues={editing === 'new' || editing === null ? newProduct : editing}
        schema={editing === 'new' ? productCreateBody : productUpdateBody}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <ProductForm />
      </FormDrawer>
    </>
  );
}
