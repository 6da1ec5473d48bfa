import { lazy, Suspense, useId, useMemo } from 'react';
import { Skeleton } from 'antd';
import { useLocale } from '@/shared/i18n.ts';
import './chart.css';

/** What to draw: categories along the axis, one series of values per name. */
export interface ChartProps {
  kind: 'bar' | 'stacked-bar' | 'line' | 'stacked-area';
  categories: string[];
  series: { name: string; values: number[] }[];
  /** What the chart shows, for assistive technology (the chart is an image with this name). */
  label: string;
  height?: number;
  /** The data as a table for screen readers (visually hidden); off when the page shows its own table. */
  table?: boolean;
}

// Lazily loaded: echarts is a chunk of its own, fetched with the first page that draws a chart.
const EChart = lazy(() => import('./EChart.tsx'));

/**
 * A chart of the console (ECharts underneath, see EChart.tsx): themed from antd's tokens (so it
 * follows the light, dark and dark-blue themes), mirrored in right-to-left languages, and named
 * for assistive technology, with the numbers as a table beside it for screen readers.
 */
export function Chart(props: ChartProps) {
  const rtl = useLocale((s) => s.direction === 'rtl');
  const tableId = useId();
  const { categories, series, label, table = true } = props;
  const rows = useMemo(
    () => categories.map((c, i) => [c, ...series.map((s) => s.values[i] ?? 0)]),
    [categories, series],
  );
  return (
    <figure className="rx-chart" aria-describedby={table ? tableId : undefined}>
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 300 }} />}>
        <EChart {...props} rtl={rtl} />
      </Suspense>
      {table && (
        <div className="rx-chart-sr">
          <table id={tableId} className="rx-chart-table">
            <caption>{label}</caption>
            <thead>
              <tr>
                <th scope="col" />
                {series.map((s) => (
                  <th key={s.name} scope="col">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([head, ...values]) => (
                <tr key={String(head)}>
                  <th scope="row">{head}</th>
                  {values.map((v, i) => (
                    <td key={i}>{v}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </figure>
  );
}
