import { useState } from 'react';
import { Alert, Button, Flex, Input, InputNumber, Select, Switch, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@rx/contracts/errors';
import { useProduct } from '@/app/product/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { ApiError } from '@/shared/http.ts';
import {
  actionArea,
  usePolicies,
  useSavePolicies,
  type ApprovalPolicies,
  type ApprovalPolicyInput,
} from './api.ts';
import { DataTable } from '@/shared/ui/index.ts';

type Row = Required<ApprovalPolicyInput> & { key: number };

let nextKey = 0;

/** The editor's columns hold controls: none is cut into an overflow tooltip. */
const editable = (columns: ColumnsType<Row>): ColumnsType<Row> =>
  columns.map((column) => ({ ellipsis: false, ...column }));
const ALL_PRODUCTS = 0;

function rowsOf(data: ApprovalPolicies | undefined): Row[] {
  return (data?.list ?? []).map((p) => ({
    key: ++nextKey,
    action: p.action,
    product_id: p.product_id,
    threshold: p.threshold,
    value_threshold: p.value_threshold,
    reason_required: p.reason_required,
    approver: p.approver,
    enabled: p.enabled,
  }));
}

/** The CP's approval policies (admins): edited in place and saved as a whole. */
export function PoliciesPanel() {
  const policies = usePolicies(true);
  // A fresh editor for each answer from the server (loaded or saved).
  return (
    <PoliciesEditor
      key={policies.dataUpdatedAt}
      data={policies.data}
      loading={policies.isLoading}
      reload={() => void policies.refetch()}
    />
  );
}

function PoliciesEditor({
  data,
  loading,
  reload,
}: {
  data: ApprovalPolicies | undefined;
  loading: boolean;
  /** Loads the list as saved now (the editor starts again from it). */
  reload: () => void;
}) {
  const { t } = useTranslation('approvals');
  const message = useMessage();
  const products = useProduct((s) => s.products);
  const save = useSavePolicies();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(data));
  const [error, setError] = useState<string | null>(null);
  // Someone saved the policies after this editor loaded them: these edits were not saved.
  const [stale, setStale] = useState(false);
  const actions = data?.actions ?? [];
  const valued = new Set(data?.valued_actions ?? []);

  const change = (key: number, values: Partial<Row>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...values } : row)));
  const add = () =>
    setRows((all) => [
      ...all,
      {
        key: ++nextKey,
        action: actions[0] ?? '',
        product_id: null,
        threshold: null,
        value_threshold: null,
        reason_required: false,
        approver: '',
        enabled: true,
      },
    ]);
  const submit = async () => {
    setError(null);
    try {
      const answer = await save.mutateAsync({
        policies: rows.map(({ key: _key, ...policy }) => policy),
        version: data?.version,
      });
      void message.success('approval' in answer ? t('sent.title') : t('policies.saved'));
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === ErrorCode.CONFLICT) {
        setStale(true);
        return;
      }
      const fields =
        cause instanceof ApiError ? (cause.data as { fields?: Record<string, string> })?.fields : undefined;
      setError(
        fields ? Object.values(fields).join(' ') : cause instanceof Error ? cause.message : String(cause),
      );
    }
  };

  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('policies.intro')}
      </Typography.Paragraph>
      <DataTable<Row>
        rowKey="key"
        loading={loading}
        dataSource={rows}
        pagination={false}
        // A row is a form: its cells hold controls, never text to cut; no current-row highlight.
        highlightCurrentRow={false}
        locale={{ emptyText: t('policies.empty') }}
        columns={editable([
          {
            title: t('policies.action'),
            key: 'action',
            width: 260,
            render: (_, row, i) => (
              <Select
                value={row.action}
                aria-label={`${t('policies.action')} ${i + 1}`}
                style={{ width: '100%' }}
                onChange={(action) =>
                  change(row.key, { action, ...(valued.has(action) ? {} : { value_threshold: null }) })
                }
                options={actions.map((a) => ({ value: a, label: t(`actionNames.${actionArea(a)}`) }))}
              />
            ),
          },
          {
            title: t('policies.product'),
            key: 'product',
            width: 180,
            render: (_, row, i) => (
              <Select<number>
                value={row.product_id ?? ALL_PRODUCTS}
                aria-label={`${t('policies.product')} ${i + 1}`}
                style={{ width: '100%' }}
                onChange={(id) => change(row.key, { product_id: id === ALL_PRODUCTS ? null : id })}
                options={[
                  { value: ALL_PRODUCTS, label: t('policies.allProducts') },
                  ...products.map((p) => ({ value: p.id, label: p.name })),
                ]}
              />
            ),
          },
          {
            title: t('policies.threshold'),
            key: 'threshold',
            width: 130,
            render: (_, row, i) => (
              <InputNumber<number>
                min={0}
                precision={0}
                value={row.threshold}
                placeholder={t('policies.always')}
                title={t('policies.thresholdHint')}
                aria-label={`${t('policies.threshold')} ${i + 1}`}
                style={{ width: '100%' }}
                onChange={(value) => change(row.key, { threshold: value ?? null })}
              />
            ),
          },
          {
            title: t('policies.valueThreshold'),
            key: 'value_threshold',
            width: 130,
            render: (_, row, i) => (
              <InputNumber<number>
                min={0}
                precision={0}
                // Only actions whose changes carry a value (mail attachments) take one.
                disabled={!valued.has(row.action)}
                value={valued.has(row.action) ? row.value_threshold : null}
                placeholder={valued.has(row.action) ? undefined : t('policies.noValue')}
                title={t('policies.valueThresholdHint')}
                aria-label={`${t('policies.valueThreshold')} ${i + 1}`}
                style={{ width: '100%' }}
                onChange={(value) => change(row.key, { value_threshold: value ?? null })}
              />
            ),
          },
          {
            title: t('policies.reason'),
            key: 'reason',
            width: 110,
            align: 'center',
            render: (_, row, i) => (
              <Switch
                checked={row.reason_required}
                aria-label={`${t('policies.reason')} ${i + 1}`}
                onChange={(on) => change(row.key, { reason_required: on })}
              />
            ),
          },
          {
            title: t('policies.approver'),
            key: 'approver',
            width: 200,
            render: (_, row, i) => (
              <Input
                value={row.approver}
                maxLength={128}
                placeholder={t('policies.approverDefault')}
                title={t('policies.approverHint')}
                aria-label={`${t('policies.approver')} ${i + 1}`}
                onChange={(e) => change(row.key, { approver: e.target.value })}
              />
            ),
          },
          {
            title: t('policies.enabled'),
            key: 'enabled',
            width: 90,
            align: 'center',
            render: (_, row, i) => (
              <Switch
                checked={row.enabled}
                aria-label={`${t('policies.enabled')} ${i + 1}`}
                onChange={(on) => change(row.key, { enabled: on })}
              />
            ),
          },
          {
            title: t('crud:action.actions'),
            key: 'actions',
            width: 90,
            align: 'center',
            render: (_, row) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('policies.remove')}
                onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
              />
            ),
          },
        ])}
      />
      {error && <Alert type="error" showIcon title={error} />}
      {stale && (
        <Alert
          type="warning"
          showIcon
          data-testid="policies-stale"
          title={t('policies.stale')}
          action={
            <Button size="small" onClick={reload}>
              {t('policies.reload')}
            </Button>
          }
        />
      )}
      <Flex gap={8} wrap>
        <Button icon={<PlusOutlined />} onClick={add} disabled={actions.length === 0}>
          {t('policies.add')}
        </Button>
        <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
          {t('policies.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
