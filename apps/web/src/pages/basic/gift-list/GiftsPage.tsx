import { useMemo, useState } from 'react';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GIFT_USES, giftResource, type GiftCreate, type GiftPackage } from '@rx/contracts/gift-packages';
import { propsResource, type Prop } from '@rx/contracts/props';
import { usePermission } from '../../../app/permission/index.ts';
import { useProduct } from '../../../app/product/index.ts';
import {
  FormDrawer,
  SearchForm,
  copyName,
  useListParams,
  useResourceList,
  useResourceMutations,
  useDeleteRow,
  ListToolbar,
} from '../../../shared/crud/index.ts';
import { useMessage } from '../../../shared/feedback.tsx';
import { useLocale } from '../../../shared/i18n.ts';
import { DataTable } from '../../../shared/ui/index.ts';
import { textIn } from '../../../shared/crud/ref-names.ts';
import { useNames } from '../../../shared/crud/RefSelect.tsx';
import { useGiftColumns, type GiftActions } from './GiftColumns.tsx';
import { GiftForm, usePropLabel } from './GiftForm.tsx';
import { UsedByModal } from './UsedByModal.tsx';
import { tablePaging } from '../../../shared/crud/table-paging.ts';

const RESOURCE = giftResource.name;
const { permissions } = giftResource;
// A new gift starts with one empty content row to fill in.
const NEW_GIFT = {
  name: { zh: '', en: '', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' },
  contents: [{ quantity: 1 }],
  icon_url: '',
  valid_from: null,
  valid_to: null,
  per_player_limit: 0,
  usable_in: [...GIFT_USES],
  status: 'active',
};

/**
 * Gift packages: path, query keys, filters, schemas and permissions come from `giftResource`. Not a
 * plain ResourceListPage yet: the list is newest first unless a column is sorted (so a gift just
 * created or cloned shows on the first page), the validity column sorts by its end, and the form
 * needs a wide drawer — options ResourceListPage does not take.
 */
export function GiftsPage() {
  const { t } = useTranslation('gifts');
  const message = useMessage();
  const lang = useLocale((s) => s.language);
  const productId = useProduct((s) => s.productId);
  const [params, setParams] = useListParams(giftResource.filters);
  // Newest first unless a column is sorted: what was just created shows on the first page.
  const list = useResourceList<GiftPackage>(RESOURCE, params.sort ? params : { ...params, sort: '-id' });
  const { create, update, refresh } = useResourceMutations<
    GiftCreate,
    Record<string, unknown> & { version: number }
  >(RESOURCE);
  const deleteRow = useDeleteRow(RESOURCE);
  const canEdit = usePermission([permissions.edit]);
  const canDelete = usePermission([permissions.delete]);
  const canExport = usePermission([permissions.export]);
  const [editing, setEditing] = useState<GiftPackage | 'new' | null>(null);
  // The values of a copy being drafted, and the name of the gift it copies.
  const [draft, setDraft] = useState<{ values: Record<string, unknown>; from: string } | null>(null);
  const [usedBy, setUsedBy] = useState<{ id: number; name: string } | null>(null);
  const propNames = useNames<Prop>(propsResource.name, usePropLabel(), productId !== null);

  const actions = useMemo<GiftActions>(
    () => ({
      canEdit,
      canDelete,
      propNames,
      onEdit: setEditing,
      onUsedBy: (gift) => setUsedBy({ id: gift.id, name: textIn(gift.name, lang) }),
      // A copy is only a draft in the create form: nothing exists until it is saved.
      onClone: async (gift) => {
        const { contents, icon_url, valid_from, valid_to, per_player_limit, usable_in, status } = gift;
        const values = { contents, icon_url, valid_from, valid_to, per_player_limit, usable_in, status };
        setDraft({ values: { ...values, name: await copyName(gift.name) }, from: textIn(gift.name, lang) });
        setEditing('new');
      },
      onDelete: (gift) => deleteRow(gift.id),
    }),
    [lang, canEdit, canDelete, propNames, deleteRow],
  );
  const columns = useGiftColumns(actions);

  if (!productId) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  const save = async (data: unknown) => {
    if (editing === 'new') await create.mutateAsync(data as GiftCreate);
    else if (editing) await update.mutateAsync({ id: editing.id, body: data as { version: number } });
    void message.success(t('crud:action.saved'));
  };

  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.giftList')}
      </Typography.Title>
      <SearchForm
        values={params.filters}
        onSearch={(filters) => setParams({ filters })}
        fields={[
          { name: 'q', label: t('crud:field.keyword') },
          {
            name: 'usable_in',
            label: t('usableIn'),
            kind: 'select',
            options: GIFT_USES.map((v) => ({ value: v, label: t(`uses.${v}`) })),
          },
          {
            name: 'prop_id',
            label: t('prop'),
            kind: 'select',
            width: 200,
            options: [...propNames].map(([id, label]) => ({ value: String(id), label })),
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
      <DataTable<GiftPackage>
        rowKey="id"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list}
        {...tablePaging(params, setParams, list.data?.total, { validity: 'valid_to' })}
      />
      <FormDrawer
        open={editing !== null}
        title={
          editing !== 'new' ? t('editTitle') : draft ? t('copyTitle', { name: draft.from }) : t('createTitle')
        }
        initialValues={editing === 'new' || editing === null ? (draft?.values ?? NEW_GIFT) : editing}
        schema={editing === 'new' ? giftResource.create : giftResource.update}
        onSubmit={save}
        onClose={() => {
          setEditing(null);
          setDraft(null);
        }}
        width={720}
      >
        <GiftForm />
      </FormDrawer>
      <UsedByModal gift={usedBy} onClose={() => setUsedBy(null)} />
    </>
  );
}
