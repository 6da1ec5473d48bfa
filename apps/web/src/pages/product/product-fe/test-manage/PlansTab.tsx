import { useMemo, useState } from 'react';
import { Button, Form, Input, Progress, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { testPlansResource, type TestPlan, type TestPlanCreate } from '@rx/contracts/testing';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { VersionSelect, useVersionLabel } from '@/shared/release/pickers.tsx';
import { CasesDrawer } from './CasesDrawer.tsx';

const NEW_PLAN: Partial<TestPlanCreate> = {
  name: '',
  release_id: 0,
};

/** A plan's progress: passed share of its cases, with every count named. */
function PlanProgress({ plan }: { plan: TestPlan }) {
  const { t } = useTranslation('testing');
  const p = plan.progress;
  const done = p.cases ? Math.round(((p.cases - p.untested) / p.cases) * 100) : 0;
  const passed = p.cases ? Math.round((p.pass / p.cases) * 100) : 0;
  const summary = t('progressSummary', { ...p });
  return (
    <Tooltip title={summary}>
      <div data-testid={`plan-progress-${plan.id}`}>
        <Progress
          percent={done}
          success={{ percent: passed }}
          size="small"
          status={p.fail > 0 ? 'exception' : undefined}
          aria-label={t('progress')}
        />
        <Space size={4} wrap>
          <Tag color="success">
            {t('results.pass')} {p.pass}
          </Tag>
          <Tag color="error">
            {t('results.fail')} {p.fail}
          </Tag>
          <Tag color="warning">
            {t('results.blocked')} {p.blocked}
          </Tag>
          <Tag>
            {t('results.untested')} {p.untested}
          </Tag>
        </Space>
      </div>
    </Tooltip>
  );
}

function PlanForm({ editing }: { editing: boolean }) {
  const { t } = useTranslation('testing');
  return (
    <>
      <Form.Item name="name" label={t('planName')} required>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="release_id" label={t('version')} required extra={t('versionHint')}>
        <VersionSelect disabled={editing} />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </>
  );
}

/** Test plans per version, with their progress; a plan opens to its cases and runs. */
export function PlansTab() {
  const { t } = useTranslation('testing');
  const versionLabel = useVersionLabel();
  const [open, setOpen] = useState<TestPlan | null>(null);
  const columns = useMemo<ColumnsType<TestPlan>>(
    () => [
      { title: t('planName'), dataIndex: 'name', width: 200, sorter: true, ellipsis: true },
      { title: t('version'), key: 'release', width: 240, render: (_, row) => versionLabel(row) },
      { title: t('progress'), key: 'progress', width: 260, render: (_, row) => <PlanProgress plan={row} /> },
      crud.updatedAtColumn<TestPlan>(t),
    ],
    [t, versionLabel],
  );
  return (
    <>
      <ResourceListPage<TestPlan>
        resource={testPlansResource}
        title={t('menu:page.testManage')}
        columns={columns}
        newFields={NEW_PLAN}
        nameOf={(row) => row.name}
        formTitle={{ create: t('createPlan'), edit: t('editPlan') }}
        form={(editing) => <PlanForm editing={editing !== 'new'} />}
        actionsWidth={200}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setOpen(row)}>
            {t('openCases')}
          </Button>
        )}
      />
      <CasesDrawer plan={open} onClose={() => setOpen(null)} />
    </>
  );
}
