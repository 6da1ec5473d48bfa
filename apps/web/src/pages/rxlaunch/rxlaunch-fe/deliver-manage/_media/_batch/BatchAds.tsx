import { Drawer, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { AdBatch, AdBatchAd } from '@rx/contracts/ad-batches';
import { usePagedRows } from '@/shared/crud/use-paged-rows.ts';
import { DataTable } from '@/shared/ui/DataTable.tsx';
import { STATUS_COLORS, adRowColumns } from './batch-columns.tsx';

/**
 * A batch's ads with the medium's ids, or its reason for a failed one (the batch-ad and batch-task
 * pages): `path` is the batch's address under the API (`/ad-batches/7`, `/ad-batch-tasks/7`).
 */
export function BatchAds({
  batch,
  path,
  query = {},
  onClose,
}: {
  batch: AdBatch;
  path: string;
  query?: Record<string, string>;
  onClose: () => void;
}) {
  const { t } = useTranslation('ads');
  const ads = usePagedRows<AdBatchAd>([path, 'ads', query], `${path}/ads`, query, 20);
  const columns: ColumnsType<AdBatchAd> = [
    ...adRowColumns<AdBatchAd>(t),
    {
      title: t('batches.columns.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: string) => <Tag color={STATUS_COLORS[s]}>{t(`batches.adStatuses.${s}`)}</Tag>,
    },
    {
      title: t('batches.columns.mediumIds'),
      key: 'ids',
      width: 220,
      render: (_, ad) =>
        ad.status === 'ok' ? `${ad.campaign_id} / ${ad.adgroup_id} / ${ad.creative_id}` : ad.message || '—',
    },
  ];
  return (
    <Drawer open onClose={onClose} title={t('batches.adsOf', { name: batch.name })} size="large">
      <DataTable<AdBatchAd> rowKey="id" size="small" columns={columns} {...ads.table} />
    </Drawer>
  );
}
