import { useMemo } from 'react';
import { Avatar, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PUBLISH_AREAS } from '@rx/contracts/acs';
import { GAME_PLATFORMS, productsResource, type Product, type ProductCreate } from '@rx/contracts/products';
import { loadProducts } from '@/app/product/index.ts';
import { useSession } from '@/app/session.ts';
import { enumSearch, statusColumn, statusSearch, updatedAtColumn } from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { ProductForm } from './ProductForm.tsx';

const NEW_PRODUCT: ProductCreate = {
  code: '',
  name: '',
  icon_url: '',
  platforms: ['android', 'ios'],
  region: 'gn',
  status: 'active',
};

/** The CP's games: what the header's game picker offers. */
export function ProductsPage() {
  const { t } = useTranslation('channels');
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
      statusColumn<Product>(t),
      updatedAtColumn<Product>(t),
    ],
    [t],
  );

  return (
    <ResourceListPage<Product>
      resource={productsResource}
      title={t('menu:page.products')}
      columns={columns}
      defaultSort={null}
      search={[
        enumSearch(t, 'region', t('region'), PUBLISH_AREAS, 'regions'),
        enumSearch(t, 'platform', t('product.platforms'), GAME_PLATFORMS, 'platforms'),
        statusSearch(t),
      ]}
      newItem={newProduct}
      nameOf={(product) => product.name}
      formTitle={{ create: t('product.createTitle'), edit: t('product.editTitle') }}
      form={() => <ProductForm />}
      // The header's game picker offers the CP's games: reload it after every change to them.
      onChanged={() => void loadProducts()}
    />
  );
}
