import { useMemo, useState } from 'react';
import { Card, Descriptions, QRCode, Result, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SHARE_LINK_PREFIX, shareLinksResource } from '@rx/contracts/share';
import type { ShareLink, ShareLinkStats, ShareLinkStatsDay, ShareSharerStats } from '@rx/contracts/share';
import { useProduct } from '@/app/product/index.ts';
import { formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { usePlatformPage } from './platform.tsx';
import { DailyFigures, DailyHeading, lastDays, type DaySpan } from '@/shared/ui/DailyFigures.tsx';

const count = (v: number) => formatNumber(v);

/** The id in the address (`…/link-manage/:id`), or null when it is not one. */
export function useRouteId(): number | null {
  const { id } = useParams();
  return id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}

/**
 * One tracked link (`…/link-manage/:id`, `…/linkhw-manage/:id`): its addresses and tracking values,
 * the short link as a QR code, and its clicks by device, registers and pays per day (UTC) with the
 * sharers whose clicks led furthest.
 */
export function LinkDetailPage() {
  const { t } = useTranslation('share');
  const platform = usePlatformPage();
  const id = useRouteId();
  const productId = useProduct((s) => s.productId);
  const [span, setSpan] = useState<DaySpan>(30);
  const link = useQuery({
    queryKey: [shareLinksResource.name, 'item', productId, platform.code, id],
    queryFn: () => http.get<ShareLink>(`/${shareLinksResource.name}/${id}`, platform.query, { silent: true }),
    enabled: !!productId && id !== null,
    retry: false,
  });
  const stats = useQuery({
    queryKey: [shareLinksResource.name, 'stats', productId, platform.code, id, span],
    queryFn: () =>
      http.get<ShareLinkStats>(`/${shareLinksResource.name}/${id}/stats`, {
        ...platform.query,
        ...lastDays(span),
      }),
    enabled: !!link.data,
  });
  const dayColumns = useMemo<ColumnsType<ShareLinkStatsDay>>(
    () => [
      { title: t('stats.day'), dataIndex: 'day', width: 120 },
      ...(['clicks', 'ios', 'android', 'desktop', 'registers', 'pays'] as const).map((key) => ({
        title: t(`stats.${key}`),
        dataIndex: key,
        width: 90,
        render: count,
      })),
    ],
    [t],
  );
  const sharerColumns = useMemo<ColumnsType<ShareSharerStats>>(
    () => [
      { title: t('stats.sharer'), dataIndex: 'sharer', width: 180 },
      ...(['clicks', 'registers', 'pays'] as const).map((key) => ({
        title: t(`stats.${key}`),
        dataIndex: key,
        width: 90,
        render: count,
      })),
    ],
    [t],
  );

  const listPath = `/share/app-share-manage/${platform.code}/${platform.kind}`;
  const back = <Link to={listPath}>{t('detail.back')}</Link>;
  if (id === null || link.isError) return <Result status="404" title={t('detail.notFound')} extra={back} />;
  const row = link.data;
  const shortUrl = row ? `${window.location.origin}${SHARE_LINK_PREFIX}${row.code}` : '';
  const data = stats.data;
  const days = data?.days ?? [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <DailyHeading
        t={t}
        title={
          <>
            {`${t(`menu:${platform.titleKey}`)} · ${row?.name ?? ''}`}{' '}
            {row && <Tag>{t(`crud:status.${row.status}`)}</Tag>}
          </>
        }
        span={span}
        onSpan={setSpan}
        back={back}
      />
      <Card size="small" loading={link.isLoading}>
        {row && (
          <Space wrap align="start" size="large" style={{ width: '100%' }}>
            {/* antd hands aria attributes to the code's canvas (role img). */}
            <QRCode value={shortUrl} size={132} bordered={false} aria-label={t('links.qr')} />
            <Descriptions
              size="small"
              style={{ minWidth: 0, flex: '1 1 280px' }}
              column={{ xs: 1, md: 2 }}
              items={[
                {
                  key: 'short',
                  label: t('links.short'),
                  children: (
                    <Typography.Text copyable={{ text: shortUrl }} data-testid="share-link-short">
                      {`${SHARE_LINK_PREFIX}${row.code}`}
                    </Typography.Text>
                  ),
                },
                { key: 'scene', label: t('scene'), children: t(`scenes.${row.scene}`) },
                {
                  key: 'target',
                  label: t('links.target'),
                  children: (
                    <Typography.Text style={{ wordBreak: 'break-all' }}>{row.target_url}</Typography.Text>
                  ),
                },
                {
                  key: 'deep',
                  label: t('links.deepLink'),
                  children: (
                    <Typography.Text style={{ wordBreak: 'break-all' }}>
                      {row.deep_link || '—'}
                    </Typography.Text>
                  ),
                },
                {
                  key: 'fallback',
                  label: t('links.fallback'),
                  children: (
                    <Typography.Text style={{ wordBreak: 'break-all' }}>
                      {row.fallback_url || '—'}
                    </Typography.Text>
                  ),
                },
                { key: 'channel', label: t('links.channel'), children: row.channel || '—' },
                { key: 'campaign', label: t('links.campaign'), children: row.campaign || '—' },
              ]}
            />
          </Space>
        )}
      </Card>
      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 2, sm: 3, md: 6 }}
          items={(['clicks', 'ios', 'android', 'desktop', 'registers', 'pays'] as const).map((key) => ({
            key,
            label: t(`stats.${key}`),
            children: <span data-testid={`share-link-total-${key}`}>{count(data?.totals[key] ?? 0)}</span>,
          }))}
        />
        <Typography.Text type="secondary">{t('stats.utcNote')}</Typography.Text>
      </Card>
      <DailyFigures<ShareLinkStatsDay>
        label={t('stats.chart')}
        days={days}
        series={[
          [t('stats.clicks'), (d) => d.clicks],
          [t('stats.registers'), (d) => d.registers],
          [t('stats.pays'), (d) => d.pays],
        ]}
        columns={dayColumns}
        loading={stats.isLoading}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        scrollX={660}
        testId="share-link-days"
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('stats.topSharers')}
      </Typography.Title>
      <DataTable<ShareSharerStats>
        rowKey="sharer"
        size="small"
        loading={stats.isLoading}
        columns={sharerColumns}
        dataSource={data?.sharers ?? []}
        pagination={false}
        scroll={{ x: 450 }}
        data-testid="share-link-sharers"
      />
    </Space>
  );
}
