import { useMemo } from 'react';
import { Card, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  adReportsResource,
  type AdReportAccounts,
  type AdReportRow,
  type AdReportSummary,
} from '@rx/contracts/ad-reports';
import { adMediumOf } from '@rx/contracts/dimensions';
import { usePermission } from '@/app/permission/index.ts';
import { Chart } from '@/shared/chart/index.ts';
import { figureColumn } from '@/shared/crud/figure-column.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import { formatDateTime, formatMoney, formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { currentLanguage } from '@/shared/i18n.ts';
import { usePullDays } from '../../_tools/PullDaysModal.tsx';
import { FigureCards, percent } from '../../_tools/report-parts.tsx';
import { accountLabel } from '../../_tools/account-label.ts';
import { SimulatedNote } from '../SimulatedNote.tsx';
import { CampaignRoi } from './CampaignRoi.tsx';
import { useMediumList } from '../use-medium-list.ts';

const RESOURCE = adReportsResource;

/**
 * A medium's daily report (every medium's `data-report` page): each advertiser account's spend,
 * impressions, clicks, conversions, CTR and CPA by day as the medium reported them, filtered by
 * account and days, sorted, with totals, the daily chart and the export; staff pull a range again
 * (a job, seen on the jobs page). The daily job pulls the last seven days by itself.
 */
