import { useMemo, useState } from 'react';
import { Alert, Button, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import {
  CHANNEL_KINDS,
  channelsResource,
  subChannelsResource,
  type Channel,
  type ChannelCreate,
} from '@rx/contracts/channels';
import { permissionOf } from '@rx/contracts/resource';
import { usePermission } from '../../../app/permission/index.ts';
import { useProduct } from '../../../app/product/index.ts';
import {
  FormDrawer,
  SearchForm,
  useListParams,
  useResourceList,
  useResourceMutations,
  useDeleteRow,
  statusColumn,
  updatedAtColumn,
  ListToolbar,
} from '../../../shared/crud/index.ts';
import { useMessage } from '../../../shared/feedback.tsx';
import { DataTable } from '../../../shared/ui/index.ts';
import { ChannelForm } from './ChannelForm.tsx';
import { SubChannels } from './SubChannels.tsx';
import { tablePaging } from '../../../shared/crud/table-paging.ts';

const resource = channelsResource;
const NEW_CHANNEL: ChannelCreate = { code: '', name: '', kind: 'store', status: 'active' };

/**
 * The game's distribution channels; a row opens to its sub-channels (which is why this page is not
 * a plain ResourceListPage). Its path, query keys and permissions come from the description.
 */
export function ChannelsPage() {
  const { t } = useTranslation('channels');
  const message = useMessage();
  const productId = useProduct((s) => s.productId);
  const [params, setParams] = useListParams(resource.filters);
  // Newest first unless a column is sorted: what was just created shows on the first page.
  const list = useResourceList<Channel>(resource.name, params.sort ? params : { ...params, sort: '-id' });
  const { create, update, refresh } = useResourceMutations<
    ChannelCreate,
    Record<string, unknown> & { version: number }
  >(resource.name);
  const deleteRow = useDeleteRow(resource.name);
  const canEdit = usePermission([permissionOf(resource, 'update')]);
  const canDelete = usePermission([permissionOf(resource, 'delete')]);
  const canExport = usePermission([permissionOf(resource, 'export')]);
  const seesSubChannels = usePermission([permissionOf(subChannelsResource, 'read')]);
  const [editing, setEditing] = useState<Channel | 'new' | null>(null);

  const columns = useMemo<ColumnsType<Channel>>(
    () => [
      { title: 'ID', dataIndex: 'id', width: 70, sorter: true },
      { title: t('channel.code'), dataIndex: 'code', width: 160, sorter: true },
      { title: t('channel.name'), dataIndex: 'name', width: 200, sorter: true },
      {
        title: t('channel.kind'),
        dataIndex: 'kind',
        width: 110,
        sorter: true,
        render: (v: string) => t(`kinds.${v}`),
      },
      statusColumn(t),
      updatedAtColumn(t),
      {
        title: t('crud:action.actions'),
        key: 'actions',
        width: 150,
        fixed: 'right',
        render: (_, channel) => (
          <Space>
            {canEdit && (
              <Button type="link" size="small" onClick={() => setEditing(channel)}>
                {t('crud:action.edit')}
              </Button>
            )}
            {canDelete && (
              <Popconfirm
                title={t('crud:action.confirmDelete', { name: channel.name })}
                onConfirm={() => deleteRow(channel.id)}
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

  if (!productId) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  const save = async (data: unknown) => {
    if (editing === 'new') await create.mutateAsync(data as ChannelCreate);
    else if (editing) await update.mutateAsync({ id: editing.id, body: data as { version: number } });
    void message.success(t('crud:action.saved'));
  };

  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.channels')}
      </Typography.Title>
      <SearchForm
        values={params.filters}
        onSearch={(filters) => setParams({ filters })}
        fields={[
          { name: 'q', label: t('crud:field.keyword') },
          {
            name: 'kind',
            label: t('channel.kind'),
            kind: 'select',
            options: CHANNEL_KINDS.map((v) => ({ value: v, label: t(`kinds.${v}`) })),
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
            resource={resource.name}
            filters={params.filters}
            canEdit={canEdit}
            canExport={canExport}
            onCreate={() => setEditing('new')}
            onImported={() => void refresh()}
          />
        }
      />
      <DataTable<Channel>
        rowKey="id"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list}
        expandable={
          seesSubChannels
            ? { expandedRowRender: (channel) => <SubChannels channel={channel} />, columnWidth: 48 }
            : undefined
        }
        {...tablePaging(params, setParams, list.data?.total)}
      />
      <FormDrawer
        open={editing !== null}
        title={editing === 'new' ? t('channel.createTitle') : t('channel.editTitle')}
        initialValues={editing === 'new' || editing === null ? NEW_CHANNEL : editing}
        schema={editing === 'new' ? resource.create : resource.update}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <ChannelForm />
      </FormDrawer>
    </>
  );
}
