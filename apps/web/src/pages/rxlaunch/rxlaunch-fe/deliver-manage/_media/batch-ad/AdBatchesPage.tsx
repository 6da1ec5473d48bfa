import { useMemo, useState } from 'react';
import { Alert, Button, Drawer, Form, Input, InputNumber, Modal, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AD_BATCH_STATUSES,
  adBatchCreateBody,
  adBatchesResource,
  type AdBatch,
  type AdBatchAd,
  type AdBatchCreate,
} from '@rx/contracts/ad-batches';
import type { AdReportAccounts } from '@rx/contracts/ad-reports';
import { adMediumOf } from '@rx/contracts/dimensions';
import { permissionsFor } from '@rx/contracts/resource';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { usePatternPage } from '@/app/routes/handle.ts';
import { apiQuery, enumSearch, serverFieldErrors, useListParams, validateWith } from '@/shared/crud/index.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import type { ListAnswer } from '@/shared/crud/resource.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime, formatMoney } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { currentLanguage } from '@/shared/i18n.ts';

const RESOURCE = adBatchesResource;
const STATUS_COLORS: Record<string, string> = {
  running: 'blue',
  succeeded: 'green',
  partial: 'orange',
  failed: 'red',
  pending: 'default',
  ok: 'green',
  error: 'red',
};
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A medium's batch ad creation (every medium's `batch-ad` page): the batches made — status, ads
 * made and failed, its ads with the medium's ids or reasons — a new batch (accounts × titles with
 * one budget and bid; a job pushes them), and retry of the failed ads.
 */
export function AdBatchesPage() {
  const { t } = useTranslation('ads');
  const toast = useMessage();
  const client = useQueryClient();
  const media = usePatternPage().value;
  const simulatedOnly = adMediumOf(media)?.api.adapter === 'fake';
  const productId = useProduct((s) => s.productId);
  const permissions = permissionsFor(RESOURCE, media)!;
  const canCreate = usePermission([permissions.edit]);
  const canExport = usePermission([permissions.export]);
  const [params, setParams] = useListParams(RESOURCE.filters);
  const query = { ...apiQuery(params), media };
  const list = useQuery({
    queryKey: [RESOURCE.name, media, productId, 'list', query],
    queryFn: ({ signal }) => http.get<ListAnswer<AdBatch>>(`/${RESOURCE.name}`, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: !!productId,
    refetchInterval: (q) => (q.state.data?.list.some((b) => b.status === 'running') ? 3000 : false),
  });
  const refresh = () => client.invalidateQueries({ queryKey: [RESOURCE.name, media] });
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<AdBatch | null>(null);
  const retry = useMutation({
    mutationFn: (row: AdBatch) =>
      http.post<AdBatch>(`/${RESOURCE.name}/${row.id}/retry`, undefined, { query: { media } }),
    onSuccess: () => {
      toast.success(t('batches.retrying'));
      void refresh();
    },
    onError: (error) => toast.error(errorText(error)),
  });

  const columns = useMemo<ColumnsType<AdBatch>>(
    () => [
      { title: 'ID', dataIndex: 'id', width: 80, sorter: true },
      { title: t('batches.columns.name'), dataIndex: 'name', width: 200, sorter: true },
      {
        title: t('batches.columns.status'),
        dataIndex: 'status',
        width: 120,
        render: (s: string) => <Tag color={STATUS_COLORS[s]}>{t(`batches.statuses.${s}`)}</Tag>,
      },
      {
        title: t('batches.columns.progress'),
        key: 'progress',
        width: 160,
        render: (_, row) => t('batches.progress', { ok: row.ok, failed: row.failed, total: row.total }),
      },
      {
        title: t('batches.columns.budget'),
        dataIndex: 'budget',
        width: 130,
        align: 'end',
        render: (v: number) => formatMoney(v, 'CNY', currentLanguage()),
      },
      {
        title: t('batches.columns.bid'),
        dataIndex: 'bid',
        width: 110,
        align: 'end',
        render: (v: number) => formatMoney(v, 'CNY', currentLanguage()),
      },
      { title: t('batches.columns.created_by'), dataIndex: 'created_by', width: 120 },
      {
        title: t('batches.columns.created_at'),
        dataIndex: 'created_at',
        width: 170,
        render: (v: string) => formatDateTime(v),
      },
      {
        title: t('crud:action.actions'),
        key: 'actions',
        width: 180,
        fixed: 'right',
        render: (_, row) => (
          <Space size="small">
            <Button type="link" size="small" onClick={() => setViewing(row)}>
              {t('batches.viewAds')}
            </Button>
            {canCreate && row.failed > 0 && row.status !== 'running' && (
              <Button type="link" size="small" onClick={() => retry.mutate(row)}>
                {t('batches.retry')}
              </Button>
            )}
          </Space>
        ),
      },
    ],
    [t, canCreate, retry],
  );

  return (
    <QueryListPage<AdBatch>
      title={t('batches.title', { media: t(`media.${media}`) })}
      intro={t('batches.intro')}
      before={
        simulatedOnly ? (
          <Alert type="info" showIcon title={t('simulated')} style={{ marginBlockEnd: 16 }} />
        ) : null
      }
      params={params}
      setParams={setParams}
      list={list}
      fields={[
        { name: 'q', label: t('batches.columns.name'), width: 200 },
        {
          ...enumSearch(t, 'status', t('batches.columns.status'), AD_BATCH_STATUSES, 'batches.statuses'),
          width: 140,
        },
      ]}
      searchExtra={
        canCreate ? (
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('batches.create')}
          </Button>
        ) : undefined
      }
      rowKey="id"
      toolsId={`ad-batches-${media}`}
      exportAs={canExport ? RESOURCE.name : false}
      exportFilters={{ media }}
      columns={columns}
      sortFields={{ id: 'id', name: 'name' }}
      scroll={{ x: 1300 }}
    >
      {creating && (
        <NewBatch
          media={media}
          onClose={() => setCreating(false)}
          onCreated={(batch) => {
            setCreating(false);
            toast.success(t('batches.created', { total: batch.total, id: batch.job_id }));
            void refresh();
          }}
          onError={(error) => toast.error(errorText(error))}
        />
      )}
      {viewing && <BatchAds batch={viewing} media={media} onClose={() => setViewing(null)} />}
    </QueryListPage>
  );
}

