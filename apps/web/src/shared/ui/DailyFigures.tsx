import { Card } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Chart } from '@/shared/chart/index.ts';
import { DataTable, type DataTableProps } from './DataTable.tsx';

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
