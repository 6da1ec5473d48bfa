import { useMemo } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  OUTSIDE_CALL_STATUSES,
  OUTSIDE_PARTIES,
  OUTSIDE_PARTY_NAMES,
  outsideCallsResource,
  type OutsideCallItem,
  type OutsideCallStatus,
} from '@rx/contracts/outside-parties';
import { enumSearch } from '@/shared/crud/index.ts';
import { QueryList } from '@/shared/crud/QueryListPage.tsx';
import { useResource } from '@/shared/crud/use-resource.ts';
import { formatDateTime } from '@/shared/format.ts';

const OPERATIONS = [...new Set(OUTSIDE_PARTIES.flatMap((p) => p.operations))];
const STATUS_COLOURS: Partial<Record<OutsideCallStatus, string>> = {
  ok: 'success',
  rate_limited: 'warning',
  timeout: 'warning',
  token_expired: 'processing',
};

/** Every call to the game's outside parties, newest first: what, how it ended, how long, the ids to trace it. */
export function CallLog() {
  const { t } = useTranslation('outside');
  const { params, setParams, list } = useResource<OutsideCallItem>(outsideCallsResource, {
    defaultSort: '-id',
  });
  const columns = useMemo<ColumnsType<OutsideCallItem>>(
    () => [
      { title: t('calls.at'), dataIndex: 'created_at', width: 170, render: (v: string) => formatDateTime(v) },
      { title: t('calls.party'), dataIndex: 'party', width: 140, render: (v: string) => t(`parties.${v}`) },
      {
        title: t('calls.operation'),
        dataIndex: 'operation',
        width: 150,
        render: (v: string) => t(`operations.${v}`),
      },
      { title: t('calls.mode'), dataIndex: 'mode', width: 100, render: (v: string) => t(`mode.${v}`) },
      {
        title: t('calls.status'),
        dataIndex: 'status',
        width: 130,
        render: (v: OutsideCallStatus) => (
          <Tag color={STATUS_COLOURS[v] ?? 'error'}>{t(`statuses.${v}`)}</Tag>
        ),
      },
      {
        title: t('calls.httpStatus'),
        dataIndex: 'http_status',
        width: 80,
        render: (v: number | null) => v ?? '—',
      },
      { title: t('calls.attempt'), dataIndex: 'attempt', width: 80 },
      { title: t('calls.latency'), dataIndex: 'latency_ms', width: 110, sorter: true },
      {
        title: t('calls.requestId'),
        dataIndex: 'request_id',
        width: 200,
        render: (v: string) =>
          v ? (
            <Typography.Text copyable dir="ltr">
              {v}
            </Typography.Text>
          ) : (
            '—'
          ),
      },
      {
        title: t('calls.idempotencyKey'),
        dataIndex: 'idempotency_key',
        width: 200,
        render: (v: string) => <bdi>{v || '—'}</bdi>,
      },
      {
        title: t('calls.error'),
        dataIndex: 'error',
        width: 320,
        render: (v: string) => <bdi>{v || '—'}</bdi>,
      },
    ],
    [t],
  );
  return (
    <>
      <Typography.Title level={5}>{t('calls.title')}</Typography.Title>
      <QueryList<OutsideCallItem>
        params={params}
        setParams={setParams}
        list={list}
        fields={[
          { ...enumSearch(t, 'party', t('calls.party'), OUTSIDE_PARTY_NAMES, 'parties'), width: 180 },
          { ...enumSearch(t, 'operation', t('calls.operation'), OPERATIONS, 'operations'), width: 180 },
          { ...enumSearch(t, 'status', t('calls.status'), OUTSIDE_CALL_STATUSES, 'statuses'), width: 150 },
        ]}
        rowKey="id"
        toolsId="outside-calls"
        columns={columns}
        sortFields={{ latency_ms: 'latency_ms' }}
      />
    </>
  );
}
