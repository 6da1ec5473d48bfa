import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Flex, Typography } from 'antd';
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
import { useProduct } from '@/app/product/index.ts';
import { FormDrawer, SearchForm, useDeleteRow, ListToolbar, enumSearch } from '@/shared/crud/index.ts';
import { arrange, useTableSetup } from '@/shared/crud/column-settings.ts';
import { TableTools } from '@/shared/crud/TableTools.tsx';
import { useResource } from '@/shared/crud/use-resource.ts';
import { isPendingApproval, useApprovalNotice } from '@/shared/approval-notice.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { storage } from '@/shared/storage.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { channelLabel } from '@/shared/crud/ref-names.ts';
import { useNames } from '@/shared/crud/RefSelect.tsx';
import { useBillingColumns, type BillingActions } from './BillingColumns.tsx';
import { BillingForm, useGiftLabel } from './BillingForm.tsx';
import { VersionsDrawer } from './VersionsDrawer.tsx';
import { tablePaging } from '@/shared/crud/table-paging.ts';

const RESOURCE = billingResource.name;
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

/**
 * Billing points. Not a ResourceListPage: only the current version of a SKU is edited or deleted
 * (old ones are greyed out), and saving a live SKU's new reward opens its versions instead.
 */
export function BillingPage() {
  const { t } = useTranslation('billing');
  const message = useMessage();
  const announcePending = useApprovalNotice();
  const productId = useProduct((s) => s.productId);
  // Newest first unless a column is sorted: what was just created shows on the first page.
  const { params, setParams, list, can, create, update, refresh } = useResource<BillingPoint, BillingCreate>(
    billingResource,
    { defaultSort: '-id' },
  );
  const deleteRow = useDeleteRow(RESOURCE);
  const [setup, saveSetup] = useTableSetup(String(storage.userInfo.get()?.id ?? ''), RESOURCE);
  const [editing, setEditing] = useState<BillingPoint | 'new' | null>(null);
  const [versionsOf, setVersionsOf] = useState<BillingPoint | null>(null);
  const giftNames = useNames<GiftPackage>(giftResource.name, useGiftLabel(), productId !== null);
  const channelNames = useNames<Channel>('channels', channelLabel, productId !== null);

  const actions = useMemo<BillingActions>(
    () => ({
      canEdit: can.edit,
      canDelete: can.delete,
      giftNames,
      channelNames,
      onEdit: setEditing,
      onVersions: setVersionsOf,
      onDelete: (p) => deleteRow(p.id),
    }),
    [can.edit, can.delete, giftNames, channelNames, deleteRow],
  );
  const columns = useBillingColumns(actions);
  // The actions column stays last and is always shown; the others follow the user's setup.
  const keyed = useMemo(
    () => columns.map((c) => ({ ...c, key: String(c.key ?? ('dataIndex' in c ? c.dataIndex : '')) })),
    [columns],
  );
  const data = keyed.filter((c) => c.key !== 'actions');
  const shown = [...arrange(data, setup), ...keyed.filter((c) => c.key === 'actions')];

  if (!productId) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  const save = async (data: unknown) => {
    if (editing === 'new') await create.mutateAsync(data as BillingCreate);
    else if (editing) {
      const answer: unknown = await update.mutateAsync({
        id: editing.id,
        body: data as { version: number },
      });
      // A change of a live SKU that waits for a second person (202): nothing changed yet.
      if (isPendingApproval(answer)) {
        announcePending(answer);
        return;
      }
      const saved = answer as BillingPoint;
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
          enumSearch(t, 'store', t('store'), STORES, 'stores'),
          enumSearch(t, 'kind', t('kind'), BILLING_KINDS, 'kinds'),
          enumSearch(t, 'status', t('crud:field.status'), BILLING_STATUSES, 'statuses'),
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
            canEdit={can.edit}
            canImport={can.import}
            canExport={can.export}
            onCreate={() => setEditing('new')}
            onImported={() => void refresh()}
          />
        }
      />
      <Flex justify="end" style={{ marginBlockEnd: 8 }}>
        <TableTools
          columns={data.map((c) => ({ key: c.key, title: c.title as ReactNode }))}
          setup={setup}
          onSetup={saveSetup}
          onRefresh={() => void refresh()}
          refreshing={list.isFetching}
        />
      </Flex>
      <DataTable<BillingPoint>
        rowKey="id"
        size={setup.density}
        loading={list.isFetching}
        columns={shown}
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
