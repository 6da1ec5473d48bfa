import { useState } from 'react';
import { Card, Input, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VersionAuditChange, VersionAuditItem } from '@rx/contracts/version-logs';
import { resourceKey } from '@/shared/crud/index.ts';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/DataTable.tsx';

/** A changed value as staff read it: text as it is, anything else as JSON, nothing as "—". */
const shown = (value: unknown) =>
  value === null || value === '' ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

function Changes({ changes }: { changes: VersionAuditChange[] }) {
  const { t } = useTranslation('releases');
  if (!changes.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="version-audit-changes">
      {changes.map((c) => (
        <li key={c.field}>{t('audit.change', { field: c.field, from: shown(c.from), to: shown(c.to) })}</li>
      ))}
    </ul>
  );
}

/**
 * The audit of the game's versions (`GET /version-logs/audit`): each create, edit, publish, halt,
 * resume and rollback with who, when, and every field it changed from what to what.
 */
export function VersionAudit() {
  const { t } = useTranslation('releases');
  const [page, setPage] = useState({ page: 1, page_size: 10, q: '' });
  const audit = useQuery({
    queryKey: resourceKey('version-logs', 'audit', page),
    queryFn: ({ signal }) =>
      http.get<{ list: VersionAuditItem[]; total: number }>(
        '/version-logs/audit',
        { page: page.page, page_size: page.page_size, ...(page.q ? { q: page.q } : {}) },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<VersionAuditItem> = [
    { title: t('audit.at'), dataIndex: 'created_at', width: 170, render: (v: string) => formatDateTime(v) },
    { title: t('audit.by'), dataIndex: 'created_by', width: 110 },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      width: 110,
      render: (action: string) => <Tag>{t(`audit.actions.${action}`)}</Tag>,
    },
    { title: t('audit.version'), dataIndex: 'release_name', width: 200 },
    {
      title: t('audit.changes'),
      key: 'changes',
      render: (_, row) => <Changes changes={row.changes} />,
    },
  ];
  return (
    <Card
      size="small"
      title={t('audit.title')}
      style={{ marginBlockStart: 16 }}
      data-testid="version-audit"
      extra={
        <Input.Search
          allowClear
          size="small"
          style={{ width: 200 }}
          aria-label={t('audit.search')}
          placeholder={t('audit.search')}
          onSearch={(q) => setPage((p) => ({ ...p, page: 1, q: q.trim() }))}
        />
      }
    >
      <DataTable<VersionAuditItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={audit.data?.list ?? []}
        loading={audit.isFetching}
        pagination={{
          current: page.page,
          pageSize: page.page_size,
          total: audit.data?.total ?? 0,
          onChange: (p, size) => setPage((was) => ({ ...was, page: p, page_size: size })),
        }}
      />
    </Card>
  );
}
