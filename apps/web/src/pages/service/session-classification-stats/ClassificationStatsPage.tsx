import { useState } from 'react';
import { Alert, Form } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  csClassStatsAccess,
  csClassStatsQuery,
  type CsClassStats,
  type CsClassStatsRow,
} from '@rx/contracts/cs-insights';
import { useProduct } from '@/app/product/index.ts';
import { usePermission } from '@/app/permission/index.ts';
import { ExportButton, textIn } from '@/shared/crud/index.ts';
import { StatsReport } from '@/shared/cs/StatsReport.tsx';
import { countCell, lastWeek, StatsChart, useStats } from '@/shared/cs/StatsWindow.tsx';
import { formatNumber } from '@/shared/format.ts';
import { useLocale } from '@/shared/i18n.ts';

type Window = { from: string; to: string };

/**
 * Session classification statistics (`service/see/session_class_stats`): the conversations opened
 * in the window by feedback type (the player's choice, or the agent's), per day as a chart and as
 * a table, exported a row per day and type.
 */
export function ClassificationStatsPage() {
  const { t } = useTranslation(['csStats', 'crud']);
  const lang = useLocale((s) => s.language);
  const productId = useProduct((s) => s.productId);
  const canExport = usePermission([csClassStatsAccess.permissions.export]);
  const [window, setWindow] = useState<Window>(lastWeek());
  const stats = useStats<CsClassStats>('/cs/classification-stats', window);

  if (productId === null) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  const data = stats.data;
  const rows = data?.rows ?? [];
  const nameOf = (row: CsClassStatsRow) =>
    row.type_id === 0 ? t('class.unclassified') : textIn(row.name, lang) || row.code;
  const share = (n: number) => (data?.total ? `${Math.round((n / data.total) * 1000) / 10}%` : '—');
  const columns: ColumnsType<CsClassStatsRow> = [
    { title: t('class.type'), key: 'name', render: (_, row) => nameOf(row), width: 180 },
    { title: t('class.code'), dataIndex: 'code', width: 140 },
    { title: t('conversations'), dataIndex: 'total', align: 'end', width: 110, render: countCell },
    { title: t('class.share'), key: 'share', align: 'end', width: 100, render: (_, row) => share(row.total) },
  ];
  const used = rows.filter((r) => r.total > 0);
  return (
    <StatsReport<Window, CsClassStatsRow>
      heading={{
        title: t('menu:page.sessionClassStats'),
        intro: t('class.intro', { zone: data?.time_zone ?? '' }),
      }}
      form={{
        id: 'cs-class',
        schema: csClassStatsQuery,
        value: window,
        onApply: setWindow,
        extra: canExport && (
          <Form.Item>
            <ExportButton resource="cs/classification-stats" filters={window} />
          </Form.Item>
        ),
      }}
      stats={stats}
      totals={[
        ['conversations', t('conversations'), formatNumber(data?.total ?? 0)],
        ['types', t('class.typesUsed'), formatNumber(used.filter((r) => r.type_id !== 0).length)],
        [
          'unclassified',
          t('class.unclassified'),
          formatNumber(rows.find((r) => r.type_id === 0)?.total ?? 0),
        ],
      ]}
      chart={
        used.length > 0 &&
        data && (
          <StatsChart
            title={t('class.chart')}
            kind="stacked-bar"
            categories={data.days}
            series={used.map((row) => ({ name: nameOf(row), values: row.by_day }))}
            height={280}
          />
        )
      }
      rowKey="type_id"
      columns={columns}
      rows={rows}
    />
  );
}
