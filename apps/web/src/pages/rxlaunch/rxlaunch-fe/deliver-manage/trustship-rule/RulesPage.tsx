import { useMemo, useState } from 'react';
import { Button, Descriptions, Drawer, Modal, Popconfirm, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adRulesResource, type AdRule, type AdRuleRun } from '@rx/contracts/ad-rules';
import { adMediumOf } from '@rx/contracts/dimensions';
import { usePermission } from '@/app/permission/index.ts';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { usePagedRows } from '@/shared/crud/use-paged-rows.ts';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/DataTable.tsx';
import { RuleForm } from './RuleForm.tsx';
import { RunActions } from '../_tools/RunActions.tsx';

const RESOURCE = adRulesResource;
const NEW_RULE = {
  name: '',
  media: 'jrtt',
  ad_account_ids: [],
  window_days: 1,
  conditions: [{ metric: 'cost', op: 'gt', value: 0 }],
  action: 'pause',
  level: 'campaign',
  change_percent: 0,
  cooldown_minutes: 60,
  enabled: true,
};

/** A run's counts and its actions (a dry run's: what it would do). */
function RunSummary({ run }: { run: AdRuleRun }) {
  const { t } = useTranslation('adRules');
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'kind', label: t('columns.kind'), children: t(run.dry_run ? 'dryRun' : 'realRun') },
          { key: 'at', label: t('columns.at'), children: formatDateTime(run.at) },
          { key: 'accounts', label: t('columns.accounts'), children: run.accounts },
          { key: 'matched', label: t('columns.matched'), children: run.matched },
          { key: 'acted', label: t('columns.acted'), children: run.acted },
        ]}
      />
      <RunActions run={run} />
    </>
  );
}

/** A rule's evaluations, newest first, each opening to its actions. */
function RunHistory({ rule, onClose }: { rule: AdRule; onClose: () => void }) {
  const { t } = useTranslation('adRules');
  const runs = usePagedRows<AdRuleRun>([RESOURCE.name, 'runs', rule.id], `/${RESOURCE.name}/${rule.id}/runs`);
  return (
    <Drawer open width={760} title={t('historyOf', { name: rule.name })} onClose={onClose}>
      <DataTable<AdRuleRun>
        rowKey="id"
        size="small"
        {...runs.table}
        expandable={{ expandedRowRender: (run) => <RunActions run={run} /> }}
        columns={[
          { title: t('columns.at'), dataIndex: 'at', width: 170, render: (v: string) => formatDateTime(v) },
          {
            title: t('columns.kind'),
            dataIndex: 'dry_run',
            width: 110,
            render: (v: boolean) => t(v ? 'dryRun' : 'realRun'),
          },
          { title: t('columns.by'), dataIndex: 'by', width: 120, render: (v: string) => v || t('schedule') },
          { title: t('columns.matched'), dataIndex: 'matched', width: 90, align: 'end' },
          { title: t('columns.acted'), dataIndex: 'acted', width: 90, align: 'end' },
        ]}
      />
    </Drawer>
  );
}

/**
 * The rule editor (`trustship-rule`): conditions over the advertisers' figures in a window → pause,
 * budget or bid change, or a notification, with a cool-down; a dry run shows what would change and
 * changes nothing; a real run acts now; each rule's history of evaluations and actions.
 */
export function RulesPage() {
  const { t } = useTranslation('adRules');
  const client = useQueryClient();
  const canRun = usePermission([RESOURCE.permissions.edit]);
  const [result, setResult] = useState<AdRuleRun>();
  const [history, setHistory] = useState<AdRule>();
  const run = useMutation({
    mutationFn: ({ rule, dryRun }: { rule: AdRule; dryRun: boolean }) =>
      http.post<AdRuleRun>(`/${RESOURCE.name}/${rule.id}/run`, { dry_run: dryRun }),
    onSuccess: (answer) => {
      setResult(answer);
      void client.invalidateQueries({ queryKey: [RESOURCE.name] });
    },
  });
  const columns = useMemo<ColumnsType<AdRule>>(
    () => [
      { title: t('columns.name'), dataIndex: 'name', width: 180, sorter: true, ellipsis: true },
      {
        title: t('columns.media'),
        dataIndex: 'media',
        width: 120,
        render: (v: string) => t(`menu:${adMediumOf(v)?.titleKey ?? 'group.adPlacement'}`),
      },
      {
        title: t('columns.conditions'),
        key: 'conditions',
        width: 240,
        render: (_: unknown, rule: AdRule) =>
          rule.conditions
            .map((c) => `${t(`metrics.${c.metric}`)} ${t(`ops.${c.op}`)} ${c.value}`)
            .join(t('and')),
      },
      { title: t('columns.window'), dataIndex: 'window_days', width: 90, align: 'end' },
      {
        title: t('columns.action'),
        key: 'action',
        width: 150,
        render: (_: unknown, rule: AdRule) =>
          rule.action === 'budget' || rule.action === 'bid'
            ? `${t(`actions.${rule.action}`)} ${rule.change_percent > 0 ? '+' : ''}${rule.change_percent}%`
            : t(`actions.${rule.action}`),
      },
      { title: t('columns.cooldown'), dataIndex: 'cooldown_minutes', width: 110, align: 'end' },
      crud.enabledColumn<AdRule>(t, t('columns.enabled'), 90),
      {
        title: t('columns.lastRun'),
        dataIndex: 'last_run_at',
        width: 170,
        render: (v: string | null) => (v ? formatDateTime(v) : '—'),
      },
    ],
    [t],
  );

  return (
    <>
      <ResourceListPage<AdRule>
        resource={RESOURCE}
        title={t('menu:page.trustshipRules')}
        columns={columns}
        actionsWidth={300}
        drawerWidth={620}
        search={[crud.enabledSearch(t)]}
        newItem={NEW_RULE}
        nameOf={(rule) => rule.name}
        form={() => <RuleForm />}
        rowActions={(rule) => (
          <>
            {canRun && (
              <Button
                size="small"
                type="link"
                loading={run.isPending}
                onClick={() => run.mutate({ rule, dryRun: true })}
              >
                {t('dryRun')}
              </Button>
            )}
            {canRun && (
              <Popconfirm
                title={t('runConfirm', { name: rule.name })}
                onConfirm={() => run.mutate({ rule, dryRun: false })}
              >
                <Button size="small" type="link">
                  {t('runNow')}
                </Button>
              </Popconfirm>
            )}
            <Button size="small" type="link" onClick={() => setHistory(rule)}>
              {t('history')}
            </Button>
          </>
        )}
      />
      <Modal
        open={result !== undefined}
        width={760}
        title={result && t(result.dry_run ? 'dryRunOf' : 'runOf', { name: result.rule_name })}
        onCancel={() => setResult(undefined)}
        footer={null}
      >
        {result?.dry_run && <Typography.Paragraph type="secondary">{t('dryRunNote')}</Typography.Paragraph>}
        {result && <RunSummary run={result} />}
      </Modal>
      {history && <RunHistory rule={history} onClose={() => setHistory(undefined)} />}
    </>
  );
}
