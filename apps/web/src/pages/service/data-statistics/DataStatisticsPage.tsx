import { useState } from 'react';
import { Alert, Col, Form, Radio, Row } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  CS_STATS_GROUPS,
  csStatsQuery,
  type CsStats,
  type CsStatsGroup,
  type CsStatsRow,
} from '@rx/contracts/cs-insights';
import { useProduct } from '@/app/product/index.ts';
import { StatsReport } from '@/shared/cs/StatsReport.tsx';
import { lastWeek, orDash, StatsChart, useStats } from '@/shared/cs/StatsWindow.tsx';
import { formatNumber } from '@/shared/format.ts';

type Window = { from: string; to: string; by: CsStatsGroup };

/**
 * Data statistics (`service/see/data_statistics`): conversations, handoffs, resolutions, first
 * response and resolution time (business minutes, net of holidays), first replies within the SLA
 * and satisfaction, by day, agent or team, with charts and the numbers as a table.
 */
export function DataStatisticsPage() {
  const { t } = useTranslation(['csStats', 'cs']);
  const productId = useProduct((s) => s.productId);
  const [window, setWindow] = useState<Window>({ ...lastWeek(), by: 'day' });
  const stats = useStats<CsStats>('/cs/stats', window);

  if (productId === null) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  const rows = stats.data?.rows ?? [];
  const total = stats.data?.total;
  const labelOf = (row: CsStatsRow) =>
    row.label || (window.by === 'agent' ? t('nobody') : window.by === 'team' ? t('noTeam') : row.key);
  const columns: ColumnsType<CsStatsRow> = [
    { title: t(`by.${window.by}`), key: 'label', render: (_, row) => labelOf(row), width: 140 },
    { title: t('conversations'), dataIndex: 'conversations', align: 'end', width: 110 },
    { title: t('handedOff'), dataIndex: 'handed_off', align: 'end', width: 110 },
    { title: t('resolved'), dataIndex: 'resolved', align: 'end', width: 100 },
    {
      title: t('firstResponse'),
      dataIndex: 'first_response_minutes',
      align: 'end',
      width: 140,
      render: orDash,
    },
    { title: t('resolution'), dataIndex: 'resolution_minutes', align: 'end', width: 140, render: orDash },
    { title: t('slaMet'), dataIndex: 'first_reply_sla_met', align: 'end', width: 120 },
    { title: t('satisfaction'), dataIndex: 'satisfaction', align: 'end', width: 110, render: orDash },
  ];
  return (
    <StatsReport<Window, CsStatsRow>
      heading={{
        title: t('menu:page.dataStatistics'),
        intro: t('intro', { zone: stats.data?.time_zone ?? '' }),
      }}
      form={{
        id: 'cs-stats',
        schema: csStatsQuery,
        value: window,
        onApply: setWindow,
        onValuesChange: (changed) => {
          if (changed.by) setWindow((w) => ({ ...w, by: changed.by! }));
        },
        extra: (
          <Form.Item name="by" label={t('groupBy')}>
            <Radio.Group
              optionType="button"
              aria-label={t('groupBy')}
              options={CS_STATS_GROUPS.map((g) => ({ value: g, label: t(`by.${g}`) }))}
            />
          </Form.Item>
        ),
      }}
      stats={stats}
      totals={[
        ['conversations', t('conversations'), formatNumber(total?.conversations ?? 0)],
        ['handedOff', t('handedOff'), formatNumber(total?.handed_off ?? 0)],
        ['firstResponse', t('firstResponse'), orDash(total?.first_response_minutes)],
        ['resolution', t('resolution'), orDash(total?.resolution_minutes)],
        ['slaMet', t('slaMet'), formatNumber(total?.first_reply_sla_met ?? 0)],
        ['satisfaction', t('satisfaction'), orDash(total?.satisfaction)],
      ]}
      chart={
        rows.length > 0 && (
          <Row gutter={[16, 16]} style={{ marginBlockEnd: 16 }}>
            <Col xs={24} xl={12}>
              <StatsChart
                title={t('volumeChart')}
                inRow
                kind="bar"
                categories={rows.map(labelOf)}
                series={[
                  { name: t('conversations'), values: rows.map((r) => r.conversations) },
                  { name: t('resolved'), values: rows.map((r) => r.resolved) },
                ]}
                height={260}
              />
            </Col>
            <Col xs={24} xl={12}>
              <StatsChart
                title={t('timeChart')}
                inRow
                kind="line"
                categories={rows.map(labelOf)}
                series={[
                  { name: t('firstResponse'), values: rows.map((r) => r.first_response_minutes ?? 0) },
                  { name: t('resolution'), values: rows.map((r) => r.resolution_minutes ?? 0) },
                  { name: t('satisfaction'), values: rows.map((r) => r.satisfaction ?? 0) },
                ]}
                height={260}
              />
            </Col>
          </Row>
        )
      }
      rowKey="key"
      columns={columns}
      rows={rows}
      pageSize={31}
    />
  );
}
