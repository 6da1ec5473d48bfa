import { useMemo, useState } from 'react';
import { Alert, App, Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import {
  GIFT_USES,
  giftCreateBody,
  giftUpdateBody,
  type GiftCreate,
  type GiftPackage,
} from '@rx/contracts/gift-packages';
import { actionPermission } from '@rx/contracts/pages';
import type { Prop } from '@rx/contracts/props';
import { usePermission } from '../../../app/permission/index.ts';
import { useProduct } from '../../../app/product/index.ts';
import {
  ExportButton,
  FormDrawer,
  ImportButton,
  SearchForm,
  missingLanguages,
  useListParams,
  useResourceList,
  useResourceMutations,
} from '../../../shared/crud/index.ts';
import { http } from '../../../shared/http.ts';
import { useLocale } from '../../../shared/i18n.ts';
import { DataTable } from '../../../shared/ui/index.ts';
import { contentLines, textIn, windowState } from './gift-helpers.ts';
import { GiftForm, usePropLabel } from './GiftForm.tsx';
import { useNames } from './RefSelect.tsx';
import { UsedByModal } from './UsedByModal.tsx';

const RESOURCE = 'gift-packages';
const SEE = 'gift_package/see/gift_package';
const FILTERS = ['q', 'status', 'usable_in', 'prop_id'] as const;
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
const WINDOW_COLORS = { always: 'blue', upcoming: 'gold', current: 'success', ended: 'default' } as const;

export function GiftsPage() {
  const { t } = useTranslation('gifts');
  const { message } = App.useApp();
  const lang = useLocale((s) => s.language);
  const productId = useProduct((s) => s.productId);
  const [params, setParams] = useListParams(FILTERS);
  const list = useResourceList<GiftPackage>(RESOURCE, params);
  const { create, update, remove, refresh } = useResourceMutations<
    GiftCreate,
    Record<string, unknown> & { version: number }
  >(RESOURCE);
  const canEdit = usePermission([actionPermission(SEE, 'edit')]);
  const canDelete = usePermission([actionPermission(SEE, 'delete')]);
  const canExport = usePermission([actionPermission(SEE, 'export')]);
  const [editing, setEditing] = useState<GiftPackage | 'new' | null>(null);
  const [usedBy, setUsedBy] = useState<{ id: number; name: string } | null>(null);
  const propNames = useNames<Prop>('props', usePropLabel(), productId !== null);

  const columns = useMemo<ColumnsType<GiftPackage>>(() => {
    const clone = async (gift: GiftPackage) => {
      const copy = await http.post<GiftPackage>(`/${RESOURCE}/${gift.id}/clone`, {});
      void refresh();
      void message.success(t('cloned', { id: copy.id }));
      setEditing(copy);
    };
    return [
      { title: 'ID', dataIndex: 'id', width: 70, sorter: true },
      {
        title: t('name'),
        key: 'name',
        width: 200,
        sorter: true,
        render: (_, gift) => {
          const missing = missingLanguages(gift.name);
          return (
            <Space size={4}>
              {textIn(gift.name, lang)}
              {missing.length > 0 && (
                <Tooltip title={missing.join(', ')}>
                  <Tag color="warning">{t('crud:multilang.missingCount', { count: missing.length })}</Tag>
                </Tooltip>
              )}
            </Space>
          );
        },
      },
      {
        title: t('contents'),
        key: 'contents',
        width: 220,
        render: (_, gift) => {
          const lines = contentLines(gift.contents, propNames);
          return (
            <Tooltip
              title={lines.map((line) => (
                <div key={line}>{line}</div>
              ))}
            >
              {lines.slice(0, 2).join(' · ')}
              {lines.length > 2 && ` … ${t('contentsCount', { count: lines.length })}`}
            </Tooltip>
          );
        },
      },
      {
        title: t('validity'),
        key: 'validity',
        width: 150,
        sorter: true,
        render: (_, gift) => {
          const state = windowState(gift.valid_from, gift.valid_to);
          const range = [gift.valid_from, gift.valid_to].map((v) => (v ? new Date(v).toLocaleString() : '∞'));
          return (
            <Tooltip title={range.join(' ~ ')}>
              <Tag color={WINDOW_COLORS[state]}>{t(`window.${state}`)}</Tag>
            </Tooltip>
          );
        },
      },
      {
        title: t('perPlayerLimit'),
        dataIndex: 'per_player_limit',
        width: 110,
        render: (v: number) => (v === 0 ? t('unlimited') : v),
      },
      {
        title: t('usableIn'),
        dataIndex: 'usable_in',
        width: 200,
        render: (uses: string[]) => uses.map((use) => <Tag key={use}>{t(`uses.${use}`)}</Tag>),
      },
      {
        title: t('crud:field.status'),
        dataIndex: 'status',
        width: 90,
        render: (v: string) => (
          <Tag color={v === 'active' ? 'success' : 'default'}>{t(`crud:status.${v}`)}</Tag>
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
        width: 240,
        fixed: 'right',
        render: (_, gift) => (
          <Space size={0} wrap>
            {canEdit && (
              <Button type="link" size="small" onClick={() => setEditing(gift)}>
                {t('crud:action.edit')}
              </Button>
            )}
            {canEdit && (
              <Popconfirm
                title={t('cloneConfirm', { name: textIn(gift.name, lang) })}
                onConfirm={() => clone(gift)}
              >
                <Button type="link" size="small">
                  {t('crud:action.clone')}
                </Button>
              </Popconfirm>
            )}
            <Button
              type="link"
              size="small"
              onClick={() => setUsedBy({ id: gift.id, name: textIn(gift.name, lang) })}
            >
              {t('usedBy')}
            </Button>
            {canDelete && (
              <Popconfirm
                title={t('crud:action.confirmDelete', { name: textIn(gift.name, lang) })}
                onConfirm={() =>
                  remove.mutateAsync(gift.id).then(() => message.success(t('crud:action.deleted')))
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
    ];
  }, [t, lang, canEdit, canDelete, remove, refresh, message, propNames]);

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
      <DataTable<GiftPackage>
        rowKey="id"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list}
        onChange={(_, __, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = one?.columnKey ?? one?.field;
          const field = key === 'validity' ? 'valid_to' : key;
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
        initialValues={editing === 'new' || editing === null ? NEW_GIFT : editing}
        schema={editing === 'new' ? giftCreateBody : giftUpdateBody}
        onSubmit={save}
        onClose={() => setEditing(null)}
        width={720}
      >
        <GiftForm />
      </FormDrawer>
      <UsedByModal gift={usedBy} onClose={() => setUsedBy(null)} />
    </>
  );
}
