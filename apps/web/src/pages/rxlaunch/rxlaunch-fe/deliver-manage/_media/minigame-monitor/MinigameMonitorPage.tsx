import { useMemo, useState } from 'react';
import { Form, Input, InputNumber, Select, Space, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  AD_MINIGAME_METRICS,
  AD_MINIGAME_OPS,
  adMinigameAlertsResource,
  adMinigameReportsResource,
  type AdMinigameAlert,
  type AdMinigameRow,
  type AdMinigameSummary,
} from '@rx/contracts/ad-minigames';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import * as crud from '@/shared/crud/index.ts';
import { apiQuery, useListParams } from '@/shared/crud/index.ts';
import { figureColumn } from '@/shared/crud/figure-column.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import type { ListAnswer } from '@/shared/crud/resource.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatMoney, formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { currentLanguage } from '@/shared/i18n.ts';
import { usePullDays } from '../../_tools/PullDaysModal.tsx';
import { FigureCards } from '../../_tools/report-parts.tsx';
import { accountLabel } from '../../_tools/account-label.ts';

const RESOURCE = adMinigameReportsResource;
const ALERTS = adMinigameAlertsResource;
type Translate = (key: string, options?: Record<string, unknown>) => string;

const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents, 'CNY', currentLanguage()));
const roiText = (v: number | null) => (v === null ? '—' : `${formatNumber(v)}%`);
/** A threshold's value as staff read it: ROI in percent, money in yuan. */
const isMoney = (metric: string) => metric === 'cost' || metric === 'register_cost';

/**
 * Tencent's mini-game monitor: per account, mini-game and day — spend, registrations, first-day and
 * cumulative paying users and revenue, ROI on day 1/3/7 — with the days breaking a threshold tagged;
 * the thresholds staff set in the second tab; pull a range again (a job) and export.
 */
export function MinigameMonitorPage() {
  const { t } = useTranslation('adMinigames');
  const [tab, setTab] = useState('days');
  const [, setSearch] = useSearchParams();
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => {
        setSearch({}, { replace: true });
        setTab(key);
      }}
      destroyOnHidden
      items={[
        { key: 'days', label: t('tabs.days'), children: tab === 'days' && <MonitorDays /> },
        { key: 'alerts', label: t('tabs.alerts'), children: tab === 'alerts' && <AlertList /> },
      ]}
    />
  );
}

