import { useCallback, useMemo, useState } from 'react';
import { Button, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import {
  LOG_KINDS,
  SESSION_LOG_ACTIONS,
  operationLogsResource,
  type LogAction,
  type LogKind,
  type OperationLog,
} from '@rx/contracts/operation-logs';
import { useSearchParams } from 'react-router';
import { useProduct } from '@/app/product/index.ts';
import { ExportButton } from '@/shared/crud/index.ts';
import { useResource } from '@/shared/crud/use-resource.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { DiffDrawer } from './DiffDrawer.tsx';
import { LogFilters } from './LogFilters.tsx';
import { useLogLabels } from './labels.ts';
import { formatDateTime } from '@/shared/format.ts';
import { tablePaging } from '@/shared/crud/table-paging.ts';

const RESOURCE = operationLogsResource;
const ACTION_COLORS: Partial<Record<LogAction, string>> = {
  create: 'success',
  update: 'processing',
  new_version: 'purple',
  publish: 'success',
  unpublish: 'warning',
  rollback: 'orange',
  delete: 'error',
  disable: 'warning',
  kill_switch_on: 'error',
  kill_switch_off: 'success',
  import: 'cyan',
  export: 'cyan',
};

const isSession = (action: string | null | undefined) =>
  (SESSION_LOG_ACTIONS as readonly string[]).includes(action ?? '');

/** The tab of an address: its own, else sign-ins when it asks for a sign-in action, else the changes. */
function kindOf(search: URLSearchParams): LogKind {
  const kind = search.get('kind');
  if ((LOG_KINDS as readonly string[]).includes(kind ?? '')) return kind as LogKind;
  return isSession(search.get('action')) ? 'sessions' : 'changes';
}

/**
 * The operation log: append-only, filtered on the server, each entry opening to its before/after.
 * The changes staff made and their sign-ins are two tabs, so sign-ins never bury a change.
 */
export function OperationLogPage() {
  const { t } = useTranslation('oplog');
  const products = useProduct((s) => s.products);
  const [search] = useSearchParams();
  const kind = kindOf(search);
  // Filters and paging in the address, the list, and the export permission, from the description.
  const { params, setParams, list, can } = useResource<OperationLog>(RESOURCE, { query: { kind } });
  const [open, setOpen] = useState<OperationLog | null>(null);
  const productName = useCallback(
    (id: number | null) => (id === null ? '—' : (products.find((p) => p.id === id)?.name ?? `#${id}`)),
    [products],
  );
  const label = useLogLabels(productName);

  const columns = useMemo<ColumnsType<OperationLog>>(
    () => [
      {
        title: t('time'),
        dataIndex: 'created_at',
        width: 170,
        sorter: true,
        render: (v: string) => formatDateTime(v),
      },
      { title: t('staff'), dataIndex: 'username', width: 120, sorter: true },
      {
        title: t('action'),
        dataIndex: 'action',
        width: 110,
        sorter: true,
        render: (v: string) => <Tag color={ACTION_COLORS[v as LogAction]}>{label.action(v)}</Tag>,
      },
      {
        title: t('targetType'),
        dataIndex: 'target_type',
        width: 130,
        sorter: true,
        render: (v: string) => label.targetType(v),
      },
      {
        title: t('target'),
        key: 'target',
        width: 200,
        render: (_, e) => label.target(e),
      },
      { title: t('product'), dataIndex: 'product_id', width: 130, render: productName },
      { title: 'IP', dataIndex: 'ip', width: 130 },
      {
        title: t('crud:action.actions'),
        key: 'detail',
        width: 90,
        fixed: 'right',
        render: (_, e) => (
          <Button type="link" size="small" onClick={() => setOpen(e)}>
            {t('detail.open')}
          </Button>
        ),
      },
    ],
    [t, productName, label],
  );

  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.operationLog')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Tabs
        activeKey={kind}
        items={LOG_KINDS.map((key) => ({ key, label: t(`kinds.${key}`) }))}
        onChange={(key) => {
          // An action of the other tab would find nothing here.
          const { action, ...rest } = params.filters;
          const keep: Record<string, string> =
            action && isSession(action) === (key === 'sessions') ? { action } : {};
          setParams({ filters: { ...rest, ...keep, kind: key } });
        }}
      />
      <LogFilters
        values={params.filters}
        onSearch={(filters) => setParams({ filters: { ...filters, kind } })}
        extra={can.export && <ExportButton resource={RESOURCE.name} filters={{ ...params.filters, kind }} />}
      />
      <DataTable<OperationLog>
        rowKey="id"
        tools={{ id: 'operation-logs', onRefresh: () => void list.refetch(), refreshing: list.isFetching }}
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list}
        {...tablePaging(params, setParams, list.data?.total)}
      />
      <DiffDrawer entry={open} productName={productName} label={label} onClose={() => setOpen(null)} />
    </>
  );
}
