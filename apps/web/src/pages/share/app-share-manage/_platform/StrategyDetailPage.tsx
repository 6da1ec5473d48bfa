import { useMemo, useState } from 'react';
import { Avatar, Card, Descriptions, Input, Result, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  SHARE_LINK_PREFIX,
  pickVariant,
  shareCardsResource,
  shareLinksResource,
  shareStrategiesResource,
} from '@rx/contracts/share';
import type { ShareCard, ShareLink, ShareStrategy, ShareVariant } from '@rx/contracts/share';
import { useProduct } from '@/app/product/index.ts';
import { formatDateTime, formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { useRouteId } from './LinkDetailPage.tsx';
import { usePlatformPage } from './platform.tsx';

/** The rows of one platform resource that variants name, by id (each read once). */
function useRows<T extends { id: number }>(resource: string, ids: number[], query: Record<string, string>) {
  const productId = useProduct((s) => s.productId);
  const answers = useQueries({
    queries: [...new Set(ids)].map((id) => ({
      queryKey: [resource, 'item', productId, query.platform, id],
      queryFn: () => http.get<T>(`/${resource}/${id}`, query, { silent: true }),
      retry: false,
    })),
  });
  return new Map(answers.flatMap((a) => (a.data ? [[a.data.id, a.data] as const] : [])));
}

/**
 * One share strategy (`…/strategy-manage/:id`): its scene, window and weighted variants with each
 * variant's share of players, card and tracked link (and that link's clicks and registers); and
 * which variant a given player gets (the stable bucket the game API uses).
 */
export function StrategyDetailPage() {
  const { t } = useTranslation('share');
  const platform = usePlatformPage();
  const id = useRouteId();
  const productId = useProduct((s) => s.productId);
  const [openid, setOpenid] = useState('');
  // Native sharing has links in both areas: the game's area picks the page.
  const gameRegion = useProduct((s) => s.products.find((p) => p.id === s.productId)?.region);
  const region = platform.region === 'all' ? (gameRegion ?? 'gn') : platform.region;
  const linkKind = region === 'hw' ? 'linkhw-manage' : 'link-manage';
  const strategy = useQuery({
    queryKey: [shareStrategiesResource.name, 'item', productId, platform.code, id],
    queryFn: () =>
      http.get<ShareStrategy>(`/${shareStrategiesResource.name}/${id}`, platform.query, { silent: true }),
    enabled: !!productId && id !== null,
    retry: false,
  });
  const variants = useMemo(() => strategy.data?.variants ?? [], [strategy.data]);
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  const cards = useRows<ShareCard>(
    shareCardsResource.name,
    variants.flatMap((v) => (v.card_id ? [v.card_id] : [])),
    platform.query,
  );
  const links = useRows<ShareLink>(
    shareLinksResource.name,
    variants.flatMap((v) => (v.link_id ? [v.link_id] : [])),
    platform.query,
  );
  const columns: ColumnsType<ShareVariant> = [
    { title: t('strategies.keyShort'), dataIndex: 'key', width: 80 },
    {
      title: t('strategies.share'),
      key: 'share',
      width: 110,
      render: (_, v) => `${v.weight} · ${total ? Math.round((v.weight / total) * 100) : 0}%`,
    },
    {
      title: t('image'),
      dataIndex: 'image_url',
      width: 70,
      render: (url: string, v) => (url ? <Avatar shape="square" size={40} src={url} alt={v.title} /> : '—'),
    },
    { title: t('title'), dataIndex: 'title', width: 180 },
    { title: t('description'), dataIndex: 'description', width: 220, ellipsis: true },
    {
      title: t('strategies.card'),
      dataIndex: 'card_id',
      width: 150,
      render: (cardId: number | null) => (cardId ? (cards.get(cardId)?.title ?? `#${cardId}`) : '—'),
    },
    {
      title: t('strategies.link'),
      dataIndex: 'link_id',
      width: 200,
      render: (linkId: number | null) => {
        if (!linkId) return '—';
        const link = links.get(linkId);
        if (!link) return `#${linkId}`;
        return (
          <Space direction="vertical" size={0}>
            <Link to={`/share/app-share-manage/${platform.code}/${linkKind}/${link.id}`}>
              {`${SHARE_LINK_PREFIX}${link.code}`}
            </Link>
            <Typography.Text type="secondary">
              {t('strategies.linkCounts', {
                clicks: formatNumber(link.clicks),
                registers: formatNumber(link.registers),
              })}
            </Typography.Text>
          </Space>
        );
      },
    },
  ];

  const back = (
    <Link to={`/share/app-share-manage/${platform.code}/strategy-manage`}>{t('detail.back')}</Link>
  );
  if (id === null || strategy.isError)
    return <Result status="404" title={t('detail.notFound')} extra={back} />;
  const row = strategy.data;
  const picked = row && openid.trim() ? pickVariant(row.variants, openid.trim(), row.id) : undefined;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap align="center" style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {`${t(`menu:${platform.titleKey}`)} · ${row?.name ?? ''}`}{' '}
          {row && <Tag>{t(`crud:status.${row.status}`)}</Tag>}
        </Typography.Title>
        {back}
      </Space>
      <Card size="small" loading={strategy.isLoading}>
        {row && (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 4 }}
            items={[
              { key: 'scene', label: t('scene'), children: t(`scenes.${row.scene}`) },
              {
                key: 'starts',
                label: t('strategies.startsAt'),
                children: formatDateTime(row.starts_at) || '—',
              },
              { key: 'ends', label: t('strategies.endsAt'), children: formatDateTime(row.ends_at) || '—' },
              { key: 'updated', label: t('crud:field.updatedAt'), children: formatDateTime(row.updated_at) },
            ]}
          />
        )}
      </Card>
      <DataTable<ShareVariant>
        rowKey="key"
        size="small"
        loading={strategy.isLoading}
        columns={columns}
        dataSource={variants}
        pagination={false}
        scroll={{ x: 1010 }}
        data-testid="share-strategy-variants"
      />
      <Card size="small" title={t('strategies.tryTitle')}>
        <Space wrap align="center">
          <Input
            aria-label={t('strategies.tryOpenid')}
            placeholder={t('strategies.tryOpenid')}
            value={openid}
            maxLength={64}
            onChange={(e) => setOpenid(e.target.value)}
            style={{ width: 240, maxWidth: '100%' }}
          />
          <Typography.Text data-testid="share-strategy-picked">
            {picked
              ? t('strategies.tryAnswer', { key: picked.key, title: picked.title })
              : t('strategies.tryHint')}
          </Typography.Text>
        </Space>
      </Card>
    </Space>
  );
}
