import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdRuleRun } from '@rx/contracts/ad-rules';
import { DataTable } from '@/shared/ui/DataTable.tsx';

type Action = AdRuleRun['actions'][number];

const OUTCOME_COLOURS: Record<Action['outcome'], string> = {
  done: 'success',
  notified: 'processing',
  would: 'warning',
  cooling: 'default',
  failed: 'error',
};

/** An outcome as a coloured tag (what a run did, or a dry run would do, to one object). */
export function OutcomeTag({ outcome }: { outcome: Action['outcome'] }) {
  const { t } = useTranslation('adRules');
  return <Tag color={OUTCOME_COLOURS[outcome]}>{t(`outcomes.${outcome}`)}</Tag>;
}

/** The actions of one run: the account, the object, what happened and the figures read. */
export function RunActions({ run }: { run: AdRuleRun }) {
  const { t } = useTranslation('adRules');
  return (
    <DataTable<Action & { key: number }>
      size="small"
      pagination={false}
      dataSource={run.actions.map((a, key) => ({ ...a, key }))}
      locale={{ emptyText: t('noActions') }}
      columns={[
        { title: t('columns.account'), dataIndex: 'account_id', width: 150 },
        { title: t('columns.object'), dataIndex: 'object_id', width: 150, render: (v: string) => v || '—' },
        {
          title: t('columns.outcome'),
          dataIndex: 'outcome',
          width: 110,
          render: (v: Action['outcome']) => <OutcomeTag outcome={v} />,
        },
        { title: t('columns.detail'), dataIndex: 'detail', ellipsis: true },
      ]}
    />
  );
}