type FormValues = {
  name?: string;
  ad_account_ids?: string[];
  titles?: string;
  budget?: number;
  bid?: number;
};
const FORM_FIELDS = ['name', 'ad_account_ids', 'titles', 'budget', 'bid'] as const;

/** A new batch: checked with the API's own schema, then made (its job starts at once). */
function NewBatch({
  media,
  onClose,
  onCreated,
  onError,
}: {
  media: string;
  onClose: () => void;
  onCreated: (batch: AdBatch) => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation('ads');
  const [form] = Form.useForm<FormValues>();
  const accounts = useQuery({
    queryKey: [adBatchesResource.name, media, 'accounts'],
    queryFn: ({ signal }) =>
      http.get<AdReportAccounts>(`/${adBatchesResource.name}/accounts`, { media }, { signal }),
  });
  const options = (accounts.data?.list ?? []).map((a) => ({
    value: String(a.id),
    label: a.name && a.name !== a.account_id ? `${a.name} (${a.account_id})` : a.account_id,
  }));
  const mark = (fields: Record<string, string>) =>
    form.setFields(
      Object.entries(fields)
        .map(([path, message]) => [path.split('.')[0]!, message] as const)
        .filter((entry): entry is [(typeof FORM_FIELDS)[number], string] =>
          (FORM_FIELDS as readonly string[]).includes(entry[0]),
        )
        .map(([name, message]) => ({ name, errors: [message] })),
    );
  const save = useMutation({
    mutationFn: (body: AdBatchCreate) =>
      http.post<AdBatch>(`/${adBatchesResource.name}`, body, { query: { media } }),
    onSuccess: onCreated,
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) mark(fields);
      else onError(error);
    },
  });
  const submit = () => {
    const raw = form.getFieldsValue();
    const body = {
      name: raw.name ?? '',
      ad_account_ids: (raw.ad_account_ids ?? []).map(Number),
      titles: (raw.titles ?? '')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      budget: Math.round((raw.budget ?? 0) * 100),
      bid: Math.round((raw.bid ?? 0) * 100),
    };
    const checked = validateWith(adBatchCreateBody, body, currentLanguage());
    if (!checked.ok) {
      mark(checked.errors);
      return;
    }
    save.mutate(body);
  };
  return (
    <Modal
      open
      title={t('batches.create')}
      onCancel={onClose}
      onOk={submit}
      okText={t('batches.start')}
      cancelText={t('crud:action.cancel')}
      confirmLoading={save.isPending}
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={{ budget: 300, bid: 1 }}>
        <Form.Item name="name" label={t('batches.columns.name')} required>
          <Input aria-label={t('batches.columns.name')} />
        </Form.Item>
        <Form.Item name="ad_account_ids" label={t('batches.accounts')} required>
          <Select mode="multiple" options={options} aria-label={t('batches.accounts')} />
        </Form.Item>
        <Form.Item name="titles" label={t('batches.titles')} extra={t('batches.titlesHelp')} required>
          <Input.TextArea rows={4} aria-label={t('batches.titles')} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="budget" label={t('batches.budgetYuan')} required>
            <InputNumber min={0} step={100} aria-label={t('batches.budgetYuan')} />
          </Form.Item>
          <Form.Item name="bid" label={t('batches.bidYuan')} required>
            <InputNumber min={0} step={0.1} aria-label={t('batches.bidYuan')} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

/** A batch's ads with the medium's ids, or its reason for a failed one. */
function BatchAds({ batch, media, onClose }: { batch: AdBatch; media: string; onClose: () => void }) {
  const { t } = useTranslation('ads');
  const [page, setPage] = useState(1);
  const ads = useQuery({
    queryKey: [adBatchesResource.name, media, 'ads', batch.id, page],
    queryFn: ({ signal }) =>
      http.get<ListAnswer<AdBatchAd>>(
        `/${adBatchesResource.name}/${batch.id}/ads`,
        { media, page, page_size: 20 },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<AdBatchAd> = [
    { title: '#', dataIndex: 'seq', width: 60 },
    { title: t('batches.columns.account'), dataIndex: 'account_id', width: 160 },
    { title: t('batches.columns.title'), dataIndex: 'title', width: 180 },
    {
      title: t('batches.columns.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: string) => <Tag color={STATUS_COLORS[s]}>{t(`batches.adStatuses.${s}`)}</Tag>,
    },
    {
      title: t('batches.columns.mediumIds'),
      key: 'ids',
      width: 220,
      render: (_, ad) =>
        ad.status === 'ok' ? `${ad.campaign_id} / ${ad.adgroup_id} / ${ad.creative_id}` : ad.message || '—',
    },
  ];
  return (
    <Drawer open onClose={onClose} title={t('batches.adsOf', { name: batch.name })} size="large">
      <Table<AdBatchAd>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={ads.data?.list}
        loading={ads.isFetching}
        scroll={{ x: 720 }}
        pagination={{ current: page, pageSize: 20, total: ads.data?.total ?? 0, onChange: setPage }}
      />
    </Drawer>
  );
}
