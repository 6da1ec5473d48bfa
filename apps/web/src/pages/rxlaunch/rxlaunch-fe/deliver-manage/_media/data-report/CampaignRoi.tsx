import { useMemo, useState } from 'react';
import { Card, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adReportsResource, type AdReportCampaign, type AdReportCampaigns } from '@rx/contracts/ad-reports';
import { figureColumn } from '@/shared/crud/figure-column.ts';
import { sortOf } from '@/shared/crud/index.ts';
import { formatMoney, formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { currentLanguage } from '@/shared/i18n.ts';
import { DataTable } from '@/shared/ui/DataTable.tsx';
import { percent } from '../../_tools/report-parts.tsx';
import { accountLabel } from '../../_tools/account-label.ts';

const RESOURCE = adReportsResource;

const money = (v: number | null, row: AdReportCampaign) =>
  v === null ? '—' : formatMoney(v, row.currency, currentLanguage());

interface Props {
  media: string;
  productId: number | null;
  /** The report's filters (account and days): the campaigns are summed over the same days. */
  filters: Record<string, unknown>;
}

/**
 * ROI per campaign under the daily report: each campaign's figures over the filtered days, from the
 * medium's campaign-level report. Revenue and ROI only where a channel mapping names the campaign;
 * otherwise spend, conversions and CPA, with a tag saying why (the account's revenue is not split).
 */
export function CampaignRoi({ media, productId, filters }: Props) {
  const { t } = useTranslation('ads');
  const [paging, setPaging] = useState({ page: 1, page_size: 10, sort: undefined as string | undefined });
  const query = { ...filters, media, ...paging };
  const campaigns = useQuery({
    queryKey: [RESOURCE.name, media, productId, 'campaigns', query],
    queryFn: ({ signal }) => http.get<AdReportCampaigns>(`/${RESOURCE.name}/campaigns`, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: !!productId,
  });
  const columns = useMemo<ColumnsType<AdReportCampaign>>(
    () => [
      {
        title: t('reports.campaigns.campaign'),
        dataIndex: 'campaign_id',
        width: 220,
        render: (id: string, row) => accountLabel(row.campaign_name, id),
      },
      {
        title: t('reports.columns.account'),
        dataIndex: 'account_id',
        width: 200,
        render: (id: string, row) => accountLabel(row.account_name, id),
      },
      { title: t('reports.campaigns.days'), dataIndex: 'days', width: 80, align: 'end' },
      figureColumn<AdReportCampaign>(t('reports.columns.cost'), 'cost', 130, { sorter: true, render: money }),
      figureColumn<AdReportCampaign>(t('reports.columns.impressions'), 'impressions', 120, { sorter: true }),
      figureColumn<AdReportCampaign>(t('reports.columns.clicks'), 'clicks', 100, { sorter: true }),
      figureColumn<AdReportCampaign>(t('reports.columns.conversions'), 'conversions', 110, { sorter: true }),
      figureColumn<AdReportCampaign>(t('reports.columns.cpa'), 'cpa', 130, { render: money }),
      figureColumn<AdReportCampaign>(t('reports.columns.revenue'), 'revenue', 160, {
        render: (v: number | null, row) =>
          row.mapped ? (
            money(v, row)
          ) : (
            <Tooltip title={t('reports.campaigns.unmappedHelp')}>
              <Tag tabIndex={0}>{t('reports.campaigns.unmapped')}</Tag>
            </Tooltip>
          ),
      }),
      figureColumn<AdReportCampaign>(t('reports.columns.paying_users'), 'paying_users', 110, {
        render: (v: number | null) => (v === null ? '—' : formatNumber(v)),
      }),
      figureColumn<AdReportCampaign>(t('reports.columns.roi'), 'roi', 100, {
        render: (v: number | null, row) => (row.mapped ? percent(v) : '—'),
      }),
    ],
    [t],
  );
  return (
    <Card size="small" title={t('reports.campaigns.title')} style={{ marginBlockStart: 16 }}>
      <Typography.Paragraph type="secondary">{t('reports.campaigns.note')}</Typography.Paragraph>
      <DataTable<AdReportCampaign>
        rowKey={(r) => `${r.ad_account_id}|${r.campaign_id}`}
        columns={columns}
        dataSource={campaigns.data?.list ?? []}
        loading={campaigns.isFetching}
        scroll={{ x: 1460 }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'paginate') {
            const size = pagination.pageSize ?? paging.page_size;
            setPaging({
              ...paging,
              page: size !== paging.page_size ? 1 : (pagination.current ?? 1),
              page_size: size,
            });
          } else setPaging({ ...paging, page: 1, sort: sortOf(sorter) });
        }}
        pagination={{ current: paging.page, pageSize: paging.page_size, total: campaigns.data?.total ?? 0 }}
      />
    </Card>
  );
}
