import { useState } from 'react';
import { Card, Empty, Flex, Segmented, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VersionAdoption } from '@rx/contracts/version-logs';
import { Chart } from '@/shared/chart/index.ts';
import { resourceKey } from '@/shared/crud/index.ts';
import { http } from '@/shared/http.ts';

const RANGES = [7, 14, 30, 90] as const;

/** Players signing in per app version and day (UTC), from what games report: how a release is taken up. */
export function AdoptionChart() {
  const { t } = useTranslation('releases');
  const [days, setDays] = useState<(typeof RANGES)[number]>(14);
  const adoption = useQuery({
    queryKey: resourceKey('version-logs', 'adoption', days),
    queryFn: ({ signal }) => http.get<VersionAdoption>('/version-logs/adoption', { days }, { signal }),
  });
  const data = adoption.data;
  const series = data
    ? [
        ...data.versions.map((v) => ({ name: v.version, values: v.players })),
        ...(data.other ? [{ name: t('adoption.other'), values: data.other }] : []),
      ]
    : [];
  return (
    <Card
      size="small"
      style={{ marginBlockEnd: 16 }}
      title={t('adoption.title')}
      extra={
        <Segmented
          size="small"
          value={days}
          onChange={(v) => setDays(v as (typeof RANGES)[number])}
          options={RANGES.map((n) => ({ value: n, label: t('adoption.days', { n }) }))}
          aria-label={t('adoption.range')}
        />
      }
      data-testid="adoption"
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('adoption.hint')}</Typography.Text>
        {data && series.length === 0 ? (
          <Empty description={t('adoption.none')} />
        ) : (
          <Chart
            kind="stacked-bar"
            categories={data?.days.map((d) => d.slice(5)) ?? []}
            series={series}
            label={t('adoption.title')}
            height={260}
          />
        )}
      </Flex>
    </Card>
  );
}
