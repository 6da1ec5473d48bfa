import { useMemo, useState } from 'react';
import { Alert, App, Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import {
  BILLING_KINDS,
  BILLING_STATUSES,
  STORES,
  billingCreateBody,
  billingUpdateBody,
  type BillingCreate,
  type BillingPoint,
} from '@rx/contracts/billing-points';
import type { Channel } from '@rx/contracts/channels';
import type { GiftPackage } from '@rx/contracts/gift-packages';
import { actionPermission } from '@rx/contracts/pages';
import { usePermission } from '../../../app/permission/index.ts';
import { useProduct } from '../../../app/product/index.ts';
import {
  ExportButton,
  FormDrawer,
  ImportButton,
  SearchForm,
  useListParams,
  useResourceList,
  useResourceMutations,
} from '../../../shared/crud/index.ts';
import { DataTable } from '../../../shared/ui/index.ts';
import { refName } from '../../basic/gift-list/gift-helpers.ts';
import { useNames } from '../../basic/gift-list/RefSelect.tsx';
import { priceSummary } from './billing-helpers.ts';
import { BillingForm, channelLabel, useGiftLabel } from './BillingForm.tsx';
import { STATUS_COLORS, VersionsDrawer } from './VersionsDrawer.tsx';

const RESOURCE = 'billing-points';
const SEE = 'commercialization/see/billing_point';
const FILTERS = ['q', 'channel_id', 'store', 'kind', 'status', 'sandbox', 'history'] as const;
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
  const { message } = App.useApp();
  const productId = useProduct((s) => s.productId);
  const [params, setParams] = useListParams(FILTERS);
  const list = useResourceList<BillingPoint>(RESOURCE, params);
  const { create, update, remove, refresh } = useResourceMutations<
    BillingCreate,
    Record<string, unknown> & { version: number }
  >(RESOURCE);
  const canEdit = usePermission([actionPermission(SEE, 'edit')]);
  const canDelete = usePermission([actionPermission(SEE, 'delete')]);
  const canExport = usePermission([actionPermission(SEE, 'export')]);
  const [editing, setEditing] = useState<BillingPoint | 'new' | null>(null);
  const [versionsOf, setVersionsOf] = useState<BillingPoint | null>(null);
  const giftNames = useNames<GiftPackage>('gift-packages', useGiftLabel(), productId !== null);
  const channelNames = useNames<Channel>('channels', channelLabel, productId !== null);

  const columns = useMemo<ColumnsType<BillingPoint>>(
    () => [
      { title: 'ID', dataIndex: 'id', width: 70, sorter: true },
      { title: t('name'), dataIndex: 'name', width: 160, sorter: true },
      {
        title: t('channel'),
        dataIndex: 'channel_id',
        width: 150,
        render: (id: number) => refName(channelNames, id),
      },
      {
        title: t('store'),
        dataIndex: 'store',
        width: 120,
        sorter: true,
        render: (v: string) => t(`stores.${v}`),
      },
      { title: t('storeSku'), dataIndex: 'store_sku', width: 160, sorter: true },
      {
        title: t('prices'),
        dataIndex: 'prices',
        width: 160,
        render: (prices: BillingPoint['prices']) => priceSummary(prices),
      },
      {
        title: t('reward'),
        dataIndex: 'reward_gift_id',
        width: 160,
        render: (id: number) => refName(giftNames, id),
      },
      {
        title: t('bonus'),
        dataIndex: 'bonus_gift_id',
        width: 150,
        render: (id: number | null) => (id === null ? '—' : refName(giftNames, id)),
      },
      {
        title: t('limits'),
        key: 'limits',
        width: 120,
        render: (_, p) =>
          [p.limit_per_player, p.limit_daily].map((n) => (n === 0 ? '∞' : String(n))).join(' / '),
      },
      {
        title: t('kind'),
        dataIndex: 'kind',
        width: 110,
        sorter: true,
        render: (v: string) => t(`kinds.${v}`),
      },
      {
        title: t('crud:field.status'),
        dataIndex: 'status',
        width: 150,
        sorter: true,
        render: (v: string, p) => (
          <Space size={2} wrap>
            <Tag color={STATUS_COLORS[v]}>{t(`statuses.${v}`)}</Tag>
            {p.sandbox && <Tag color="purple">{t('sandbox')}</Tag>}
            <Tooltip title={t('versions.tip')}>
              <Tag>v{p.sku_version}</Tag>
            </Tooltip>
          </Space>
        ),
      },
      {
        title: t('crud:field.updatedAt'),
        dataIndex: 'updated_at',
        width: 170,
        sorter: true,
        render: (v: string) => new Date(v).toLocaleString(),
      },
      {
        title: t('crud:action.actions'),
        key: 'actions',
        width: 190,
        fixed: 'right',
        render: (_, p) => (
          <Space size={0}>
            {canEdit && p.current && (
              <Button type="link" size="small" onClick={() => setEditing(p)}>
                {t('crud:action.edit')}
              </Button>
            )}
            <Button type="link" size="small" onClick={() => setVersionsOf(p)}>
              {t('versions.button')}
            </Button>
            {canDelete && p.current && (
              <Popconfirm
                title={t('crud:action.confirmDelete', { name: p.name })}
                onConfirm={() =>
                  remove.mutateAsync(p.id).then(() => message.success(t('crud:action.deleted')))
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
    [t, canEdit, canDelete, remove, message, giftNames, channelNames],
  );

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
          <>
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                {t('crud:action.create')}
              </Button>
            )}
            {canEdit && <ImportButton resource={RESOURCE} onImported={() => void refresh()} />}
            {canExport && <ExportButton resource={RESOURCE} filters={params.filters} />}
          </>
        }
      />
      <DataTable<BillingPoint>
        rowKey="id"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list}
        // Old versions stay listed (orders name them) but are greyed out.
        onRow={(p) => (p.current ? {} : { style: { opacity: 0.6 } })}
        onChange={(_, __, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = one?.columnKey ?? one?.field;
          setParams({
            sort: one?.order && field ? `${one.order === 'descend' ? '-' : ''}${String(field)}` : undefined,
          });
        }}
        pagination={{
          current: params.page,
          pageSize: params.page_size,
          total: list.data?.total ?? 0,
          onChange: (page, page_size) => setParams({ page, page_size }),
        }}
      />
      <FormDrawer
        open={editing !== null}
        title={editing === 'new' ? t('createTitle') : t('editTitle')}
        initialValues={editing === 'new' || editing === null ? NEW_POINT : editing}
        schema={editing === 'new' ? billingCreateBody : billingUpdateBody}
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