function MonitorDays() {
  const { t } = useTranslation('adMinigames');
  const toast = useMessage();
  const client = useQueryClient();
  const productId = useProduct((s) => s.productId);
  const canPull = usePermission([RESOURCE.permissions.edit]);
  const canExport = usePermission([RESOURCE.permissions.export]);
  const [params, setParams] = useListParams(RESOURCE.filters);
  const query = apiQuery(params);
  const key = [RESOURCE.name, productId];
  const list = useQuery({
    queryKey: [...key, 'list', query],
    queryFn: ({ signal }) => http.get<ListAnswer<AdMinigameRow>>(`/${RESOURCE.name}`, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: !!productId,
  });
  const summary = useQuery({
    queryKey: [...key, 'summary', params.filters],
    queryFn: ({ signal }) =>
      http.get<AdMinigameSummary>(`/${RESOURCE.name}/summary`, params.filters, { signal }),
    placeholderData: keepPreviousData,
    enabled: !!productId,
  });
  const accountOptions = (summary.data?.accounts ?? []).map((a) => ({
    value: String(a.id),
    label: accountLabel(a.name, a.account_id),
  }));
  const pull = usePullDays({
    allowed: canPull,
    label: t('ads:reports.pull'),
    path: `/${RESOURCE.name}/pull`,
    accounts: accountOptions,
    onStarted: (job) => {
      toast.success(t('ads:reports.pullStarted', { id: job.job_id }));
      void client.invalidateQueries({ queryKey: [RESOURCE.name] });
    },
  });
  const columns = useMemo<ColumnsType<AdMinigameRow>>(
    () => [
      { title: t('columns.day'), dataIndex: 'day', width: 110, sorter: true },
      {
        title: t('columns.account'),
        dataIndex: 'account_id',
        width: 200,
        render: (id: string, r) => accountLabel(r.account_name, id),
      },
      {
        title: t('columns.miniGame'),
        dataIndex: 'mini_game_id',
        width: 180,
        render: (v: string) => <span dir="ltr">{v}</span>,
      },
      figureColumn<AdMinigameRow>(t('columns.cost'), 'cost', 130, { sorter: true, render: money }),
      figureColumn<AdMinigameRow>(t('columns.impressions'), 'impressions', 110),
      figureColumn<AdMinigameRow>(t('columns.clicks'), 'clicks', 90),
      figureColumn<AdMinigameRow>(t('columns.activations'), 'activations', 100),
      figureColumn<AdMinigameRow>(t('columns.registrations'), 'registrations', 100, { sorter: true }),
      figureColumn<AdMinigameRow>(t('columns.registerCost'), 'register_cost', 120, { render: money }),
      figureColumn<AdMinigameRow>(t('columns.payUsersD1'), 'pay_users_d1', 110),
      figureColumn<AdMinigameRow>(t('columns.payAmountD1'), 'pay_amount_d1', 130, { render: money }),
      figureColumn<AdMinigameRow>(t('columns.payUsers'), 'pay_users', 110),
      figureColumn<AdMinigameRow>(t('columns.payAmount'), 'pay_amount', 130, { sorter: true, render: money }),
      figureColumn<AdMinigameRow>(t('columns.roiD1'), 'roi_d1', 90, { render: roiText }),
      figureColumn<AdMinigameRow>(t('columns.roiD3'), 'roi_d3', 90, { render: roiText }),
      figureColumn<AdMinigameRow>(t('columns.roiD7'), 'roi_d7', 90, { render: roiText }),
      {
        title: t('columns.alerts'),
        dataIndex: 'alerts',
        width: 180,
        render: (alerts: AdMinigameRow['alerts']) =>
          alerts.length ? (
            <Space size={4} wrap>
              {alerts.map((a) => (
                <Tag key={a.id} color="red">
                  {a.name}
                </Tag>
              ))}
            </Space>
          ) : (
            '—'
          ),
      },
    ],
    [t],
  );
  const totals = summary.data?.totals;
  const before = (
    <FigureCards
      figures={(
        [
          ['cost', money(totals?.cost ?? 0)],
          ['registrations', formatNumber(totals?.registrations ?? 0)],
          ['registerCost', money(totals?.register_cost ?? null)],
          ['payAmountD1', money(totals?.pay_amount_d1 ?? 0)],
          ['payAmount', money(totals?.pay_amount ?? 0)],
          ['roiD1', roiText(totals?.roi_d1 ?? null)],
          ['roiD7', roiText(totals?.roi_d7 ?? null)],
          ['alertingDays', formatNumber(summary.data?.alerting_days ?? 0)],
        ] as const
      ).map(([name, value]) => [t(`totals.${name}`), value] as const)}
    />
  );
  return (
    <QueryListPage<AdMinigameRow>
      title={t('menu:page.minigameMonitor')}
      intro={t('intro')}
      before={before}
      params={params}
      setParams={setParams}
      list={list}
      fields={[
        {
          name: 'ad_account_id',
          label: t('columns.account'),
          kind: 'select',
          options: accountOptions,
          width: 220,
        },
        {
          name: 'mini_game_id',
          label: t('columns.miniGame'),
          kind: 'select',
          options: (summary.data?.mini_games ?? []).map((id) => ({ value: id, label: id })),
          width: 200,
        },
        { name: 'from', label: t('ads:reports.filters.from'), kind: 'date' },
        { name: 'to', label: t('ads:reports.filters.to'), kind: 'date' },
        {
          name: 'alerting',
          label: t('columns.alerts'),
          kind: 'select',
          options: [
            { value: '1', label: t('alertingOnly') },
            { value: '0', label: t('notAlerting') },
          ],
          width: 160,
        },
      ]}
      searchExtra={pull.button}
      rowKey="id"
      toolsId="ad-minigame-reports"
      exportAs={canExport ? RESOURCE.name : false}
      columns={columns}
      sortFields={{ day: 'day', cost: 'cost', registrations: 'registrations', pay_amount: 'pay_amount' }}
      scroll={{ x: 2200 }}
    >
      {pull.dialog}
    </QueryListPage>
  );
}

const metricText = (t: Translate, a: Pick<AdMinigameAlert, 'metric' | 'op' | 'value'>) =>
  `${t(`metrics.${a.metric}`)} ${t(`ops.${a.op}`)} ${isMoney(a.metric) ? money(a.value) : `${a.value}%`}`;

/** The threshold's value: staff type yuan for money, a percentage for ROI; the API keeps cents. */
function ValueField() {
  const { t } = useTranslation('adMinigames');
  const metric = Form.useWatch<string | undefined>('metric') ?? 'cost';
  const yuan = isMoney(metric);
  return (
    <Form.Item
      name="value"
      htmlFor="ad-mg-value"
      label={t(yuan ? 'fields.valueYuan' : 'fields.valuePercent')}
      required
      getValueProps={(v: number | null | undefined) => ({ value: v == null ? null : yuan ? v / 100 : v })}
      normalize={(v: number | null) => (v == null ? null : yuan ? Math.round(v * 100) : Math.round(v))}
    >
      <InputNumber id="ad-mg-value" min={0} />
    </Form.Item>
  );
}

function AlertForm() {
  const { t } = useTranslation('adMinigames');
  const productId = useProduct((s) => s.productId);
  const accounts = useQuery({
    queryKey: [RESOURCE.name, productId, 'summary', {}],
    queryFn: ({ signal }) => http.get<AdMinigameSummary>(`/${RESOURCE.name}/summary`, {}, { signal }),
    enabled: !!productId,
  });
  return (
    <>
      <Form.Item name="name" htmlFor="ad-mg-name" label={t('columns.name')} required>
        <Input id="ad-mg-name" maxLength={60} />
      </Form.Item>
      <Space wrap>
        <Form.Item name="metric" htmlFor="ad-mg-metric" label={t('columns.metric')} required>
          <Select
            id="ad-mg-metric"
            style={{ minWidth: 180 }}
            options={AD_MINIGAME_METRICS.map((m) => ({ value: m, label: t(`metrics.${m}`) }))}
          />
        </Form.Item>
        <Form.Item name="op" htmlFor="ad-mg-op" label={t('columns.op')} required>
          <Select
            id="ad-mg-op"
            style={{ minWidth: 120 }}
            options={AD_MINIGAME_OPS.map((o) => ({ value: o, label: t(`ops.${o}`) }))}
          />
        </Form.Item>
        <ValueField />
      </Space>
      <Form.Item
        name="ad_account_id"
        htmlFor="ad-mg-account"
        label={t('columns.account')}
        extra={t('allAccountsHint')}
      >
        <Select
          id="ad-mg-account"
          allowClear
          loading={accounts.isFetching}
          options={(accounts.data?.accounts ?? []).map((a) => ({
            value: a.id,
            label: `${a.name} (${a.account_id})`,
          }))}
        />
      </Form.Item>
      <crud.SwitchField name="enabled" id="ad-mg-enabled" label={t('columns.enabled')} />
    </>
  );
}

function AlertList() {
  const { t } = useTranslation('adMinigames');
  const columns = useMemo<ColumnsType<AdMinigameAlert>>(
    () => [
      { title: t('columns.name'), dataIndex: 'name', width: 180, sorter: true, ellipsis: true },
      {
        title: t('columns.condition'),
        key: 'condition',
        width: 240,
        render: (_: unknown, a: AdMinigameAlert) => metricText(t, a),
      },
      {
        title: t('columns.account'),
        dataIndex: 'account_name',
        width: 200,
        render: (v: string) => v || t('allAccounts'),
      },
      { title: t('columns.recentHits'), dataIndex: 'recent_hits', width: 130, align: 'end' },
      crud.enabledColumn<AdMinigameAlert>(t, t('columns.enabled'), 90),
      crud.updatedAtColumn<AdMinigameAlert>(t),
    ],
    [t],
  );
  return (
    <ResourceListPage<AdMinigameAlert>
      resource={ALERTS}
      title={t('alertsTitle')}
      columns={columns}
      search={[
        { ...crud.enumSearch(t, 'metric', t('columns.metric'), AD_MINIGAME_METRICS, 'metrics'), width: 160 },
        crud.enabledSearch(t),
      ]}
      newItem={{ name: '', metric: 'roi_d1', op: 'lt', value: 10, ad_account_id: null, enabled: true }}
      nameOf={(a) => a.name}
      form={() => <AlertForm />}
    />
  );
}
