import { useMemo } from 'react';
import { Alert, Card, Image, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AD_MATERIAL_KINDS,
  adMaterialEffectsResource,
  type AdMaterialEffect,
  type AdMaterialEffectsSummary,
  type AdMaterialKind,
  type AdMaterialOptions,
} from '@rx/contracts/ad-materials';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { Chart } from '@/shared/chart/index.ts';
import { apiQuery, choiceSearch, useListParams } from '@/shared/crud/index.ts';
import { figureColumn } from '@/shared/crud/figure-column.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import type { ListAnswer } from '@/shared/crud/resource.ts';
import { formatMoney, formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { currentLanguage } from '@/shared/i18n.ts';
import { lastBeijingDays } from '../_tools/beijing-days.ts';
import { FigureCards, percent } from '../_tools/report-parts.tsx';

const RESOURCE = adMaterialEffectsResource;
const CURRENCY = 'CNY';

const money = (cents: number | null) =>
  cents === null ? '—' : formatMoney(cents, CURRENCY, currentLanguage());

/**
 * The material effect report (`material-attribution`): each material's spend, impressions, clicks,
 * conversions, CTR, CVR and CPA over a range of days (the last 30 unless chosen), with the totals,
 * the daily chart and the export. A material's figures are its share of the days of the advertiser
 * accounts whose ad groups use it.
 */
export function MaterialEffectsPage() {
  const { t } = useTranslation('adMaterials');
  const productId = useProduct((s) => s.productId);
  const canExport = usePermission([RESOURCE.permissions.export]);
  const [params, setParams] = useListParams(RESOURCE.filters);
  const defaults = useMemo(() => lastBeijingDays(30), []);
  const range = { from: params.filters.from || defaults.from, to: params.filters.to || defaults.to };
  const filters = { ...params.filters, ...range };
  const query = { ...apiQuery(params), ...range };
  const list = useQuery({
    queryKey: [RESOURCE.name, productId, 'list', query],
    queryFn: ({ signal }) => http.get<ListAnswer<AdMaterialEffect>>(`/${RESOURCE.name}`, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: !!productId,
  });
  const summary = useQuery({
    queryKey: [RESOURCE.name, productId, 'summary', filters],
    queryFn: ({ signal }) =>
      http.get<AdMaterialEffectsSummary>(`/${RESOURCE.name}/summary`, filters, { signal }),
    placeholderData: keepPreviousData,
    enabled: !!productId,
  });
  // Labels and sources to filter by: the library's options, for staff who may see the library.
  const canSeeLibrary = usePermission(['launch/see/material']);
  const options = useQuery({
    queryKey: ['ad-materials', productId, 'options'],
    queryFn: ({ signal }) => http.get<AdMaterialOptions>('/ad-materials/options', {}, { signal }),
    enabled: !!productId && canSeeLibrary,
  });

  const columns = useMemo<ColumnsType<AdMaterialEffect>>(
    () => [
      {
        title: t('material'),
        dataIndex: 'name',
        width: 240,
        render: (name: string, m) => (
          <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            {m.kind === 'image' ? (
              <Image
                src={m.url}
                alt={name}
                width={32}
                height={32}
                style={{ objectFit: 'contain' }}
                preview={false}
              />
            ) : (
              <Typography.Text type="secondary">{t('kinds.video')}</Typography.Text>
            )}
            <span>{name}</span>
          </span>
        ),
      },
      figureColumn<AdMaterialEffect>(t('adCount'), 'ad_count', 100),
      figureColumn<AdMaterialEffect>(t('effects.cost'), 'cost', 130, { sorter: true, render: money }),
      figureColumn<AdMaterialEffect>(t('effects.impressions'), 'impressions', 120, { sorter: true }),
      figureColumn<AdMaterialEffect>(t('effects.clicks'), 'clicks', 100, { sorter: true }),
      figureColumn<AdMaterialEffect>(t('effects.ctr'), 'ctr', 90, { render: percent }),
      figureColumn<AdMaterialEffect>(t('effects.conversions'), 'conversions', 110, { sorter: true }),
      figureColumn<AdMaterialEffect>(t('effects.cvr'), 'cvr', 90, { render: percent }),
      figureColumn<AdMaterialEffect>(t('effects.cpa'), 'cpa', 120, { render: money }),
    ],
    [t],
  );

  const totals = summary.data?.totals;
  const days = summary.data?.days ?? [];
  const before = (
    <>
      <Alert type="info" showIcon title={t('effects.how')} style={{ marginBlockEnd: 16 }} />
      <FigureCards
        figures={(
          [
            ['cost', money(totals?.cost ?? 0)],
            ['impressions', formatNumber(totals?.impressions ?? 0)],
            ['clicks', formatNumber(totals?.clicks ?? 0)],
            ['ctr', percent(totals?.ctr ?? null)],
            ['conversions', formatNumber(totals?.conversions ?? 0)],
            ['cvr', percent(totals?.cvr ?? null)],
            ['cpa', money(totals?.cpa ?? null)],
          ] as const
        ).map(([name, value]) => [t(`effects.${name}`), value] as const)}
      />
      {days.length > 0 && (
        <Card size="small" style={{ marginBlockEnd: 16 }}>
          <Chart
            kind="line"
            label={t('effects.chart', range)}
            categories={days.map((d) => d.day)}
            series={[
              { name: t('effects.cost'), values: days.map((d) => d.cost / 100) },
              { name: t('effects.conversions'), values: days.map((d) => d.conversions) },
            ]}
            height={260}
          />
        </Card>
      )}
    </>
  );

  const choices = (list: { id: number; text: string }[] | undefined): [string, string][] =>
    (list ?? []).map((x) => [String(x.id), x.text]);
  return (
    <QueryListPage<AdMaterialEffect>
      title={t('menu:page.materialAttribution')}
      intro={t('effects.intro')}
      before={before}
      params={{ ...params, filters }}
      setParams={setParams}
      list={list}
      fields={[
        { name: 'from', label: t('effects.from'), kind: 'date' },
        { name: 'to', label: t('effects.to'), kind: 'date' },
        { name: 'q', label: t('crud:field.keyword') },
        choiceSearch(
          'kind',
          t('kind'),
          110,
          AD_MATERIAL_KINDS.map((k: AdMaterialKind) => [k, t(`kinds.${k}`)]),
        ),
        ...(canSeeLibrary
          ? [
              choiceSearch('label_id', t('labels'), 150, choices(options.data?.labels)),
              choiceSearch('source_id', t('source'), 150, choices(options.data?.sources)),
            ]
          : []),
      ]}
      rowKey="id"
      toolsId="ad-material-effects"
      exportAs={canExport ? RESOURCE.name : false}
      exportFilters={range}
      columns={columns}
      sortFields={{ cost: 'cost', impressions: 'impressions', clicks: 'clicks', conversions: 'conversions' }}
      scroll={{ x: 1200 }}
    />
  );
}
