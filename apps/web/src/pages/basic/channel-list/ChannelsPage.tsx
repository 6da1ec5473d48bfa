import { useMemo } from 'react';
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
import { usePermission } from '@/app/permission/index.ts';
import { enumSearch, statusColumn, statusSearch, updatedAtColumn } from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { ChannelForm } from './ChannelForm.tsx';
import { SubChannels } from './SubChannels.tsx';

const NEW_CHANNEL: ChannelCreate = { code: '', name: '', kind: 'store', status: 'active' };

/** The game's distribution channels; a row opens to its sub-channels for those who may see them. */
export function ChannelsPage() {
  const { t } = useTranslation('channels');
  const seesSubChannels = usePermission([permissionOf(subChannelsResource, 'read')]);

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
      statusColumn<Channel>(t),
      updatedAtColumn<Channel>(t),
    ],
    [t],
  );
  const expandable = useMemo(
    () =>
      seesSubChannels
        ? { expandedRowRender: (channel: Channel) => <SubChannels channel={channel} />, columnWidth: 48 }
        : undefined,
    [seesSubChannels],
  );

  return (
    <ResourceListPage<Channel>
      resource={channelsResource}
      title={t('menu:page.channels')}
      columns={columns}
      search={[enumSearch(t, 'kind', t('channel.kind'), CHANNEL_KINDS, 'kinds'), statusSearch(t)]}
      newItem={NEW_CHANNEL}
      nameOf={(channel) => channel.name}
      formTitle={{ create: t('channel.createTitle'), edit: t('channel.editTitle') }}
      form={() => <ChannelForm />}
      // Newest first unless a column is sorted: a channel just created shows on page 1.
      expandable={expandable}
    />
  );
}
