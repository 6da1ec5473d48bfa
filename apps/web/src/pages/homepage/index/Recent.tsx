import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HomeSummary } from '@rx/contracts/home';
import { formatDateTime } from '@/shared/format.ts';

const OPERATION_LOG = '/useraccount/account-operation-log';

/** The user's own latest changes, named as the operation log names them. */
export function Recent({ summary }: { summary: HomeSummary }) {
  const { t } = useTranslation('home');
  const operations = summary.recent_operations ?? [];
  const games = new Map(summary.games.map((game) => [game.id, game.name]));
  return (
    <Flex vertical gap="small">
      {operations.length === 0 ? (
        <Typography.Text type="secondary">{t('recent.empty')}</Typography.Text>
      ) : (
        <ul className="rx-home__list rx-home__recent">
          {operations.map((entry) => {
            const game = entry.product_id === null ? undefined : games.get(entry.product_id);
            return (
              <li key={entry.id}>
                <span className="rx-home__recent-what">
                  {t(`oplog:actions.${entry.action}`, { defaultValue: entry.action })}
                  {' · '}
                  {t(`oplog:targets.${entry.target_type}`, { defaultValue: entry.target_type })}
                  {entry.target_name && (
                    <>
                      {' '}
                      <bdi>{entry.target_name}</bdi>
                    </>
                  )}
                  {game && (
                    <Typography.Text type="secondary">
                      {' · '}
                      <bdi>{game}</bdi>
                    </Typography.Text>
                  )}
                </span>
                <Typography.Text type="secondary" className="rx-home__recent-time">
                  <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                </Typography.Text>
              </li>
            );
          })}
        </ul>
      )}
      <Link to={OPERATION_LOG}>{t('recent.all')}</Link>
    </Flex>
  );
}
