import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Row, Statistic, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useProduct } from '@/app/product/index.ts';
import { Chart, type ChartProps } from '@/shared/chart/index.ts';
import { serverFieldErrors, showFieldErrors, validateWith } from '@/shared/crud/index.ts';
import { DayInput } from '@/shared/crud/PickerInputs.tsx';
import { formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { useLocale } from '@/shared/i18n.ts';
import { DataTable, type DataTableProps } from '@/shared/ui/index.ts';

/**
 * The pieces the customer-service statistics pages share (data statistics, classification,
 * auto-reply, quality): a window of days checked by the page's schema, the statistics of the game
 * for that window, the figures as cards, and the server's refusal as an alert. Labels come from the
 * `csStats` namespace, which each of these pages loads.
 */

/** A UTC day `offset` days from today; windows end a day ahead so that zones east of UTC see their today. */
export const statsDayOf = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The default window: the last week. */
export const lastWeek = () => ({ from: statsDayOf(-6), to: statsDayOf(1) });
/** A count in a table cell (the cell's other arguments are not a language). */
export const countCell = (value: number) => formatNumber(value);
export const orDash = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : formatNumber(value);

/** The game's statistics at `path` for the window (kept on screen while the next loads). */
export function useStats<T>(path: string, window: object) {
  const productId = useProduct((s) => s.productId);
  return useQuery({
    queryKey: [path, productId, window],
    enabled: productId !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => http.get<T>(path, window as Record<string, string>, { signal, silent: true }),
  });
}

interface WindowFormProps<W extends { from: string; to: string }> {
  /** The page's query schema: the window is applied only when it passes. */
  schema: z.ZodType;
  value: W;
  onApply: (window: W) => void;
  /** Prefix of the inputs' ids (two forms on one page stay apart). */
  id: string;
  /** More fields after the search button (a grouping), and actions (an export). */
  extra?: ReactNode;
  onValuesChange?: (changed: Partial<W>) => void;
}

/** The window's form: first and last day, checked by the schema before it is applied. */
export function StatsWindowForm<W extends { from: string; to: string }>(props: WindowFormProps<W>) {
  const { t } = useTranslation(['csStats', 'crud']);
  const lang = useLocale((s) => s.language);
  const [form] = Form.useForm<W>();
  const apply = () => {
    const checked = validateWith(props.schema, { ...props.value, ...form.getFieldsValue(true) }, lang);
    if (!checked.ok) {
      showFieldErrors(form, checked.errors);
      return;
    }
    props.onApply(checked.data as W);
  };
  return (
    <Card size="small" style={{ marginBlockEnd: 16 }}>
      <Form
        form={form}
        layout="inline"
        initialValues={props.value}
        onFinish={apply}
        data-testid={`${props.id}-form`}
        onValuesChange={props.onValuesChange}
      >
        <Flex gap={8} wrap align="start">
          <Form.Item name="from" htmlFor={`${props.id}-from`} label={t('from')}>
            <DayInput id={`${props.id}-from`} />
          </Form.Item>
          <Form.Item name="to" htmlFor={`${props.id}-to`} label={t('to')}>
            <DayInput id={`${props.id}-to`} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('crud:search.search')}
            </Button>
          </Form.Item>
          {props.extra}
        </Flex>
      </Form>
    </Card>
  );
}

/** The server's refusal of a statistics request (the window's field messages, or its message). */
export function StatsProblem({ error }: { error: unknown }) {
  if (!error) return null;
  const fields = serverFieldErrors(error);
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBlockEnd: 16 }}
      title={fields ? Object.values(fields).join(' ') : (error as Error).message}
    />
  );
}

/** The window's totals as a row of cards (`total-<name>` for tests). */
export function StatsTotals({ items }: { items: [name: string, title: string, value: string][] }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBlockEnd: 16 }}>
      {items.map(([name, title, value]) => (
        <Col key={name} xs={12} sm={8} xl={4}>
          <Card size="small" data-testid={`total-${name}`}>
            <Statistic title={title} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** A statistics page's title, and its intro (which names the zone of the window's days). */
export function StatsHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
    </>
  );
}

/** A chart of the window in a small card titled as the chart is named; `inRow`: a card of a row of charts. */
export function StatsChart({
  title,
  inRow,
  ...chart
}: Omit<ChartProps, 'label'> & { title: string; inRow?: boolean }) {
  return (
    <Card size="small" title={title} style={inRow ? undefined : { marginBlockEnd: 16 }}>
      <Chart label={title} {...chart} />
    </Card>
  );
}

/** The window's rows as a table, `pageSize` rows a page (staff may choose another size). */
export function StatsTable<Row extends object>(props: {
  rowKey: DataTableProps<Row>['rowKey'];
  loading: boolean;
  columns: ColumnsType<Row>;
  rows: Row[];
  pageSize?: number;
}) {
  return (
    <DataTable<Row>
      rowKey={props.rowKey}
      loading={props.loading}
      columns={props.columns}
      dataSource={props.rows}
      pagination={{ defaultPageSize: props.pageSize ?? 20, showSizeChanger: true }}
    />
  );
}
