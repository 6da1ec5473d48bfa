/** The console's charts: one lazy ECharts wrapper, themed, right-to-left aware and accessible. */
export { Chart, type ChartProps } from './Chart.tsx';
