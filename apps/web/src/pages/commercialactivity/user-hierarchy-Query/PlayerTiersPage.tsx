import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Segmented,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_TIERS,
  PAY_BASES,
  PAY_TIERS,
  playerTiersAccess,
  type Distribution,
  type TierDimension,
  type TierHistory,
  type TierHistoryRow,
  type TierPlayer,
  type TierSettings,
  type TrendRow,
} from '@rx/contracts/player-tiers';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { serverFieldErrors, showFieldErrors } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { ApiError, http } from '@/shared/http.ts';
import { Chart } from '@/shared/chart/index.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { openidColumn, playerPlaceColumns } from '@/shared/player-link.tsx';

const API = '/player-tiers';
const TIERS: Record<TierDimension, readonly string[]> = { pay: PAY_TIERS, activity: ACTIVITY_TIERS };
const PAY_COLORS: Record<string, string> = {
  non_payer: 'default',
  small: 'blue',
  mid: 'purple',
  whale: 'gold',
};
const ACTIVITY_COLORS: Record<string, string> = {
  new: 'cyan',
  returning: 'green',
  active: 'blue',
  lapsing: 'orange',
  dormant: 'default',
};

type Filters = { by: 'none' | 'channel' | 'region'; channel?: string; region?: string };

/** The user level query: players per payment and activity tier now and over the days. */
export function PlayerTiersPage() {
  const { t } = useTranslation('player-tiers');
  const productId = useProduct((s) => s.productId);
  const canEdit = usePermission([playerTiersAccess.permissions.edit]);
  const canRecompute = usePermission([playerTiersAccess.permissions.approve]);
  const [dimension, setDimension] = useState<TierDimension>('pay');
  const [filters, setFilters] = useState<Filters>({ by: 'none' });
  const [running, setRunning] = useState<number | null>(null);
  const message = useMessage();
  const client = useQueryClient();
  const tierName = (tier: string) => t(`tiers.${tier}`);

  const dist = useQuery({
    queryKey: ['player-tiers', productId, 'distribution', filters],
    queryFn: () =>
      http.get<Distribution>(`${API}/distribution`, {
        by: filters.by,
        ...(filters.channel ? { channel: filters.channel } : {}),
        ...(filters.region ? { region: filters.region } : {}),
      }),
    enabled: !!productId,
  });
  const trend = useQuery({
    queryKey: ['player-tiers', productId, 'trend'],
    queryFn: () => http.get<{ rows: TrendRow[] }>(`${API}/trend`, { days: 30 }),
    enabled: !!productId,
  });

  // "Recompute now" starts a job; the page follows it and reloads when it ends.
  useEffect(() => {
    if (running === null) return;
    const timer = setInterval(async () => {
      const job = await http.get<{ status: string }>(`/jobs/${running}`).catch(() => null);
      if (job && !['queued', 'running'].includes(job.status)) {
        setRunning(null);
        if (job.status === 'succeeded') message.success(t('recomputed'));
        else message.error(t('recomputeFailed'));
        void client.invalidateQueries({ queryKey: ['player-tiers', productId] });
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [running, client, productId, message, t]);
  const recompute = useMutation({
    mutationFn: () => http.post<{ job_id: number }>(`${API}/recompute`),
    onSuccess: ({ job_id }) => setRunning(job_id),
  });

  const tiers = TIERS[dimension];
  const rows = useMemo(
    () => (dist.data?.rows ?? []).filter((r) => r.dimension === dimension),
    [dist.data, dimension],
  );
  const groups = useMemo(() => [...new Set(rows.map((r) => r.group))], [rows]);
  const total = rows.reduce((sum, r) => sum + r.players, 0);
  const current = useMemo(() => {
    const categories = tiers.map(tierName);
    const series = groups.map((g) => ({
      name: g || (filters.by === 'none' ? t('players') : t('unknownGroup')),
      values: tiers.map((tier) =>
        rows.filter((r) => r.tier === tier && r.group === g).reduce((s, r) => s + r.players, 0),
      ),
    }));
    return { categories, series };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, groups, tiers, t, filters.by]);
  const tableRows = tiers.map((tier) => {
    const players = rows.filter((r) => r.tier === tier).reduce((s, r) => s + r.players, 0);
    return { tier, players, share: total ? players / total : 0 };
  });
  const days = useMemo(() => {
    const list = (trend.data?.rows ?? []).filter((r) => r.dimension === dimension);
    const categories = [...new Set(list.map((r) => r.day))].sort();
    const series = tiers.map((tier) => ({
      name: tierName(tier),
      values: categories.map((day) => list.find((r) => r.day === day && r.tier === tier)?.players ?? 0),
    }));
    return { categories, series };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trend.data, dimension, tiers, t]);

  const dimensionLabel = t(`dimensions.${dimension}`);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('menu:page.userLevelQuery')}
        </Typography.Title>
        <Space wrap>
          <Typography.Text type="secondary">
            {t('computedAt')}: {dist.data?.computed_at ? formatDateTime(dist.data.computed_at) : t('never')}
          </Typography.Text>
          {canRecompute && (
            <Button
              type="primary"
              loading={recompute.isPending || running !== null}
              onClick={() => recompute.mutate()}
              data-testid="tiers-recompute"
            >
              {running !== null ? t('recomputing') : t('recompute')}
            </Button>
          )}
        </Space>
      </Flex>
      <Alert type="info" showIcon title={t('definitions')} />

      <Card size="small">
        <Form
          layout="inline"
          onFinish={(v: Filters) => setFilters({ ...v, by: v.by ?? 'none' })}
          initialValues={filters}
        >
          <Form.Item name="channel" label={t('channel')}>
            <Input allowClear maxLength={64} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="region" label={t('region')}>
            <Input allowClear maxLength={16} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="by" label={t('groupBy')}>
            <Select
              style={{ width: 140 }}
              options={(['none', 'channel', 'region'] as const).map((value) => ({
                value,
                label: t(`groupBys.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit">{t('apply')}</Button>
          </Form.Item>
        </Form>
      </Card>

      <Segmented<TierDimension>
        value={dimension}
        onChange={setDimension}
        options={(['pay', 'activity'] as const).map((value) => ({ value, label: t(`dimensions.${value}`) }))}
        aria-label={t('dimension')}
      />

      <Flex gap={16} wrap>
        <Card
          size="small"
          title={t('distributionTitle', { dimension: dimensionLabel })}
          style={{ flex: '1 1 420px', minWidth: 0 }}
        >
          <Chart
            kind={groups.length > 1 ? 'stacked-bar' : 'bar'}
            categories={current.categories}
            series={current.series}
            label={t('distributionTitle', { dimension: dimensionLabel })}
            table={false}
            height={280}
          />
          <DataTable
            size="small"
            rowKey="tier"
            pagination={false}
            loading={dist.isLoading}
            dataSource={tableRows}
            data-testid="tiers-table"
            columns={[
              { title: t('tier'), dataIndex: 'tier', render: (v: string) => tierName(v) },
              { title: t('players'), dataIndex: 'players', align: 'end' },
              {
                title: t('share'),
                dataIndex: 'share',
                align: 'end',
                render: (v: number) => `${(v * 100).toFixed(1)}%`,
              },
            ]}
          />
        </Card>
        <Card
          size="small"
          title={t('trendTitle', { dimension: dimensionLabel })}
          style={{ flex: '1 1 420px', minWidth: 0 }}
        >
          {days.categories.length ? (
            <Chart
              kind="stacked-area"
              categories={days.categories}
              series={days.series}
              label={t('trendTitle', { dimension: dimensionLabel })}
              height={340}
            />
          ) : (
            <Typography.Text type="secondary">{t('noTrend')}</Typography.Text>
          )}
        </Card>
      </Flex>

      <TierPlayersCard key={dimension} dimension={dimension} filters={filters} />
      <HistoryCard />
      <SettingsCard canEdit={canEdit} />
    </Flex>
  );
}

function TierTag({ dimension, tier }: { dimension: TierDimension; tier: string }) {
  const { t } = useTranslation('player-tiers');
  return <Tag color={(dimension === 'pay' ? PAY_COLORS : ACTIVITY_COLORS)[tier]}>{t(`tiers.${tier}`)}</Tag>;
}

/** The players of one tier, paged. */
function TierPlayersCard({ dimension, filters }: { dimension: TierDimension; filters: Filters }) {
  const { t } = useTranslation('player-tiers');
  const productId = useProduct((s) => s.productId);
  const last = TIERS[dimension][TIERS[dimension].length - 1]!;
  const [chosen, setTier] = useState<string>(last);
  const [page, setPage] = useState({ current: 1, size: 10 });
  // A tier of the other dimension (just switched) reads as this one's last tier.
  const tier = TIERS[dimension].includes(chosen) ? chosen : last;
  const list = useQuery({
    queryKey: ['player-tiers', productId, 'players', dimension, tier, filters, page],
    queryFn: () =>
      http.get<{ list: TierPlayer[]; total: number }>(`${API}/players`, {
        [dimension === 'pay' ? 'pay_tier' : 'activity_tier']: tier,
        ...(filters.channel ? { channel: filters.channel } : {}),
        ...(filters.region ? { region: filters.region } : {}),
        page: page.current,
        page_size: page.size,
      }),
    enabled: !!productId,
  });
  const columns: ColumnsType<TierPlayer> = [
    openidColumn<TierPlayer>('openid', 180),
    ...playerPlaceColumns<TierPlayer>(t),
    {
      title: t('dimensions.pay'),
      dataIndex: 'pay_tier',
      width: 110,
      render: (v: string) => <TierTag dimension="pay" tier={v} />,
    },
    {
      title: t('dimensions.activity'),
      dataIndex: 'activity_tier',
      width: 110,
      render: (v: string) => <TierTag dimension="activity" tier={v} />,
    },
    { title: t('paid'), dataIndex: 'paid', width: 100, align: 'end' },
    {
      title: t('lastLogin'),
      dataIndex: 'last_login_at',
      width: 170,
      render: (v: string | null) => formatDateTime(v),
    },
    { title: t('since'), dataIndex: 'since', width: 170, render: (v: string) => formatDateTime(v) },
  ];
  return (
    <Card
      size="small"
      title={t('playersTitle')}
      extra={
        <Select
          aria-label={t('tier')}
          value={tier}
          style={{ width: 150 }}
          onChange={(v) => {
            setTier(v);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={TIERS[dimension].map((value) => ({ value, label: t(`tiers.${value}`) }))}
        />
      }
    >
      <DataTable<TierPlayer>
        size="small"
        rowKey="openid"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        columns={columns}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: list.data?.total ?? 0,
          onChange: (current, size) => setPage({ current, size }),
        }}
      />
    </Card>
  );
}

/** One player's current tiers and their changes, by openid. */
function HistoryCard() {
  const { t } = useTranslation('player-tiers');
  const productId = useProduct((s) => s.productId);
  const [openid, setOpenid] = useState('');
  const history = useQuery({
    queryKey: ['player-tiers', productId, 'history', openid],
    queryFn: () => http.get<TierHistory>(`${API}/history/${encodeURIComponent(openid)}`),
    enabled: !!productId && !!openid,
    retry: false,
  });
  const notFound = history.error instanceof ApiError;
  const columns: ColumnsType<TierHistoryRow> = [
    { title: t('day'), dataIndex: 'day', width: 110 },
    {
      title: t('dimensions.pay'),
      key: 'pay',
      width: 200,
      render: (_, r) => (
        <Space size={4}>
          {r.previous_pay_tier && <TierTag dimension="pay" tier={r.previous_pay_tier} />}
          {r.previous_pay_tier && <span aria-hidden>→</span>}
          <TierTag dimension="pay" tier={r.pay_tier} />
        </Space>
      ),
    },
    {
      title: t('dimensions.activity'),
      key: 'activity',
      width: 220,
      render: (_, r) => (
        <Space size={4}>
          {r.previous_activity_tier && <TierTag dimension="activity" tier={r.previous_activity_tier} />}
          {r.previous_activity_tier && <span aria-hidden>→</span>}
          <TierTag dimension="activity" tier={r.activity_tier} />
        </Space>
      ),
    },
    { title: t('paid'), dataIndex: 'paid', width: 100, align: 'end' },
  ];
  return (
    <Card size="small" title={t('historyTitle')}>
      <Input.Search
        aria-label={t('openidLookup')}
        placeholder={t('openidLookup')}
        enterButton={t('lookup')}
        maxLength={64}
        style={{ maxWidth: 420, marginBlockEnd: 12 }}
        onSearch={(v) => setOpenid(v.trim())}
        data-testid="tiers-history-search"
      />
      {notFound && <Alert type="warning" showIcon title={t('playerNotFound')} />}
      {history.data && (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 3 }} style={{ marginBlockEnd: 12 }}>
            <Descriptions.Item label={t('dimensions.pay')}>
              {history.data.current ? <TierTag dimension="pay" tier={history.data.current.pay_tier} /> : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('dimensions.activity')}>
              {history.data.current ? (
                <TierTag dimension="activity" tier={history.data.current.activity_tier} />
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('since')}>
              {history.data.current ? formatDateTime(history.data.current.since) : '—'}
            </Descriptions.Item>
          </Descriptions>
          <DataTable<TierHistoryRow>
            size="small"
            rowKey="at"
            pagination={false}
            dataSource={history.data.history}
            columns={columns}
            data-testid="tiers-history"
          />
        </>
      )}
    </Card>
  );
}

/** The payment-tier thresholds; editable with the page's edit permission. */
function SettingsCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('player-tiers');
  const productId = useProduct((s) => s.productId);
  const client = useQueryClient();
  const message = useMessage();
  const [form] = Form.useForm();
  const settings = useQuery({
    queryKey: ['player-tiers', productId, 'settings'],
    queryFn: () => http.get<TierSettings>(`${API}/settings`),
    enabled: !!productId,
  });
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  const save = useMutation({
    mutationFn: (values: Omit<TierSettings, 'updated_by' | 'updated_at'>) =>
      http.put<TierSettings>(`${API}/settings`, { ...values, version: settings.data?.version ?? 0 }),
    onSuccess: () => {
      message.success(t('saved'));
      void client.invalidateQueries({ queryKey: ['player-tiers', productId, 'settings'] });
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) showFieldErrors(form, fields);
      else message.error(error instanceof Error ? error.message : String(error));
    },
  });
  const amount = (name: string) => (
    <Form.Item name={name} label={t(`settings.${name}`)} rules={[{ required: true }]}>
      <InputNumber min={1} precision={0} style={{ width: 160 }} disabled={!canEdit} />
    </Form.Item>
  );
  return (
    <Card size="small" title={t('settingsTitle')}>
      <Typography.Paragraph type="secondary">{t('settings.hint')}</Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={(v) => save.mutate(v)} disabled={!canEdit}>
        <Form.Item name="basis" label={t('settings.basis')}>
          <Select
            style={{ width: 160 }}
            options={PAY_BASES.map((value) => ({ value, label: t(`bases.${value}`) }))}
          />
        </Form.Item>
        {amount('small_min')}
        {amount('mid_min')}
        {amount('whale_min')}
        <Form.Item name="time_zone" label={t('settings.time_zone')}>
          <Input maxLength={64} style={{ width: 170 }} />
        </Form.Item>
        {canEdit && (
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('save')}
            </Button>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}
