import { useState } from 'react';
import { Alert, Form, Radio, Segmented, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { csConversationAccess } from '@rx/contracts/cs';
import {
  CS_QUALITY_GROUPS,
  csQualityAccess,
  csQualitySummaryQuery,
  type CsMyQuality,
  type CsQualitySummary,
  type CsQualitySummaryRow,
} from '@rx/contracts/cs-quality';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { StatsReport } from '@/shared/cs/StatsReport.tsx';
import {
  countCell,
  lastWeek,
  orDash,
  StatsChart,
  StatsHeading,
  StatsTotals,
  useStats,
} from '@/shared/cs/StatsWindow.tsx';
import { formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { SUMMARY_PATH, useRubrics } from './queries.ts';
import { ReviewsTab } from './ReviewsTab.tsx';
import { reviewColumns } from './review-columns.tsx';
import { RubricsTab } from './RubricsTab.tsx';

type Window = { from: string; to: string; by: (typeof CS_QUALITY_GROUPS)[number]; rubric_id?: number };

/** The averages of the scored reviews by agent or team, over conversations resolved in the window. */
function SummaryTab() {
  const { t } = useTranslation(['csQuality', 'csStats']);
  const rubrics = useRubrics();
  const [window, setWindow] = useState<Window>({ ...lastWeek(), by: 'agent' });
  const stats = useStats<CsQualitySummary>(SUMMARY_PATH, window);
  const rows = stats.data?.rows ?? [];
  const total = stats.data?.total;
  const labelOf = (row: CsQualitySummaryRow) => row.label || t('csStats:noTeam');
  const columns: ColumnsType<CsQualitySummaryRow> = [
    { title: t(`csStats:by.${window.by}`), key: 'label', render: (_, row) => labelOf(row), width: 160 },
    { title: t('reviews'), dataIndex: 'reviews', align: 'end', width: 100, render: countCell },
    { title: t('scoredCount'), dataIndex: 'scored', align: 'end', width: 100, render: countCell },
    {
      title: t('average'),
      dataIndex: 'average',
      align: 'end',
      width: 110,
      render: (v: number | null) => (v === null ? '—' : `${formatNumber(v)}%`),
    },
  ];
  const scored = rows.filter((r) => r.average !== null);
  return (
    <StatsReport<Window, CsQualitySummaryRow>
      form={{
        id: 'cs-quality',
        schema: csQualitySummaryQuery,
        value: window,
        onApply: setWindow,
        onValuesChange: (changed) => {
          if (changed.by) setWindow((w) => ({ ...w, by: changed.by! }));
          if ('rubric_id' in changed) setWindow((w) => ({ ...w, rubric_id: changed.rubric_id ?? undefined }));
        },
        extra: (
          <>
            <Form.Item name="by" label={t('csStats:groupBy')}>
              <Radio.Group
                optionType="button"
                aria-label={t('csStats:groupBy')}
                options={CS_QUALITY_GROUPS.map((g) => ({ value: g, label: t(`csStats:by.${g}`) }))}
              />
            </Form.Item>
            <Form.Item name="rubric_id" htmlFor="cs-quality-rubric" label={t('rubric')}>
              <Select
                id="cs-quality-rubric"
                allowClear
                style={{ width: 180 }}
                placeholder={t('crud:search.any')}
                options={(rubrics.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              />
            </Form.Item>
          </>
        ),
      }}
      stats={stats}
      totals={[
        ['reviews', t('reviews'), formatNumber(total?.reviews ?? 0)],
        ['scored', t('scoredCount'), formatNumber(total?.scored ?? 0)],
        ['average', t('average'), total?.average == null ? '—' : `${orDash(total.average)}%`],
      ]}
      chart={
        scored.length > 0 && (
          <StatsChart
            title={t('chart')}
            kind="bar"
            categories={scored.map(labelOf)}
            series={[{ name: t('average'), values: scored.map((r) => r.average ?? 0) }]}
            height={260}
          />
        )
      }
      rowKey="key"
      columns={columns}
      rows={rows}
    />
  );
}

/** The signed-in agent's own scored reviews and their mean. */
function MineTab() {
  const { t } = useTranslation('csQuality');
  const productId = useProduct((s) => s.productId);
  const mine = useQuery({
    queryKey: ['cs-quality-mine', productId],
    enabled: productId !== null,
    queryFn: ({ signal }) => http.get<CsMyQuality>('/cs/quality-reviews/mine', {}, { signal }),
  });
  return (
    <>
      <StatsTotals
        items={[
          ['mine', t('myReviews'), formatNumber(mine.data?.list.length ?? 0)],
          ['myAverage', t('average'), mine.data?.average == null ? '—' : `${orDash(mine.data.average)}%`],
        ]}
      />
      <DataTable
        rowKey="id"
        loading={mine.isFetching}
        columns={reviewColumns(t)}
        dataSource={mine.data?.list ?? []}
        pagination={{ defaultPageSize: 20 }}
      />
    </>
  );
}

/**
 * Quality statistics (`service/see/quality_stats`): rubrics, sampled conversations scored against
 * them by reviewers, the averages by agent or team, and each agent's own scores.
 */
export function QualityStatsPage() {
  const { t } = useTranslation(['csQuality', 'crud']);
  const productId = useProduct((s) => s.productId);
  const canEdit = usePermission([csQualityAccess.permissions.edit]);
  const canExport = usePermission([csQualityAccess.permissions.export]);
  const isAgent = usePermission([csConversationAccess.permissions.see]);
  const [tab, setTab] = useState('summary');
  if (productId === null) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  return (
    <>
      <StatsHeading title={t('menu:page.qualityStats')} intro={t('intro')} />
      {/* A segmented control, not tabs: on a phone antd's tabs fold into a menu axe refuses in a tab list. */}
      <Segmented
        block
        style={{ marginBlockEnd: 16 }}
        aria-label={t('menu:page.qualityStats')}
        value={tab}
        onChange={(value) => setTab(value)}
        options={[
          { value: 'summary', label: t('tabs.summary') },
          { value: 'reviews', label: t('tabs.reviews') },
          { value: 'rubrics', label: t('tabs.rubrics') },
          ...(isAgent ? [{ value: 'mine', label: t('tabs.mine') }] : []),
        ]}
      />
      {tab === 'summary' && <SummaryTab />}
      {tab === 'reviews' && <ReviewsTab canEdit={canEdit} />}
      {tab === 'rubrics' && <RubricsTab canEdit={canEdit} canExport={canExport} />}
      {tab === 'mine' && isAgent && <MineTab />}
    </>
  );
}
