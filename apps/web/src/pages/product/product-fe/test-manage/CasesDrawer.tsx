import { useState } from 'react';
import { Alert, Button, Drawer, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  TEST_RESULTS,
  testPlansResource,
  type TestCase,
  type TestPlan,
  type TestResult,
} from '@rx/contracts/testing';
import { usePermission } from '@/app/permission/index.ts';
import { resourceKey } from '@/shared/crud/index.ts';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/DataTable.tsx';
import { CaseModal } from './CaseModal.tsx';
import { RunModal } from './RunModal.tsx';

export const RESULT_COLORS: Record<TestResult, string> = {
  pass: 'success',
  fail: 'error',
  blocked: 'warning',
};
const RESOURCE = testPlansResource.name;

/** A plan's cases with their latest run: add and edit cases, record a run (a failure opens a bug). */
export function CasesDrawer({ plan, onClose }: { plan: TestPlan | null; onClose: () => void }) {
  const { t } = useTranslation('testing');
  const canEdit = usePermission([testPlansResource.permissions.edit]);
  const [editing, setEditing] = useState<TestCase | 'new' | null>(null);
  const [running, setRunning] = useState<{ testCase: TestCase; result: TestResult } | null>(null);
  const cases = useQuery({
    queryKey: resourceKey(RESOURCE, 'cases', plan?.id),
    queryFn: ({ signal }) =>
      http.get<{ list: TestCase[]; total: number }>(`/${RESOURCE}/${plan!.id}/cases`, undefined, { signal }),
    enabled: plan !== null,
  });
  const columns: ColumnsType<TestCase> = [
    { title: t('caseTitle'), dataIndex: 'title', width: 220, ellipsis: true },
    {
      title: t('lastResult'),
      key: 'last_result',
      width: 200,
      render: (_, row) =>
        row.last_result ? (
          <Space size={4} wrap>
            <Tag color={RESULT_COLORS[row.last_result]} data-testid={`case-result-${row.id}`}>
              {t(`results.${row.last_result}`)}
            </Tag>
            <Typography.Text type="secondary">
              {row.last_run_by} · {formatDateTime(row.last_run_at!)}
            </Typography.Text>
          </Space>
        ) : (
          <Tag data-testid={`case-result-${row.id}`}>{t('results.untested')}</Tag>
        ),
    },
    ...(canEdit
      ? [
          {
            title: t('crud:action.actions'),
            key: 'actions',
            width: 260,
            render: (_: unknown, row: TestCase) => (
              <Space size={0} wrap>
                {TEST_RESULTS.map((result) => (
                  <Button
                    key={result}
                    type="link"
                    size="small"
                    danger={result === 'fail'}
                    onClick={() => setRunning({ testCase: row, result })}
                    aria-label={t(`runAs.${result}`, { title: row.title })}
                  >
                    {t(`runs.${result}`)}
                  </Button>
                ))}
                <Button type="link" size="small" onClick={() => setEditing(row)}>
                  {t('crud:action.edit')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <Drawer
      open={plan !== null}
      onClose={onClose}
      title={plan ? t('casesTitle', { name: plan.name }) : ''}
      size={900}
      destroyOnHidden
      extra={
        canEdit && (
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('addCase')}
          </Button>
        )
      }
    >
      {cases.isError && <Alert type="error" showIcon title={t('loadFailed')} />}
      <DataTable<TestCase>
        rowKey="id"
        size="small"
        loading={cases.isLoading}
        dataSource={cases.data?.list ?? []}
        columns={columns}
        pagination={false}
        expandable={{
          expandedRowRender: (row) => (
            <div>
              <Typography.Text strong>{t('steps')}</Typography.Text>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
                {row.steps || '—'}
              </Typography.Paragraph>
              <Typography.Text strong>{t('expected')}</Typography.Text>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
                {row.expected || '—'}
              </Typography.Paragraph>
            </div>
          ),
        }}
        data-testid="test-cases"
      />
      {plan && <CaseModal plan={plan} editing={editing} onClose={() => setEditing(null)} />}
      {plan && <RunModal plan={plan} run={running} onClose={() => setRunning(null)} />}
    </Drawer>
  );
}
