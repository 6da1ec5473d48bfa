/**
 * The console's one charting library: Apache ECharts, imported module by module (`echarts/core`
 * plus only the bar and line charts, the grid, tooltip and legend, and the canvas renderer), so
 * the chunk carries what the console draws and nothing else. Chosen for being maintained (Apache,
 * regular releases), running anywhere Node 20 builds run (no native parts), tree-shakeable through
 * `echarts/core`, and drawing RTL, dark backgrounds and large series well. This file is only ever
 * loaded lazily through `Chart.tsx`: never part of the shell's first chunk.
 */
import { useEffect, useRef } from 'react';
import { theme } from 'antd';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ChartProps } from './Chart.tsx';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Series colours that read on the light, dark and dark-blue surfaces alike. */
const PALETTE = ['#2f7ff5', '#f5a524', '#12a37f', '#d6457e', '#8b62e8', '#22a3c4', '#c97a2d'];

export default function EChart({
  kind,
  categories,
  series,
  rtl,
  height = 300,
  label,
}: ChartProps & { rtl: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const { token } = theme.useToken();

  useEffect(() => {
    if (!host.current) return;
    const instance = echarts.init(host.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(host.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const stacked = kind === 'stacked-bar' || kind === 'stacked-area';
    const line = kind === 'line' || kind === 'stacked-area';
    const axisLabel = { color: token.colorTextSecondary, fontFamily: token.fontFamily };
    const axisLine = { lineStyle: { color: token.colorBorder } };
    chart.current?.setOption(
      {
        color: PALETTE,
        backgroundColor: 'transparent',
        textStyle: { color: token.colorText, fontFamily: token.fontFamily },
        aria: { enabled: false },
        tooltip: {
          trigger: 'axis',
          backgroundColor: token.colorBgElevated,
          borderColor: token.colorBorderSecondary,
          textStyle: { color: token.colorText },
        },
        legend: {
          type: 'scroll',
          top: 0,
          // Right to left: the legend starts at the right edge and reads from there.
          [rtl ? 'right' : 'left']: 0,
          align: rtl ? 'right' : 'left',
          textStyle: { color: token.colorText },
          pageTextStyle: { color: token.colorTextSecondary },
        },
        grid: { top: 40, bottom: 8, left: 8, right: 8, containLabel: true },
        // Right to left: categories run from the right and the value axis stands on the right.
        xAxis: { type: 'category', data: categories, inverse: rtl, axisLabel, axisLine, boundaryGap: !line },
        yAxis: {
          type: 'value',
          position: rtl ? 'right' : 'left',
          axisLabel,
          splitLine: { lineStyle: { color: token.colorSplit } },
        },
        series: series.map((s) => ({
          name: s.name,
          type: line ? 'line' : 'bar',
          data: s.values,
          stack: stacked ? 'total' : undefined,
          areaStyle: kind === 'stacked-area' ? { opacity: 0.35 } : undefined,
          showSymbol: categories.length < 40,
          barMaxWidth: 48,
          emphasis: { focus: 'series' },
        })),
      },
      { notMerge: true },
    );
  }, [kind, categories, series, rtl, token]);

  return <div ref={host} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
