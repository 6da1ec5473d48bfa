import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adMappingsResource, type AdMapping } from '@rx/contracts/ad-mappings';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { mediumName, mediumSearch } from '../_tools/media.tsx';
import { MappingForm } from './MappingForm.tsx';

export const MAPPINGS_PAGE = '/rxlaunch/rxlaunch-fe/deliver-manage/mapping-manage';
export const mappingLink = (id?: number) => `${MAPPINGS_PAGE}/detail${id ? `/${id}` : ''}`;
export const NEW_MAPPING = {
  sub_channel_id: undefined,
  media: 'jrtt',
  ad_account_id: undefined,
  campaign_id: '',
  note: '',
  enabled: true,
};
export const mappingName = (m: AdMapping) =>
  `${m.sub_channel_code} → ${m.account_name || m.account_id}${m.campaign_id ? ` / ${m.campaign_id}` : ''}`;

/**
 * Channel mapping (`mapping-manage`): which advertiser account (and campaign) each sub-channel's
 * players are credited to in the reports' ROI. A sub-channel/campaign pair maps once.
 */
export function MappingsPage() {
  const { t } = useTranslation('adMappings');
  const columns = useMemo<ColumnsType<AdMapping>>(
    () => [
      {
        title: t('columns.subChannel'),
        key: 'sub',
        width: 200,
        render: (_: unknown, m: AdMapping) => (
          <Link to={mappingLink(m.id)}>{`${m.sub_channel_code} · ${m.sub_channel_name}`}</Link>
        ),
      },
      {
        title: t('columns.media'),
        dataIndex: 'media',
        width: 120,
        sorter: true,
        render: (v: string) => mediumName(t, v),
      },
      {
        title: t('columns.account'),
        key: 'account',
        width: 200,
        render: (_: unknown, m: AdMapping) => `${m.account_name} (${m.account_id})`,
      },
      {
        title: t('columns.campaign'),
        key: 'campaign',
        width: 200,
        render: (_: unknown, m: AdMapping) =>
          m.campaign_id ? `${m.campaign_name || m.campaign_id} (${m.campaign_id})` : t('wholeAccount'),
      },
      crud.enabledColumn<AdMapping>(t, t('columns.enabled'), 90),
      { title: t('columns.note'), dataIndex: 'note', width: 160, ellipsis: true },
      crud.updatedAtColumn<AdMapping>(t),
    ],
    [t],
  );
  return (
    <ResourceListPage<AdMapping>
      resource={adMappingsResource}
      title={t('menu:page.mappings')}
      columns={columns}
      search={[mediumSearch(t), crud.enabledSearch(t)]}
      newItem={NEW_MAPPING}
      nameOf={mappingName}
      form={() => <MappingForm />}
    />
  );
}
