import { useMemo, useState } from 'react';
import { Card, Descriptions, Input, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SHARE_PLATFORM_CODES, sharePlatformOf } from '@rx/contracts/dimensions';
import {
  SHARE_FUNNEL_GROUPS,
  SHARE_FUNNEL_STEPS,
  shareTrackingResource,
  type ShareFunnel,
  type ShareFunnelGroup,
  type ShareFunnelGroupRow,
} from '@rx/contracts/share-tracking';
import { useProduct } from '@/app/product/index.ts';
import { Chart } from '@/shared/chart/index.ts';
import { formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DaySpanPicker, lastDays, type DaySpan } from '@/shared/ui/DailyFigures.tsx';
import { DataTable } from '@/shared/ui/index.ts';

/** A step's share of the one before it, as a percentage (— when there was none). */
const rate = (part: number, whole: number) =>
  whole > 0 ? `${Math.round((part / whole) * 1000) / 10}%` : '—';

/**
 * The funnel share → click → install → register → pay per day (UTC): its totals with each step's
 * conversion, the funnel as bars, the days as lines, and the rows grouped by one attribution.
 */
export function FunnelReport() {
  const { t } = useTranslation('shareTracking');
  const productId = useProduct((s) => s.productId);
  const [span, setSpan] = useState<DaySpan>(30);
  const [groupBy, setGroupBy] = useState<ShareFunnelGroup>('channel');
  const [platform, setPlatform] = useState<string | undefined>();
  const [channel, setChannel] = useState('');
  const funnel = useQuery({
    queryKey: [shareTrackingResource.name, 'funnel', productId, span, groupBy, platform, channel],
    queryFn: ({ signal }) =>
      http.get<ShareFunnel>(
        `/${shareTrackingResource.name}/funnel`,
        {
          ...lastDays(span),
          group_by: groupBy,
          ...(platform ? { platform } : {}),
          ...(channel.trim() ? { channel: channel.trim() } : {}),
        },
        { signal },
      ),
    enabled: !!productId,
    placeholderData: keepPreviousData,
  });
  const data = funnel.data;
  const days = data?.days ?? [];
  const totals = data?.totals;
  const stepName = (step: string) => t(`steps.${step}`);
  const groupColumns = useMemo<ColumnsType<ShareFunnelGroupRow>>(
    () => [
      {
        title: t(`groups.${groupBy}`),
        dataIndex: 'key',
        width: 180,
        render: (key: string) =>
          key === ''
            ? t('none')
            : groupBy === 'platform'
              ? t(`menu:${sharePlatformOf(key)?.titleKey ?? key}`)
              : key,
      },
      ...SHARE_FUNNEL_STEPS.map((step) => ({
        title: stepName(step),
        dataIndex: step,
        width: 90,
        render: (v: number) => formatNumber(v),
      })),
      {
        title: t('registerRate'),
        key: 'rate',
        width: 110,
        render: (_: unknown, row: ShareFunnelGroupRow) => rate(row.registers, row.clicks),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, groupBy],
  );
  return (
    <Card size="small" title={t('funnel.title')} data-testid="share-funnel">
      <Space wrap style={{ marginBlockEnd: 12 }}>
        <DaySpanPicker
          label={t('funnel.span')}
          value={span}
          onChange={setSpan}
          optionLabel={(count) => t('funnel.lastDays', { count })}
        />
        <Select
          aria-label={t('groups.platform')}
          placeholder={t('funnel.allPlatforms')}
          allowClear
          value={platform}
          onChange={setPlatform}
          style={{ minWidth: 160 }}
          options={SHARE_PLATFORM_CODES.map((code) => ({
            value: code,
            label: t(`menu:${sharePlatformOf(code)!.titleKey}`),
          }))}
        />
        <Input.Search
          aria-label={t('groups.channel')}
          placeholder={t('groups.channel')}
          allowClear
          onSearch={setChannel}
          style={{ width: 180 }}
        />
        <Select
          aria-label={t('funnel.groupBy')}
          value={groupBy}
          onChange={setGroupBy}
          style={{ minWidth: 140 }}
          options={SHARE_FUNNEL_GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }))}
        />
      </Space>
      <Descriptions
        size="small"
        column={{ xs: 2, sm: 3, md: 5 }}
        items={SHARE_FUNNEL_STEPS.map((step, i) => ({
          key: step,
          label: stepName(step),
          children: (
            <span>
              <strong data-testid={`share-funnel-total-${step}`}>{formatNumber(totals?.[step] ?? 0)}</strong>
              {i > 0 && totals && (
                <Typography.Text type="secondary">{` · ${rate(totals[step], totals[SHARE_FUNNEL_STEPS[i - 1]!])}`}</Typography.Text>
              )}
            </span>
          ),
        }))}
      />
      <Typography.Paragraph type="secondary">{t('funnel.note')}</Typography.Paragraph>
      <Chart
        kind="bar"
        categories={SHARE_FUNNEL_STEPS.map(stepName)}
        series={[{ name: t('funnel.total'), values: SHARE_FUNNEL_STEPS.map((s) => totals?.[s] ?? 0) }]}
        label={t('funnel.chartSteps')}
        height={220}
      />
      <Chart
        kind="line"
        categories={days.map((d) => d.day)}
        series={SHARE_FUNNEL_STEPS.map((step) => ({
          name: stepName(step),
          values: days.map((d) => d[step]),
        }))}
        label={t('funnel.chartDays')}
        height={260}
      />
      <DataTable<ShareFunnelGroupRow>
        rowKey="key"
        size="small"
        loading={funnel.isFetching}
        columns={groupColumns}
        dataSource={data?.groups ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        data-testid="share-funnel-groups"
      />
    </Card>
  );
}
