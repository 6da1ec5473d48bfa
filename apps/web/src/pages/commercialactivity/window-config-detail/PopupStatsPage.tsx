import { useMemo, useState } from 'react';
import { Card, Descriptions, Result, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { popupsResource, type Popup, type PopupStats, type PopupStatsDay } from '@rx/contracts/popups';
import { useProduct } from '@/app/product/index.ts';
import { formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DailyFigures, DailyHeading, lastDays, type DaySpan } from '@/shared/ui/DailyFigures.tsx';

const percent = (ctr: number) => `${(ctr * 100).toFixed(2)}%`;

/** A pop-up's stats (`window-config-detail/:window_id`): totals, a chart and a table per day (UTC). */
export function PopupStatsPage() {
  const { t } = useTranslation('popups');
  const { window_id: windowId } = useParams();
  const productId = useProduct((s) => s.productId);
  const [span, setSpan] = useState<DaySpan>(30);
  const id = windowId && /^[1-9]\d{0,9}$/.test(windowId) ? Number(windowId) : null;
  const popup = useQuery({
    queryKey: [popupsResource.name, 'item', productId, id],
    queryFn: () => http.get<Popup>(`/${popupsResource.name}/${id}`, undefined, { silent: true }),
    enabled: !!productId && id !== null,
    retry: false,
  });
  const stats = useQuery({
    queryKey: [popupsResource.name, 'stats', productId, id, span],
    // The last `span` days up to today (UTC), read when asked.
    queryFn: () => http.get<PopupStats>(`/${popupsResource.name}/${id}/stats`, lastDays(span)),
    enabled: !!productId && !!popup.data,
  });
  const columns = useMemo<ColumnsType<PopupStatsDay>>(
    () => [
      { title: t('stats.day'), dataIndex: 'day', width: 120 },
      {
        title: t('stats.exposures'),
        dataIndex: 'exposures',
        width: 110,
        render: (v: number) => formatNumber(v),
      },
      { title: t('stats.clicks'), dataIndex: 'clicks', width: 100, render: (v: number) => formatNumber(v) },
      { title: t('stats.closes'), dataIndex: 'closes', width: 100, render: (v: number) => formatNumber(v) },
      { title: t('stats.players'), dataIndex: 'players', width: 100, render: (v: number) => formatNumber(v) },
      { title: t('stats.ctr'), dataIndex: 'ctr', width: 90, render: percent },
    ],
    [t],
  );

  const back = <Link to="/commercialactivity/window-config">{t('stats.back')}</Link>;
  if (!windowId) return <Result status="info" title={t('stats.choose')} extra={back} />;
  if (id === null || popup.isError) return <Result status="404" title={t('stats.notFound')} extra={back} />;
  const data = stats.data;
  const days = data?.days ?? [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <DailyHeading
        t={t}
        title={
          <>
            {t('stats.title', { name: popup.data?.name ?? '' })}{' '}
            {popup.data && <Tag>{t(`common:lifecycleStates.${popup.data.status}`)}</Tag>}
          </>
        }
        span={span}
        onSpan={setSpan}
        back={back}
      />
      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 5 }}
          items={[
            { key: 'e', label: t('stats.exposures'), children: formatNumber(data?.totals.exposures ?? 0) },
            { key: 'c', label: t('stats.clicks'), children: formatNumber(data?.totals.clicks ?? 0) },
            { key: 'x', label: t('stats.closes'), children: formatNumber(data?.totals.closes ?? 0) },
            { key: 'p', label: t('stats.players'), children: formatNumber(data?.totals.players ?? 0) },
            { key: 'r', label: t('stats.ctr'), children: percent(data?.totals.ctr ?? 0) },
          ]}
        />
        <Typography.Text type="secondary">{t('stats.utcNote')}</Typography.Text>
      </Card>
      <DailyFigures<PopupStatsDay>
        label={t('stats.chart')}
        days={days}
        series={[
          [t('stats.exposures'), (d) => d.exposures],
          [t('stats.clicks'), (d) => d.clicks],
        ]}
        columns={columns}
        loading={stats.isLoading}
        pagination={false}
        scrollX={620}
        testId="popup-stats-table"
      />
    </Space>
  );
}