export function AdReportsPage() {
  const { t, toast, media, productId, permissions, params, setParams, key, list, refresh } =
    useMediumList<AdReportRow>(RESOURCE);
  const simulatedOnly = adMediumOf(media)?.api.adapter === 'fake';
  const canPull = usePermission([permissions.edit]);
  const canExport = usePermission([permissions.export]);
  const filters = { ...params.filters, media };
  const summary = useQuery({
    queryKey: [...key, 'summary', filters],
    queryFn: ({ signal }) => http.get<AdReportSummary>(`/${RESOURCE.name}/summary`, filters, { signal }),
    placeholderData: keepPreviousData,
    enabled: !!productId,
  });
  const accounts = useQuery({
    queryKey: [...key, 'accounts'],
    queryFn: ({ signal }) => http.get<AdReportAccounts>(`/${RESOURCE.name}/accounts`, { media }, { signal }),
    enabled: !!productId,
  });
  const accountOptions = useMemo(
    () =>
      (accounts.data?.list ?? []).map((a) => ({
        value: String(a.id),
        label: accountLabel(a.name, a.account_id),
      })),
    [accounts.data],
  );
  const pull = usePullDays({
    allowed: canPull,
    label: t('reports.pull'),
    path: `/${RESOURCE.name}/pull`,
    query: { media },
    accounts: accountOptions,
    onStarted: (job) => {
      toast.success(t('reports.pullStarted', { id: job.job_id }));
      void refresh();
    },
  });

  const currency = summary.data?.currency ?? 'CNY';
  const money = (cents: number | null, cur = currency) =>
    cents === null ? '—' : formatMoney(cents, cur, currentLanguage());
  const columns = useMemo<ColumnsType<AdReportRow>>(
    () => [
      { title: t('reports.columns.day'), dataIndex: 'day', width: 120, sorter: true },
      {
        title: t('reports.columns.account'),
        dataIndex: 'account_id',
        width: 220,
        render: (id: string, row) => accountLabel(row.account_name, id),
      },
      figureColumn<AdReportRow>(t('reports.columns.cost'), 'cost', 140, {
        sorter: true,
        render: (v: number, row) => formatMoney(v, row.currency, currentLanguage()),
      }),
      figureColumn<AdReportRow>(t('reports.columns.impressions'), 'impressions', 130, { sorter: true }),
      figureColumn<AdReportRow>(t('reports.columns.clicks'), 'clicks', 110, { sorter: true }),
      figureColumn<AdReportRow>(t('reports.columns.ctr'), 'ctr', 100, {
        render: (v: number | null) => percent(v),
      }),
      figureColumn<AdReportRow>(t('reports.columns.conversions'), 'conversions', 120, { sorter: true }),
      figureColumn<AdReportRow>(t('reports.columns.cpa'), 'cpa', 130, {
        render: (v: number | null, row) =>
          v === null ? '—' : formatMoney(v, row.currency, currentLanguage()),
      }),
      // Revenue of the players whose sub-channel maps to the account (the channel mapping).
      figureColumn<AdReportRow>(t('reports.columns.revenue'), 'revenue', 160, {
        render: (v: number, row) =>
          row.mapped ? (
            formatMoney(v, row.currency, currentLanguage())
          ) : (
            <Tooltip title={t('reports.unmappedHelp')}>
              <Tag tabIndex={0}>{t('reports.unmapped')}</Tag>
            </Tooltip>
          ),
      }),
      figureColumn<AdReportRow>(t('reports.columns.paying_users'), 'paying_users', 120, {
        render: (v: number, row) => (row.mapped ? formatNumber(v) : '—'),
      }),
      // ROI, then cohort ROI: the day's registrations through the mapped sub-channels, paid within N days.
      ...(['roi', 'roi_d1', 'roi_d3', 'roi_d7'] as const).map((name) =>
        figureColumn<AdReportRow>(t(`reports.columns.${name}`), name, name === 'roi' ? 100 : 110, {
          render: (v: number | null, row) => (row.mapped ? percent(v) : '—'),
        }),
      ),
      {
        title: t('reports.columns.pulled_at'),
        dataIndex: 'pulled_at',
        width: 170,
        render: (v: string) => formatDateTime(v),
      },
    ],
    [t],
  );

  const totals = summary.data?.totals;
  const days = summary.data?.days ?? [];
  const before = (
    <>
      <SimulatedNote shown={simulatedOnly} />
      <FigureCards
        figures={(
          [
            ['cost', money(totals?.cost ?? 0)],
            ['impressions', formatNumber(totals?.impressions ?? 0)],
            ['clicks', formatNumber(totals?.clicks ?? 0)],
            ['ctr', percent(totals?.ctr ?? null)],
            ['conversions', formatNumber(totals?.conversions ?? 0)],
            ['cpa', money(totals?.cpa ?? null)],
            ['revenue', money(totals?.revenue ?? 0)],
            ['paying_users', formatNumber(totals?.paying_users ?? 0)],
            ['roi', percent(totals?.roi ?? null)],
            ['roi_d1', percent(totals?.roi_d1 ?? null)],
            ['roi_d3', percent(totals?.roi_d3 ?? null)],
            ['roi_d7', percent(totals?.roi_d7 ?? null)],
            ['unmapped', money(summary.data?.unmapped_cost ?? 0)],
          ] as const
        ).map(([name, value]) => [t(`reports.totals.${name}`), value] as const)}
      />
      <Typography.Paragraph type="secondary">{t('reports.cohortNote')}</Typography.Paragraph>
      {days.length > 0 && (
        <Card size="small" style={{ marginBlockEnd: 16 }}>
          <Chart
            kind="line"
            label={t('reports.chart', { media: t(`media.${media}`) })}
            categories={days.map((d) => d.day)}
            series={[
              { name: t('reports.columns.cost'), values: days.map((d) => d.cost / 100) },
              { name: t('reports.columns.conversions'), values: days.map((d) => d.conversions) },
              { name: t('reports.columns.revenue'), values: days.map((d) => d.revenue / 100) },
            ]}
            height={260}
          />
        </Card>
      )}
    </>
  );

  return (
    <QueryListPage<AdReportRow>
      title={t('reports.title', { media: t(`media.${media}`) })}
      intro={t('reports.intro')}
      before={before}
      params={params}
      setParams={setParams}
      list={list}
      fields={[
        {
          name: 'ad_account_id',
          label: t('reports.columns.account'),
          kind: 'select',
          options: accountOptions,
          width: 240,
        },
        { name: 'from', label: t('reports.filters.from'), kind: 'date' },
        { name: 'to', label: t('reports.filters.to'), kind: 'date' },
      ]}
      searchExtra={pull.button}
      rowKey="id"
      toolsId={`ad-reports-${media}`}
      exportAs={canExport ? RESOURCE.name : false}
      exportFilters={{ media }}
      columns={columns}
      sortFields={{
        day: 'day',
        cost: 'cost',
        impressions: 'impressions',
        clicks: 'clicks',
        conversions: 'conversions',
      }}
      scroll={{ x: 2010 }}
    >
      <CampaignRoi
        key={JSON.stringify(params.filters)}
        media={media}
        productId={productId}
        filters={params.filters}
      />
      {pull.dialog}
    </QueryListPage>
  );
}
