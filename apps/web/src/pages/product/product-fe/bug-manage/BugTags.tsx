import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Bug, BugPriority, BugSeverity, BugStatus } from '@rx/contracts/bugs';

export const SEVERITY_COLORS: Record<BugSeverity, string> = {
  blocker: 'magenta',
  critical: 'red',
  major: 'orange',
  minor: 'blue',
  trivial: 'default',
};
export const PRIORITY_COLORS: Record<BugPriority, string> = {
  urgent: 'red',
  high: 'orange',
  normal: 'blue',
  low: 'default',
};
export const STATUS_COLORS: Record<BugStatus, string> = {
  active: 'processing',
  resolved: 'success',
  closed: 'default',
};

/** A bug's status (with its resolution), severity and priority as tags. */
export function BugTags({ bug }: { bug: Bug }) {
  const { t } = useTranslation('bugs');
  return (
    <Space size={4} wrap>
      <Tag color={STATUS_COLORS[bug.status]} data-testid={`bug-status-${bug.id}`}>
        {t(`statuses.${bug.status}`)}
        {bug.resolution ? ` · ${t(`resolutions.${bug.resolution}`)}` : ''}
      </Tag>
      <Tag color={SEVERITY_COLORS[bug.severity]}>{t(`severities.${bug.severity}`)}</Tag>
      <Tag color={PRIORITY_COLORS[bug.priority]}>{t(`priorities.${bug.priority}`)}</Tag>
    </Space>
  );
}
