import { Card, Flex, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type {
  AdRuleObjectItem,
  AdRuleOverview,
  AdRuleOverviewItem,
  AdRuleRecentAction,
} from '@rx/contracts/ad-rules';
import { adMediumOf } from '@rx/contracts/dimensions';
import { enabledColumn } from '@/shared/crud/ListParts.tsx';
import { usePagedRows } from '@/shared/crud/use-paged-rows.ts';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/DataTable.tsx';
import { OutcomeTag } from '../_tools/RunActions.tsx';

const RULES_PAGE = '/rxlaunch/rxlaunch-fe/deliver-manage/trustship-rule';
const yuan = (cents: number) => (cents / 100).toFixed(2);

/** The objects under one rule, with what it last did to each. */
function ObjectsUnder({ rule }: { rule: AdRuleOverviewItem }) {
  const { t } = useTranslation('adRules');
  const objects = usePagedRows<AdRuleObjectItem>(
    ['ad-rules', 'objects', rule.id],
    `/ad-rules/${rule.id}/objects`,
  );
  if (rule.action === 'notify') return <Typography.Text type="secondary">{t('notifyOnly')}</Typography.Text>;
  return (
    <DataTable<AdRuleObjectItem>
      rowKey="id"
      size="small"
      {...objects.table}
      columns={[
        {
          title: t('columns.account'),
          key: 'account',
          width: 180,
          render: (_: unknown, o) => `${o.account_name} (${o.account_id})`,
        },
        {
          title: t('columns.object'),
          key: 'object',
          width: 200,
          render: (_: unknown, o) => `${o.name} (${o.object_id})`,
        },
        {
          title: t('columns.status'),
          dataIndex: 'status',
          width: 90,
          render: (v: string) => t(`objectStatuses.${v}`),
        },
        {
          title: t('columns.budget'),
          dataIndex: 'budget',
          width: 100,
          align: 'end',
          render: (v: number | null) => (v === null ? '—' : yuan(v)),
        },
        {
          title: t('columns.lastAction'),
          key: 'last',
          width: 200,
          render: (_: unknown, o) =>
            o.last_outcome ? (
              <>
                <OutcomeTag outcome={o.last_outcome} /> {formatDateTime(o.last_action_at!)}
              </>
            ) : (
              '—'
            ),
        },
      ]}
    />
  );
}

/**
 * Hosted delivery (`ai-trustship`): which ads are under which rule, what the rules did in the last
 * week (acted, failed, the daily budget their pauses and cuts took off) and their latest actions.
 * Rules are edited on the rules page.
 */
export function TrustshipPage() {
  const { t } = useTranslation('adRules');
  const overview = useQuery({
    queryKey: ['ad-rules', 'overview'],
    queryFn: ({ signal }) => http.get<AdRuleOverview>('/ad-rules/overview', undefined, { signal }),
  });
  const rules = overview.data?.rules ?? [];
  const savings = rules.reduce((sum, r) => sum + r.savings_7d, 0);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('menu:page.aiTrustship')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('overviewIntro')}{' '}
        {/* Underlined: a link inside a sentence is told apart by more than its colour (axe). */}
        <Link to={RULES_PAGE} style={{ textDecoration: 'underline' }}>
          {t('editRules')}
        </Link>
      </Typography.Paragraph>
      <Flex gap={16} wrap>
        <Card size="small">
          <Typography.Text type="secondary">{t('enabledRules')}</Typography.Text>
          <div data-testid="trustship-enabled">{rules.filter((r) => r.enabled).length}</div>
        </Card>
        <Card size="small">
          <Typography.Text type="secondary">{t('acted7d')}</Typography.Text>
          <div>{rules.reduce((sum, r) => sum + r.acted_7d, 0)}</div>
        </Card>
        <Card size="small">
          <Typography.Text type="secondary">{t('savings7d')}</Typography.Text>
          <div>{yuan(savings)}</div>
        </Card>
      </Flex>
      <DataTable<AdRuleOverviewItem>
        rowKey="id"
        loading={overview.isFetching}
        dataSource={rules}
        pagination={{ pageSize: 10 }}
        expandable={{ expandedRowRender: (rule) => <ObjectsUnder rule={rule} /> }}
        columns={[
          { title: t('columns.name'), dataIndex: 'name', width: 180, ellipsis: true },
          {
            title: t('columns.media'),
            dataIndex: 'media',
            width: 110,
            render: (v: string) => t(`menu:${adMediumOf(v)?.titleKey ?? 'group.adPlacement'}`),
          },
          enabledColumn<AdRuleOverviewItem>(t, t('columns.enabled'), 90),
          {
            title: t('columns.action'),
            dataIndex: 'action',
            width: 120,
            render: (v: string) => t(`actions.${v}`),
          },
          { title: t('columns.accounts'), dataIndex: 'accounts', width: 90, align: 'end' },
          { title: t('columns.objects'), dataIndex: 'objects', width: 90, align: 'end' },
          { title: t('acted7d'), dataIndex: 'acted_7d', width: 110, align: 'end' },
          { title: t('failed7d'), dataIndex: 'failed_7d', width: 110, align: 'end' },
          {
            title: t('savings7d'),
            dataIndex: 'savings_7d',
            width: 130,
            align: 'end',
            render: (v: number) => yuan(v),
          },
          {
            title: t('columns.lastRun'),
            dataIndex: 'last_run_at',
            width: 170,
            render: (v: string | null) => (v ? formatDateTime(v) : '—'),
          },
        ]}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('recentActions')}
      </Typography.Title>
      <DataTable<AdRuleRecentAction & { key: number }>
        size="small"
        pagination={false}
        dataSource={(overview.data?.recent ?? []).map((a, key) => ({ ...a, key }))}
        locale={{ emptyText: t('noActions') }}
        columns={[
          { title: t('columns.at'), dataIndex: 'at', width: 170, render: (v: string) => formatDateTime(v) },
          { title: t('columns.rule'), dataIndex: 'rule_name', width: 160, ellipsis: true },
          { title: t('columns.account'), dataIndex: 'account_id', width: 150 },
          {
            title: t('columns.object'),
            key: 'object',
            width: 180,
            render: (_: unknown, a) => (a.object_id ? `${a.object_name} (${a.object_id})` : '—'),
          },
          {
            title: t('columns.outcome'),
            dataIndex: 'outcome',
            width: 110,
            render: (v: AdRuleRecentAction['outcome']) => <OutcomeTag outcome={v} />,
          },
          { title: t('columns.detail'), dataIndex: 'detail', ellipsis: true },
        ]}
      />
    </Flex>
  );
}
