import { useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Input, Radio, Row, Statistic, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CS_STATS_GROUPS,
  csStatsQuery,
  type CsStats,
  type CsStatsGroup,
  type CsStatsRow,
} from '@rx/contracts/cs-insights';
import { useProduct } from '@/app/product/index.ts';
import { Chart } from '@/shared/chart/index.ts';
import { serverFieldErrors, showFieldErrors, validateWith } from '@/shared/crud/index.ts';
import { formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { useLocale } from '@/shared/i18n.ts';
import { DataTable } from '@/shared/ui/index.ts';

type Window = { from: string; to: string; by: CsStatsGroup };

/** A UTC day; the window ends a day ahead so that zones east of UTC see their today. */
const dayOf = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const orDash = (value: number | null) => (value === null ? '—' : formatNumber(value));

/**
 * Data statistics (`service/see/data_statistics`): conversations, handoffs, resolutions, first
 * response and resolution time (business minutes, net of holidays), first replies within the SLA
 * and satisfaction, by day, agent or team, with charts and the numbers as a table.
 */
export function DataStatisticsPage() {
  const { t } = useTranslation(['csStats', 'cs']);
  const lang = useLocale((s) => s.language);
  const productId = useProduct((s) => s.productId);
  const [form] = Form.useForm<Window>();
  const [window, setWindow] = useState<Window>({ from: dayOf(-6), to: dayOf(1), by: 'day' });
  const stats = useQuery({
    queryKey: ['cs-stats', productId, window],
    enabled: productId !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => http.get<CsStats>('/cs/stats', window, { signal, silent: true }),
  });
  const apply = () => {
    const values = { ...window, ...form.getFieldsValue(true) };
    const checked = validateWith(csStatsQuery, values, lang);
    if (!checked.ok) {
      showFieldErrors(form, checked.errors);
      return;
    }
    setWindow(checked.data as Window);
  };
  const serverProblem = stats.isError ? serverFieldErrors(stats.error) : null;

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
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.dataStatistics')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('intro', { zone: stats.data?.time_zone ?? '' })}
      </Typography.Paragraph>
      <Card size="small" style={{ marginBlockEnd: 16 }}>
        <Form
          form={form}
          layout="inline"
          initialValues={window}
          onFinish={apply}
          data-testid="cs-stats-form"
          onValuesChange={(changed: Partial<Window>) => {
            if (changed.by) setWindow((w) => ({ ...w, by: changed.by! }));
          }}
        >
          <Flex gap={8} wrap align="start">
            <Form.Item name="from" htmlFor="cs-stats-from" label={t('from')}>
              <Input id="cs-stats-from" type="date" />
            </Form.Item>
            <Form.Item name="to" htmlFor="cs-stats-to" label={t('to')}>
              <Input id="cs-stats-to" type="date" />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit">
                {t('crud:search.search')}
              </Button>
            </Form.Item>
            <Form.Item name="by" label={t('groupBy')}>
              <Radio.Group
                optionType="button"
                aria-label={t('groupBy')}
                options={CS_STATS_GROUPS.map((g) => ({ value: g, label: t(`by.${g}`) }))}
              />
            </Form.Item>
          </Flex>
        </Form>
      </Card>
      {stats.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBlockEnd: 16 }}
          title={serverProblem ? Object.values(serverProblem).join(' ') : (stats.error as Error).message}
        />
      )}
      <Row gutter={[16, 16]} style={{ marginBlockEnd: 16 }}>
        {(
          [
            ['conversations', formatNumber(total?.conversations ?? 0)],
            ['handedOff', formatNumber(total?.handed_off ?? 0)],
            ['firstResponse', orDash(total?.first_response_minutes ?? null)],
            ['resolution', orDash(total?.resolution_minutes ?? null)],
            ['slaMet', formatNumber(total?.first_reply_sla_met ?? 0)],
            ['satisfaction', orDash(total?.satisfaction ?? null)],
          ] as const
        ).map(([name, value]) => (
          <Col key={name} xs={12} sm={8} xl={4}>
            <Card size="small" data-testid={`total-${name}`}>
              <Statistic title={t(name)} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
      {rows.length > 0 && (
        <Row gutter={[16, 16]} style={{ marginBlockEnd: 16 }}>
          <Col xs={24} xl={12}>
            <Card size="small" title={t('volumeChart')}>
              <Chart
                kind="bar"
                label={t('volumeChart')}
                categories={rows.map(labelOf)}
                series={[
                  { name: t('conversations'), values: rows.map((r) => r.conversations) },
                  { name: t('resolved'), values: rows.map((r) => r.resolved) },
                ]}
                height={260}
              />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card size="small" title={t('timeChart')}>
              <Chart
                kind="line"
                label={t('timeChart')}
                categories={rows.map(labelOf)}
                series={[
                  { name: t('firstResponse'), values: rows.map((r) => r.first_response_minutes ?? 0) },
                  { name: t('resolution'), values: rows.map((r) => r.resolution_minutes ?? 0) },
                  { name: t('satisfaction'), values: rows.map((r) => r.satisfaction ?? 0) },
                ]}
                height={260}
              />
            </Card>
          </Col>
        </Row>
      )}
      <DataTable<CsStatsRow>
        rowKey="key"
        loading={stats.isFetching}
        columns={columns}
        dataSource={rows}
        pagination={{ defaultPageSize: 31, showSizeChanger: true }}
      />
    </>
  );
}
