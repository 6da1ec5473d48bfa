import { useMemo, useState } from 'react';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BILLING_KINDS,
  BILLING_STATUSES,
  STORES,
  billingResource,
  type BillingCreate,
  type BillingPoint,
} from '@rx/contracts/billing-points';
import type { Channel } from '@rx/contracts/channels';
import { giftResource, type GiftPackage } from '@rx/contracts/gift-packages';
import { usePermission } from '../../../app/permission/index.ts';
import { useProduct } from '../../../app/product/index.ts';
import {
  FormDrawer,
  SearchForm,
  useListParams,
  useResourceList,
  useResourceMutations,
  useDeleteRow,
  ListToolbar,
} from '../../../shared/crud/index.ts';
import { useMessage } from '../../../shared/feedback.tsx';
import { DataTable } from '../../../shared/ui/index.ts';
import { channelLabel } from '../../../shared/crud/ref-names.ts';
import { useNames } from '../../../shared/crud/RefSelect.tsx';
import { useBillingColumns, type BillingActions } from './BillingColumns.tsx';
import { BillingForm, useGiftLabel } from './BillingForm.tsx';
import { VersionsDrawer } from './VersionsDrawer.tsx';
import { tablePaging } from '../../../shared/crud/table-paging.ts';

const RESOURCE = billingResource.name;
const { permissions } = billingResource;
const NEW_POINT = {
  name: '',
  store: 'app_store',
  store_sku: '',
  prices: [{ currency: 'CNY' }],
  bonus_gift_id: null,
  limit_per_player: 0,
  limit_daily: 0,
  kind: 'consumable',
  sandbox: false,
  status: 'draft',
};

export function BillingPage() {
  const { t } = useTranslation('billing');
  const message = useMessage();
  const productId = useProduct((s) => s.productId);
  const [params, setParams] = useListParams(billingResource.filters);
  // Newest first unless a column is sorted: what was just created shows on the first page.
  const list = useResourceList<BillingPoint>(RESOURCE, params.sort ? params : { ...params, sort: '-id' });
  const { create, update, refresh } = useResourceMutations<
    BillingCreate,
    Record<string, unknown> & { version: number }
  >(RESOURCE);
  const deleteRow = useDeleteRow(RESOURCE);
  const canEdit = usePermission([permissions.edit]);
  const canDelete = usePermission([permissions.delete]);
  const canExport = usePermission([permissions.export]);
  const [editing, setEditing] = useState<BillingPoint | 'new' | null>(null);
  const [versionsOf, setVersionsOf] = useState<BillingPoint | null>(null);
  const giftNames = useNames<GiftPackage>(giftResource.name, useGiftLabel(), productId !== null);
  const channelNames = useNames<Channel>('channels', channelLabel, productId !== null);

  const actions = useMemo<BillingActions>(
    () => ({
      canEdit,
      canDelete,
      giftNames,
      channelNames,
      onEdit: setEditing,
      onVersions: setVersionsOf,
      onDelete: (p) => deleteRow(p.id),
    }),
    [canEdit, canDelete, giftNames, channelNames, deleteRow],
  );
  const columns = useBillingColumns(actions);

  if (!productId) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  const save = async (data: unknown) => {
    if (editing === 'new') await create.mutateAsync(data as BillingCreate);
    else if (editing) {
      const saved = (await update.mutateAsync({
        id: editing.id,
        body: data as { version: number },
      })) as BillingPoint;
      // A live SKU whose reward changed came back as a new row: show its versions.
      if (saved.id !== editing.id) {
        void message.info(
          t('versions.created', { version: saved.sku_version, previous: editing.sku_version }),
        );
        setVersionsOf(saved);
        return;
      }
    }
    void message.success(t('crud:action.saved'));
  };
  const yesNo = [
    { value: '1', label: t('yes') },
    { value: '0', label: t('no') },
  ];

  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.billingPoints')}
      </Typography.Title>
      <SearchForm
        values={params.filters}
        onSearch={(filters) => setParams({ filters })}
        fields={[
          { name: 'q', label: t('crud:field.keyword') },
          {
            name: 'channel_id',
            label: t('channel'),
            kind: 'select',
            options: [...channelNames].map(([id, label]) => ({ value: String(id), label })),
          },
          {
            name: 'store',
            label: t('store'),
            kind: 'select',
            options: STORES.map((v) => ({ value: v, label: t(`stores.${v}`) })),
          },
          {
            name: 'kind',
            label: t('kind'),
            kind: 'select',
            options: BILLING_KINDS.map((v) => ({ value: v, label: t(`kinds.${v}`) })),
          },
          {
            name: 'status',
            label: t('crud:field.status'),
            kind: 'select',
            options: BILLING_STATUSES.map((v) => ({ value: v, label: t(`statuses.${v}`) })),
          },
          { name: 'sandbox', label: t('sandbox'), kind: 'select', width: 100, options: yesNo },
          {
            name: 'history',
            label: t('versions.history'),
            kind: 'select',
            width: 140,
            options: [{ value: '1', label: t('versions.withHistory') }],
          },
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
      <DataTable<BillingPoint>
        rowKey="id"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list}
        // Old versions stay listed (orders name them) but are greyed out.
        onRow={(p) => (p.current ? {} : { style: { opacity: 0.6 } })}
        {...tablePaging(params, setParams, list.data?.total)}
      />
      <FormDrawer
        open={editing !== null}
        title={editing === 'new' ? t('createTitle') : t('editTitle')}
        initialValues={editing === 'new' || editing === null ? NEW_POINT : editing}
        schema={editing === 'new' ? billingResource.create : billingResource.update}
        onSubmit={save}
        onClose={() => setEditing(null)}
        width={720}
      >
        <BillingForm before={editing === 'new' || editing === null ? undefined : editing} />
      </FormDrawer>
      <VersionsDrawer point={versionsOf} giftNames={giftNames} onClose={() => setVersionsOf(null)} />
    </>
  );
}
