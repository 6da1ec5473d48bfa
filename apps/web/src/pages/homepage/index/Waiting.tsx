import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HomeSummary } from '@rx/contracts/home';
import { usePermission } from '@/app/permission/index.ts';
import { formatNumber } from '@/shared/format.ts';

const KINDS = ['work_order', 'approval', 'system'] as const;
const WORK_ORDERS = '/notification/management';

/** What waits for the user today: their unread notifications by kind, each opening its list. */
export function Waiting({ summary }: { summary: HomeSummary }) {
  const { t } = useTranslation('home');
  const canOpen = usePermission(['see/work_order']);
  const waiting = KINDS.filter((kind) => summary.unread[kind] > 0);
  if (waiting.length === 0) return <Typography.Text type="secondary">{t('waiting.none')}</Typography.Text>;
  return (
    <Flex vertical gap="small" component="ul" className="rx-home__list">
      {waiting.map((kind) => {
        const label = (
          <Flex justify="space-between" gap="small">
            <span>{t(`waiting.${kind}`)}</span>
            <Typography.Text strong>{formatNumber(summary.unread[kind])}</Typography.Text>
          </Flex>
        );
        return (
          <li key={kind}>
            {canOpen ? <Link to={`${WORK_ORDERS}?kind=${kind}&unread=1`}>{label}</Link> : label}
          </li>
        );
      })}
    </Flex>
  );
}
