import { useState } from 'react';
import { Alert } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  csAutoReplyStatsQuery,
  type CsAutoReplyStats,
  type CsAutoReplyStatsRow,
} from '@rx/contracts/cs-insights';
import { useProduct } from '@/app/product/index.ts';
import { StatsReport } from '@/shared/cs/StatsReport.tsx';
import { countCell, lastWeek, StatsChart, useStats } from '@/shared/cs/StatsWindow.tsx';
import { formatNumber } from '@/shared/format.ts';

type Window = { from: string; to: string };

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);

/**
 * Auto-reply statistics (`service/see/auto_reply_stats`): the player texts each rule answered in
 * conversations of the window, the conversations it answered in, how many never needed a person,
 * and its handoff rate; the texts no rule matched are a row of their own.
 */
export function AutoReplyStatsPage() {
  const { t } = useTranslation(['csStats', 'crud']);
  const productId = useProduct((s) => s.productId);
  const [window, setWindow] = useState<Window>(lastWeek());
  const stats = useStats<CsAutoReplyStats>('/cs/auto-reply-stats', window);

  if (productId === null) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  const rows = stats.data?.rows ?? [];
  const total = stats.data?.total;
  const nameOf = (row: CsAutoReplyStatsRow) =>
    row.rule_id === null ? t('autoReply.noMatch') : row.rule_name;
  const columns: ColumnsType<CsAutoReplyStatsRow> = [
    { title: t('autoReply.rule'), key: 'rule', render: (_, row) => nameOf(row), width: 200 },
    { title: t('autoReply.hits'), dataIndex: 'hits', align: 'end', width: 100, render: countCell },
    { title: t('conversations'), dataIndex: 'conversations', align: 'end', width: 110, render: countCell },
    {
      title: t('autoReply.withoutHandoff'),
      dataIndex: 'without_handoff',
      align: 'end',
      width: 150,
      render: countCell,
    },
    { title: t('handedOff'), dataIndex: 'handed_off', align: 'end', width: 110, render: countCell },
    {
      title: t('autoReply.handoffRate'),
      dataIndex: 'handoff_rate',
      align: 'end',
      width: 120,
      render: percent,
    },
  ];
  const rules = rows.filter((r) => r.rule_id !== null).slice(0, 15);
  return (
    <StatsReport<Window, CsAutoReplyStatsRow>
      heading={{
        title: t('menu:page.autoReplyStats'),
        intro: t('autoReply.intro', { zone: stats.data?.time_zone ?? '' }),
      }}
      form={{ id: 'cs-auto', schema: csAutoReplyStatsQuery, value: window, onApply: setWindow }}
      stats={stats}
      totals={[
        ['hits', t('autoReply.hits'), formatNumber(total?.hits ?? 0)],
        ['conversations', t('conversations'), formatNumber(total?.conversations ?? 0)],
        ['withoutHandoff', t('autoReply.withoutHandoff'), formatNumber(total?.without_handoff ?? 0)],
        ['handoffRate', t('autoReply.handoffRate'), percent(total?.handoff_rate ?? null)],
      ]}
      chart={
        rules.length > 0 && (
          <StatsChart
            title={t('autoReply.chart')}
            kind="stacked-bar"
            categories={rules.map(nameOf)}
            series={[
              { name: t('autoReply.withoutHandoff'), values: rules.map((r) => r.without_handoff) },
              { name: t('handedOff'), values: rules.map((r) => r.handed_off) },
            ]}
            height={280}
          />
        )
      }
      rowKey={(row) => String(row.rule_id ?? 'none')}
      columns={columns}
      rows={rows}
    />
  );
}
