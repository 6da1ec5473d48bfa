import { useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AD_BATCH_STATUSES,
  adBatchCreateBody,
  adBatchesResource,
  type AdBatch,
  type AdBatchCreate,
} from '@rx/contracts/ad-batches';
import type { AdReportAccounts } from '@rx/contracts/ad-reports';
import { adMediumOf } from '@rx/contracts/dimensions';
import { usePermission } from '@/app/permission/index.ts';
import { enumSearch } from '@/shared/crud/index.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import { http } from '@/shared/http.ts';
import { BatchAds } from '../_batch/BatchAds.tsx';
import { batchColumns, canRetry } from '../_batch/batch-columns.tsx';
import { accountLabel } from '../../_tools/account-label.ts';
import { useCheckedSend } from '../../_tools/checked-send.ts';
import { errorText, useMediumList } from '../use-medium-list.ts';
import { SimulatedNote } from '../SimulatedNote.tsx';

const RESOURCE = adBatchesResource;

/**
 * A medium's batch ad creation (every medium's `batch-ad` page): the batches made — status, ads
 * made and failed, its ads with the medium's ids or reasons — a new batch (accounts × titles with
 * one budget and bid; a job pushes them), and retry of the failed ads.
 */
export function AdBatchesPage() {
  const { t, toast, media, permissions, params, setParams, list, refresh } = useMediumList<AdBatch>(
    RESOURCE,
    { refetchInterval: (rows) => (rows.some((b) => b.status === 'running') ? 3000 : false) },
  );
  const simulatedOnly = adMediumOf(media)?.api.adapter === 'fake';
  const canCreate = usePermission([permissions.edit]);
  const canExport = usePermission([permissions.export]);
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

  const columns = useMemo(
    () =>
      batchColumns(t, {
        withMedia: false,
        actions: (row) => (
          <Space size="small">
            <Button type="link" size="small" onClick={() => setViewing(row)}>
              {t('batches.viewAds')}
            </Button>
            {canCreate && canRetry(row) && (
              <Button type="link" size="small" onClick={() => retry.mutate(row)}>
                {t('batches.retry')}
              </Button>
            )}
          </Space>
        ),
      }),
    [t, canCreate, retry],
  );

  return (
    <QueryListPage<AdBatch>
      title={t('batches.title', { media: t(`media.${media}`) })}
      intro={t('batches.intro')}
      before={<SimulatedNote shown={simulatedOnly} />}
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
      {viewing && (
        <BatchAds
          batch={viewing}
          path={`/${RESOURCE.name}/${viewing.id}`}
          query={{ media }}
          onClose={() => setViewing(null)}
        />
      )}
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
  // The form starts at the medium's smallest budget and bid (Kuaishou's budget starts at 500 yuan).
  const rules = adMediumOf(media)?.batch;
  const initial = {
    budget: Math.max(300, (rules?.budget[0] ?? 0) / 100),
    bid: Math.max(1, (rules?.bid[0] ?? 0) / 100),
  };
  const accounts = useQuery({
    queryKey: [adBatchesResource.name, media, 'accounts'],
    queryFn: ({ signal }) =>
      http.get<AdReportAccounts>(`/${adBatchesResource.name}/accounts`, { media }, { signal }),
  });
  const options = (accounts.data?.list ?? []).map((a) => ({
    value: String(a.id),
    label: accountLabel(a.name, a.account_id),
  }));
  const save = useCheckedSend({
    form,
    fields: FORM_FIELDS,
    schema: adBatchCreateBody,
    bodyOf: (): AdBatchCreate => {
      const raw = form.getFieldsValue();
      return {
        name: raw.name ?? '',
        ad_account_ids: (raw.ad_account_ids ?? []).map(Number),
        titles: (raw.titles ?? '')
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
        budget: Math.round((raw.budget ?? 0) * 100),
        bid: Math.round((raw.bid ?? 0) * 100),
      };
    },
    send: (body) => http.post<AdBatch>(`/${adBatchesResource.name}`, body, { query: { media } }),
    onSent: onCreated,
    onError,
    onClose,
  });
  return (
    <Modal {...save.modal} title={t('batches.create')} okText={t('batches.start')} width={640}>
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="name" label={t('batches.columns.name')} required>
          <Input aria-label={t('batches.columns.name')} />
        </Form.Item>
        <Form.Item name="ad_account_ids" label={t('batches.accounts')} required>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            options={options}
            aria-label={t('batches.accounts')}
          />
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
