import type { ReactNode } from 'react';
import { Card, Segmented, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Chart } from '@/shared/chart/index.ts';
import { DataTable, type DataTableProps } from './DataTable.tsx';

const DAY = 86_400_000;
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The spans of days a page of daily figures offers. */
export const DAY_SPANS = [7, 30, 90] as const;
export type DaySpan = (typeof DAY_SPANS)[number];

/** The last `span` days up to today, as UTC days. */
export function lastDays(span: DaySpan) {
  const now = Date.now();
  return { from: utcDay(now - (span - 1) * DAY), to: utcDay(now) };
}

/** A choice of the span, each option "the last N days" (`optionLabel`). */
export function DaySpanPicker(props: {
  label: string;
  value: DaySpan;
  onChange: (span: DaySpan) => void;
  optionLabel: (count: number) => string;
}) {
  return (
    <Segmented
      aria-label={props.label}
      value={props.value}
      onChange={(value) => props.onChange(value as DaySpan)}
      options={DAY_SPANS.map((value) => ({ value, label: props.optionLabel(value) }))}
    />
  );
}

/**
 * An object's daily-figures page heading: its title, then the span picker and the way back; `t`
 * is the page's, holding `stats.span` and `stats.lastDays`.
 */
export function DailyHeading(props: {
  t: (key: string, options?: { count: number }) => string;
  title: ReactNode;
  span: DaySpan;
  onSpan: (span: DaySpan) => void;
  back: ReactNode;
}) {
  const { t } = props;
  return (
    <Space wrap align="center" style={{ justifyContent: 'space-between', width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {props.title}
      </Typography.Title>
      <Space wrap>
        <DaySpanPicker
          label={t('stats.span')}
          value={props.span}
          onChange={props.onSpan}
          optionLabel={(count) => t('stats.lastDays', { count })}
        />
        {props.back}
      </Space>
    </Space>
  );
}

/**
 * An object's figures day by day (a popup's, a share link's): a line chart of some of them over
 * the days, then the days as a table, newest first (the chart's own screen-reader table is off).
 */
export function DailyFigures<Day extends { day: string }>(props: {
  label: string;
  days: Day[];
  series: [name: string, value: (day: Day) => number][];
  columns: ColumnsType<Day>;
  loading: boolean;
  pagination: DataTableProps<Day>['pagination'];
  scrollX: number;
  testId: string;
}) {
  const { days } = props;
  return (
    <>
      <Card size="small">
        <Chart
          kind="line"
          categories={days.map((d) => d.day)}
          series={props.series.map(([name, value]) => ({ name, values: days.map(value) }))}
          label={props.label}
          height={260}
          table={false}
        />
      </Card>
      <DataTable<Day>
        rowKey="day"
        size="small"
        loading={props.loading}
        columns={props.columns}
        dataSource={[...days].reverse()}
        pagination={props.pagination}
        scroll={{ x: props.scrollX }}
        data-testid={props.testId}
      />
    </>
  );
}
