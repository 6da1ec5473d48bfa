import { useMemo } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Popconfirm, Progress, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AD_PROMOTION_MOVES,
  AD_PROMOTION_STATUSES,
  adPromotionsResource,
  type AdPromotion,
  type AdPromotionChoices,
} from '@rx/contracts/ad-promotions';
import { usePermission } from '@/app/permission/index.ts';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { formatMoney, formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { MediumField, mediumName, mediumSearch } from '../_tools/media.tsx';

const RESOURCE = adPromotionsResource;

/** The form keeps cents (as the API takes them); staff type yuan. */
const asYuan = {
  getValueProps: (value: number | null | undefined) => ({ value: value == null ? null : value / 100 }),
  normalize: (value: number | null) => (value == null ? 0 : Math.round(value * 100)),
};
/** A day kept as `YYYY-MM-DD`. */
const asDay = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

const today = () => dayjs().format('YYYY-MM-DD');
const NEW_PROMOTION = {
  name: '',
  media: ['tencent'],
  start_day: today(),
  end_day: dayjs().add(13, 'day').format('YYYY-MM-DD'),
  budget: 0,
  target_cpa: 0,
  target_roi: 0,
  target_conversions: 0,
  ad_account_ids: [],
  campaign_ids: [],
  window_id: null,
  note: '',
};
const STATUS_COLORS = { draft: 'default', active: 'processing', ended: 'success' } as const;
const byLabel = (input: string, option?: { label?: string }) =>
  (option?.label ?? '').toLowerCase().includes(input.toLowerCase());

function PromotionForm() {
  const { t } = useTranslation('adPromotions');
  const media = Form.useWatch<string[] | undefined>('media') ?? [];
  const choices = useQuery({
    queryKey: ['ad-promotions', 'choices'],
    queryFn: ({ signal }) => http.get<AdPromotionChoices>('/ad-promotions/choices', {}, { signal }),
  });
  const accounts = (choices.data?.accounts ?? []).filter((a) => media.includes(a.media));
  const windows = (choices.data?.windows ?? []).filter((w) => media.includes(w.media));
  return (
    <>
      <Form.Item name="name" htmlFor="ad-promo-name" label={t('columns.name')} required>
        <Input id="ad-promo-name" maxLength={60} />
      </Form.Item>
      <MediumField id="ad-promo-media" label={t('columns.media')} mode="multiple" />
      <Space wrap>
        <Form.Item
          name="start_day"
          htmlFor="ad-promo-start"
          label={t('columns.startDay')}
          required
          {...asDay}
        >
          <DatePicker id="ad-promo-start" allowClear={false} />
        </Form.Item>
        <Form.Item name="end_day" htmlFor="ad-promo-end" label={t('columns.endDay')} required {...asDay}>
          <DatePicker id="ad-promo-end" allowClear={false} />
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item name="budget" htmlFor="ad-promo-budget" label={t('fields.budgetYuan')} {...asYuan}>
          <InputNumber id="ad-promo-budget" min={0} step={1000} />
        </Form.Item>
        <Form.Item name="target_cpa" htmlFor="ad-promo-cpa" label={t('fields.targetCpaYuan')} {...asYuan}>
          <InputNumber id="ad-promo-cpa" min={0} step={1} />
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item name="target_conversions" htmlFor="ad-promo-conv" label={t('fields.targetConversions')}>
          <InputNumber id="ad-promo-conv" min={0} step={10} />
        </Form.Item>
        <Form.Item name="target_roi" htmlFor="ad-promo-roi" label={t('fields.targetRoi')}>
          <InputNumber id="ad-promo-roi" min={0} max={100000} step={5} />
        </Form.Item>
      </Space>
      <Form.Item
        name="ad_account_ids"
        htmlFor="ad-promo-accounts"
        label={t('columns.accounts')}
        extra={t('hints.accounts')}
        required
      >
        <Select
          id="ad-promo-accounts"
          mode="multiple"
          showSearch={{ filterOption: byLabel }}
          loading={choices.isFetching}
          notFoundContent={t('noAccounts')}
          options={accounts.map((a) => ({ value: a.id, label: `${a.name} (${a.account_id})` }))}
        />
      </Form.Item>
      <Form.Item
        name="campaign_ids"
        htmlFor="ad-promo-campaigns"
        label={t('fields.campaigns')}
        extra={t('hints.campaigns')}
      >
        <Select id="ad-promo-campaigns" mode="tags" tokenSeparators={[',', ' ']} />
      </Form.Item>
      <Form.Item name="window_id" htmlFor="ad-promo-window" label={t('columns.window')}>
        <Select
          id="ad-promo-window"
          allowClear
          options={windows.map((w) => ({ value: w.id, label: w.name }))}
        />
      </Form.Item>
      <Form.Item name="note" htmlFor="ad-promo-note" label={t('columns.note')}>
        <Input.TextArea id="ad-promo-note" maxLength={500} rows={2} />
      </Form.Item>
    </>
  );
}

/**
 * Promotion activities (`promotion-activitie`): campaign plans across media with their days,
 * budget, targets, accounts and window; activate and end; each row's roll-up of its accounts'
 * reported figures over its days (spend against the budget, CPA and conversions against targets).
 */
export function PromotionsPage() {
  const { t, i18n } = useTranslation('adPromotions');
  const client = useQueryClient();
  const canEdit = usePermission([RESOURCE.permissions.edit]);
  const move = useMutation({
    mutationFn: ({ row, action }: { row: AdPromotion; action: 'activate' | 'end' }) =>
      http.post<AdPromotion>(`/${RESOURCE.name}/${row.id}/status`, { action, version: row.version }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [RESOURCE.name] }),
  });
  const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents, 'CNY'));
  const met = (value: boolean | null) =>
    value === null ? null : <Tag color={value ? 'green' : 'red'}>{t(value ? 'met' : 'missed')}</Tag>;
  const columns = useMemo<ColumnsType<AdPromotion>>(
    () => [
      { title: t('columns.name'), dataIndex: 'name', width: 180, sorter: true, ellipsis: true },
      {
        title: t('columns.status'),
        dataIndex: 'status',
        width: 100,
        render: (v: AdPromotion['status']) => <Tag color={STATUS_COLORS[v]}>{t(`statuses.${v}`)}</Tag>,
      },
      {
        title: t('columns.media'),
        dataIndex: 'media',
        width: 160,
        render: (v: string[]) => v.map((code) => mediumName(t, code)).join(' · '),
      },
      {
        title: t('columns.days'),
        key: 'start_day',
        width: 200,
        sorter: true,
        render: (_: unknown, p: AdPromotion) => <span dir="ltr">{`${p.start_day} → ${p.end_day}`}</span>,
      },
      {
        title: t('columns.spend'),
        key: 'budget',
        width: 190,
        sorter: true,
        render: (_: unknown, p: AdPromotion) => (
          <Space direction="vertical" size={0}>
            <span>
              {money(p.rollup.cost)}
              {p.budget > 0 ? ` / ${money(p.budget)}` : ''}
            </span>
            {p.rollup.budget_used !== null && (
              <Progress
                percent={Math.round(p.rollup.budget_used * 100)}
                size="small"
                status={p.rollup.budget_used > 1 ? 'exception' : 'normal'}
                aria-label={t('columns.budgetUsed')}
              />
            )}
          </Space>
        ),
      },
      // The conversions and the CPA, each beside whether its goal is met.
      ...(
        [
          ['conversions', (p: AdPromotion) => formatNumber(p.rollup.conversions), 'conversions_met'],
          ['cpa', (p: AdPromotion) => money(p.rollup.cpa), 'cpa_met'],
        ] as const
      ).map(([key, figure, goal]) => ({
        title: t(`columns.${key}`),
        key,
        width: 140,
        align: 'end' as const,
        render: (_: unknown, p: AdPromotion) => (
          <Space size={4}>
            {figure(p)}
            {met(p.rollup[goal])}
          </Space>
        ),
      })),
      {
        title: t('columns.clicks'),
        key: 'clicks',
        width: 150,
        align: 'end',
        render: (_: unknown, p: AdPromotion) =>
          `${formatNumber(p.rollup.clicks)} / ${formatNumber(p.rollup.impressions)}`,
      },
      {
        title: t('columns.accounts'),
        key: 'accounts',
        width: 200,
        ellipsis: true,
        render: (_: unknown, p: AdPromotion) => p.accounts.map((a) => a.name).join(', '),
      },
      { title: t('columns.window'), dataIndex: 'window_name', width: 140, ellipsis: true },
      crud.updatedAtColumn<AdPromotion>(t),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
  return (
    <ResourceListPage<AdPromotion>
      resource={RESOURCE}
      title={t('menu:page.promotionActivities')}
      columns={columns}
      sortFields={{ start_day: 'start_day', budget: 'budget' }}
      drawerWidth={620}
      actionsWidth={240}
      search={[
        {
          ...crud.enumSearch(t, 'status', t('columns.status'), AD_PROMOTION_STATUSES, 'statuses'),
          width: 120,
        },
        mediumSearch(t),
      ]}
      newItem={NEW_PROMOTION}
      nameOf={(p) => p.name}
      form={() => <PromotionForm />}
      rowRule={(p) => (p.status === 'ended' ? { edit: false, note: t('endedNote') } : {})}
      rowActions={(p) =>
        canEdit && (
          <>
            {AD_PROMOTION_MOVES[p.status].activate && (
              <Popconfirm
                title={t('activateConfirm', { name: p.name })}
                onConfirm={() => move.mutate({ row: p, action: 'activate' })}
              >
                <Button size="small" type="link">
                  {t('activate')}
                </Button>
              </Popconfirm>
            )}
            {AD_PROMOTION_MOVES[p.status].end && (
              <Popconfirm
                title={t('endConfirm', { name: p.name })}
                onConfirm={() => move.mutate({ row: p, action: 'end' })}
              >
                <Button size="small" type="link" danger>
                  {t('end')}
                </Button>
              </Popconfirm>
            )}
          </>
        )
      }
    />
  );
}
