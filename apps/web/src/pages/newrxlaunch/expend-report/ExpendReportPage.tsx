import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Descriptions, Modal, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AD_COST_COLUMNS,
  adCostsResource,
  type AdCost,
  type AdCostBatch,
  type AdCostUploadAnswer,
} from '@rx/contracts/ad-costs';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { apiQuery, useListParams } from '@/shared/crud/index.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import type { ListAnswer } from '@/shared/crud/resource.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime, formatMoney } from '@/shared/format.ts';
import { ApiError, http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/DataTable.tsx';
import { currentLanguage } from '@/shared/i18n.ts';

const RESOURCE = adCostsResource;
const money = (cents: number, currency: string) => formatMoney(cents, currency, currentLanguage());
const totalsText = (totals: Record<string, number>) =>
  Object.entries(totals)
    .map(([currency, cents]) => money(cents, currency))
    .join(' · ') || '—';

/**
 * Media cost upload (`launch/see/expend_report`, overseas games): the costs in force (filtered,
 * exported), a file previewed before it is committed as a batch, and the batches with rollback.
 */
export function ExpendReportPage() {
  const { t } = useTranslation('adCosts');
  const toast = useMessage();
  const client = useQueryClient();
  const productId = useProduct((s) => s.productId);
  const canEdit = usePermission([RESOURCE.permissions.edit]);
  const canExport = usePermission([RESOURCE.permissions.export]);
  const [params, setParams] = useListParams(RESOURCE.filters);
  const query = apiQuery(params);
  const list = useQuery({
    queryKey: [RESOURCE.name, productId, 'list', query],
    queryFn: ({ signal }) => http.get<ListAnswer<AdCost>>(`/${RESOURCE.name}`, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: !!productId,
  });
  const batches = useQuery({
    queryKey: [RESOURCE.name, productId, 'batches'],
    queryFn: ({ signal }) =>
      http.get<ListAnswer<AdCostBatch>>(`/${RESOURCE.name}/batches`, { page_size: 20 }, { signal }),
    enabled: !!productId,
  });
  const refresh = () => client.invalidateQueries({ queryKey: [RESOURCE.name, productId] });

  const columns = useMemo<ColumnsType<AdCost>>(
    () => [
      { title: t('columns.day'), dataIndex: 'day', width: 120, sorter: true },
      { title: t('columns.media'), dataIndex: 'media', width: 110, sorter: true },
      { title: t('columns.account_id'), dataIndex: 'account_id', width: 160 },
      { title: t('columns.campaign'), dataIndex: 'campaign', width: 160, ellipsis: true },
      {
        title: t('columns.cost'),
        dataIndex: 'cost',
        width: 130,
        align: 'end',
        sorter: true,
        render: (cents: number, row) => money(cents, row.currency),
      },
      { title: t('columns.impressions'), dataIndex: 'impressions', width: 110, align: 'end' },
      { title: t('columns.clicks'), dataIndex: 'clicks', width: 90, align: 'end' },
      {
        title: t('columns.batch'),
        dataIndex: 'batch_number',
        width: 100,
        render: (n: number, row) => (
          <Space size={4}>
            #{n}
            {!row.current && <Tag>{t('replaced')}</Tag>}
          </Space>
        ),
      },
    ],
    [t],
  );

  return (
    <QueryListPage<AdCost>
      title={t('menu:page.expendReport')}
      intro={t('intro')}
      before={
        <Batches
          list={batches.data?.list ?? []}
          loading={batches.isFetching}
          canEdit={canEdit}
          onChanged={refresh}
        />
      }
      params={params}
      setParams={setParams}
      list={list}
      fields={[
        { name: 'q', label: t('filters.q') },
        { name: 'media', label: t('columns.media'), width: 130 },
        { name: 'from', label: t('filters.from'), kind: 'date' },
        { name: 'to', label: t('filters.to'), kind: 'date' },
      ]}
      searchExtra={
        canEdit ? (
          <UploadCosts
            onDone={(batch) => {
              toast.success(t('committed', { number: batch.number, rows: batch.rows }));
              void refresh();
            }}
          />
        ) : undefined
      }
      rowKey="id"
      toolsId="ad-costs"
      exportAs={canExport ? RESOURCE.name : false}
      columns={columns}
      sortFields={{ day: 'day', media: 'media', cost: 'cost' }}
      scroll={{ x: 1000 }}
    />
  );
}

/** The batches uploaded, newest first, each rolled back whole. */
function Batches({
  list,
  loading,
  canEdit,
  onChanged,
}: {
  list: AdCostBatch[];
  loading: boolean;
  canEdit: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation('adCosts');
  const toast = useMessage();
  const [modal, holder] = Modal.useModal();
  const rollback = (batch: AdCostBatch) =>
    void modal.confirm({
      title: t('rollbackTitle', { number: batch.number }),
      content: t('rollbackHelp'),
      okText: t('rollback'),
      okButtonProps: { danger: true },
      cancelText: t('crud:action.cancel'),
      onOk: async () => {
        await http.post(`/${RESOURCE.name}/batches/${batch.id}/rollback`, { version: batch.version });
        toast.success(t('rolledBack', { number: batch.number }));
        onChanged();
      },
    });
  const columns: ColumnsType<AdCostBatch> = [
    { title: t('batches.number'), dataIndex: 'number', width: 80, render: (n: number) => `#${n}` },
    { title: t('batches.file'), dataIndex: 'file_name', width: 180, ellipsis: true },
    { title: t('batches.rows'), dataIndex: 'rows', width: 80, align: 'end' },
    { title: t('batches.totals'), dataIndex: 'totals', width: 180, render: totalsText },
    {
      title: t('batches.status'),
      dataIndex: 'status',
      width: 130,
      render: (status: AdCostBatch['status']) => (
        <Tag color={status === 'active' ? 'green' : 'default'}>{t(`statuses.${status}`)}</Tag>
      ),
    },
    { title: t('batches.by'), dataIndex: 'created_by', width: 120 },
    {
      title: t('batches.at'),
      dataIndex: 'created_at',
      width: 170,
      render: (at: string) => formatDateTime(at),
    },
    ...(canEdit
      ? [
          {
            title: t('crud:action.actions'),
            key: 'actions',
            width: 110,
            render: (_: unknown, batch: AdCostBatch) =>
              batch.status === 'active' ? (
                <Button size="small" danger onClick={() => rollback(batch)}>
                  {t('rollback')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <Card size="small" title={t('batches.title')} style={{ marginBlockEnd: 16 }}>
      {holder}
      <DataTable<AdCostBatch>
        rowKey="id"
        columns={columns}
        dataSource={list}
        loading={loading}
        pagination={false}
        scroll={{ x: 1000 }}
        data-testid="ad-cost-batches"
      />
    </Card>
  );
}

/** Choose a file → its preview (row errors, totals, the first rows) → commit it as a batch. */
function UploadCosts({ onDone }: { onDone: (batch: AdCostBatch) => void }) {
  const { t } = useTranslation('adCosts');
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<AdCostUploadAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (chosen: File, dryRun: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await http.post<AdCostUploadAnswer>(`/${RESOURCE.name}/upload`, chosen, {
        query: { dry_run: dryRun ? 1 : 0, file_name: chosen.name.slice(0, 200) },
        silent: true,
      });
      if (dryRun) setPreview(answer);
      else {
        close();
        onDone(answer.batch!);
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fileProblem = (error.data as { fields?: { file?: string } } | null)?.fields?.file;
      setProblem(fileProblem ?? error.msg);
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setFile(null);
    setPreview(null);
    setProblem(null);
    if (input.current) input.current.value = '';
  };
  const errorColumns: ColumnsType<AdCostUploadAnswer['errors'][number]> = [
    { title: t('preview.row'), dataIndex: 'row', width: 70 },
    { title: t('preview.column'), dataIndex: 'field', width: 120 },
    { title: t('preview.problem'), dataIndex: 'message' },
  ];
  const sampleColumns: ColumnsType<AdCostUploadAnswer['sample'][number]> = [
    { title: t('preview.row'), dataIndex: 'row', width: 60 },
    { title: t('columns.day'), dataIndex: 'day', width: 110 },
    { title: t('columns.media'), dataIndex: 'media', width: 100 },
    { title: t('columns.account_id'), dataIndex: 'account_id', width: 130 },
    {
      title: t('columns.cost'),
      dataIndex: 'cost',
      width: 120,
      align: 'end',
      render: (cents: number, row) => money(cents, row.currency),
    },
  ];
  const errors = preview?.errors ?? [];
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx"
        hidden
        data-testid="ad-costs-file"
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (!chosen) return;
          setFile(chosen);
          void send(chosen, true);
        }}
      />
      <Button type="primary" icon={<UploadOutlined />} onClick={() => input.current?.click()}>
        {t('upload')}
      </Button>
      <Modal
        open={file !== null}
        title={t('preview.title', { name: file?.name ?? '' })}
        width={760}
        onCancel={close}
        okText={t('commit')}
        cancelText={t('crud:action.cancel')}
        okButtonProps={{ disabled: !preview || errors.length > 0 || preview.rows === 0, loading: busy }}
        onOk={() => file && void send(file, false)}
      >
        <p>{t('columnsHelp', { columns: AD_COST_COLUMNS.join(', ') })}</p>
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 12 }} />}
        {preview && (
          <>
            <Descriptions size="small" column={1} bordered style={{ marginBlockEnd: 12 }}>
              <Descriptions.Item label={t('preview.rows')}>{preview.rows}</Descriptions.Item>
              <Descriptions.Item label={t('preview.replacing')}>{preview.replacing}</Descriptions.Item>
              <Descriptions.Item label={t('preview.totals')}>{totalsText(preview.totals)}</Descriptions.Item>
            </Descriptions>
            {errors.length > 0 && (
              <>
                <Alert type="error" showIcon title={t('preview.hasErrors', { count: errors.length })} />
                <DataTable
                  rowKey={(e) => `${e.row}-${e.field}`}
                  columns={errorColumns}
                  dataSource={errors}
                  pagination={false}
                  scroll={{ y: 240 }}
                  data-testid="ad-costs-errors"
                />
              </>
            )}
            {errors.length === 0 && preview.sample.length > 0 && (
              <DataTable
                rowKey="row"
                columns={sampleColumns}
                dataSource={preview.sample}
                pagination={false}
                scroll={{ x: 520, y: 240 }}
              />
            )}
          </>
        )}
      </Modal>
    </>
  );
}
