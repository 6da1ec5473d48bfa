import { useMemo, useState } from 'react';
import { Button, Flex, Popconfirm, Space, Tooltip } from 'antd';
import LockOutlined from '@ant-design/icons/LockOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ColumnsType } from 'antd/es/table';
import {
  subChannelsResource,
  type Channel,
  type SubChannel,
  type SubChannelCreate,
} from '@rx/contracts/channels';
import { permissionOf } from '@rx/contracts/resource';
import { usePermission } from '@/app/permission/index.ts';
import {
  ExportButton,
  FormDrawer,
  useResourceList,
  useResourceMutations,
  useDeleteRow,
  statusColumn,
} from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { SubChannelFields } from '../sub-channel/SubChannelFields.tsx';
import { ScrollTable } from '@/shared/ui/ScrollTable.tsx';
import { useLocalPage } from '@/shared/use-local-page.ts';

const resource = subChannelsResource;

/** The sub-channels of one channel, shown in its expanded row; they are edited on their own page (the resource's). */
export function SubChannels({ channel }: { channel: Channel }) {
  const { t } = useTranslation('channels');
  const message = useMessage();
  const navigate = useNavigate();
  const { page, pagination } = useLocalPage();
  const filters = useMemo(() => ({ channel_id: String(channel.id) }), [channel.id]);
  const list = useResourceList<SubChannel>(resource.name, { ...page, filters });
  const { create } = useResourceMutations<SubChannelCreate, { version: number }>(resource.name);
  const deleteRow = useDeleteRow(resource.name);
  const canEdit = usePermission([permissionOf(resource, 'update')]);
  const canDelete = usePermission([permissionOf(resource, 'delete')]);
  const canExport = usePermission([permissionOf(resource, 'export')]);
  const [creating, setCreating] = useState(false);
  const fresh = useMemo(
    () => ({ channel_id: channel.id, code: `${channel.code}_`, status: 'active' }),
    [channel],
  );

  const columns: ColumnsType<SubChannel> = [
    {
      title: t('sub.code'),
      dataIndex: 'code',
      width: 200,
      render: (code: string, sub) => (
        <Space size={4}>
          {code}
          {sub.frozen && (
            <Tooltip title={t('sub.frozenWhy')}>
              <LockOutlined aria-label={t('sub.frozen')} />
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: t('sub.name'), dataIndex: 'name', width: 180 },
    { title: t('sub.packageId'), dataIndex: 'package_id', width: 200 },
    { title: t('sub.media'), dataIndex: 'media', width: 120 },
    { title: t('sub.campaign'), dataIndex: 'campaign', width: 140 },
    statusColumn(t, false),
    {
      title: t('crud:action.actions'),
      key: 'actions',
      width: 140,
      render: (_, sub) => (
        <Space size={0}>
          {canEdit && (
            <Button
              type="link"
              size="small"
              onClick={() => void navigate(resource.page.replace(':id', String(sub.id)))}
            >
              {t('crud:action.edit')}
            </Button>
          )}
          {canDelete && (
            <Popconfirm
              title={t('crud:action.confirmDelete', { name: sub.name })}
              onConfirm={() => deleteRow(sub.id)}
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

  return (
    <Flex vertical gap={8} data-testid={`sub-channels-${channel.code}`}>
      <Flex gap={8} justify="end">
        {canEdit && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('sub.create')}
          </Button>
        )}
        {canExport && <ExportButton resource={resource.name} filters={filters} />}
      </Flex>
      <ScrollTable<SubChannel>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list}
        pagination={{ ...pagination(list.data?.total), hideOnSinglePage: true }}
      />
      <FormDrawer
        open={creating}
        title={t('sub.createTitle', { channel: channel.name })}
        initialValues={fresh}
        schema={resource.create}
        onSubmit={async (data) => {
          await create.mutateAsync(data);
          void message.success(t('crud:action.saved'));
        }}
        onClose={() => setCreating(false)}
      >
        <SubChannelFields />
      </FormDrawer>
    </Flex>
  );
}
