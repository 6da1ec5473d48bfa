import type { ComponentProps, ReactNode } from 'react';
import {
  StatsHeading,
  StatsProblem,
  StatsTable,
  StatsTotals,
  StatsWindowForm,
} from '@/shared/cs/StatsWindow.tsx';

type TableProps<Row extends object> = ComponentProps<typeof StatsTable<Row>>;

/**
 * A customer-service statistics report, laid out as every one of them is: its title and intro (none
 * in a tab), the window's form, the server's refusal, the totals as cards, the page's chart, and the
 * rows as a table.
 */
export function StatsReport<W extends { from: string; to: string }, Row extends object>(
  props: {
    heading?: { title: string; intro: string };
    form: ComponentProps<typeof StatsWindowForm<W>>;
    /** The statistics' query (`useStats`): its refusal and whether it is loading. */
    stats: { error: unknown; isFetching: boolean };
    totals: ComponentProps<typeof StatsTotals>['items'];
    /** The page's chart, when there is something to chart. */
    chart?: ReactNode;
  } & Omit<TableProps<Row>, 'loading'>,
) {
  const { heading, form, stats, totals, chart, ...table } = props;
  return (
    <>
      {heading && <StatsHeading {...heading} />}
      <StatsWindowForm<W> {...form} />
      <StatsProblem error={stats.error} />
      <StatsTotals items={totals} />
      {chart}
      <StatsTable<Row> {...table} loading={stats.isFetching} />
    </>
  );
}
