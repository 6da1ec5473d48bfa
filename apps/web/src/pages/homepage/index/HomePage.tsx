import { Alert, Button, Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HomeSummary } from '@rx/contracts/home';
import { useSession } from '@/app/session.ts';
import { useHomeSummary } from './api.ts';
import { HOME_SECTIONS } from './sections.tsx';
import './home.css';

/** Home (see/home): the start page of the day — what waits, the games, recent work, shortcuts. */
export function HomePage() {
  const { t } = useTranslation('home');
  const user = useSession((state) => state.user);
  const cpConfig = useSession((state) => state.cpConfig);
  const { data: summary, isPending, isError, refetch } = useHomeSummary();
  if (!user) return null;

  return (
    <div className="rx-home">
      <header className="rx-home__header">
        <Typography.Title level={3} className="rx-home__title">
          {t('welcome', { name: user.username })}
        </Typography.Title>
        {cpConfig && (
          <Typography.Text type="secondary">
            <bdi>{cpConfig.cp_name}</bdi> · {t(`common:area.${cpConfig.publish_area}`)}
          </Typography.Text>
        )}
      </header>
      {isError && (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          action={<Button onClick={() => void refetch()}>{t('retry')}</Button>}
        />
      )}
      {/* While the summary loads, its sections hold their places with a skeleton: nothing below moves when it arrives. */}
      <div className="rx-home__grid">
        {HOME_SECTIONS.filter((section) => isPending || section.shows(summary)).map(
          ({ key, title, shows, Component, wide }) => (
            <Card
              key={key}
              title={<h2 className="rx-home__section-title">{t(title)}</h2>}
              className={wide ? 'rx-home__section is-wide' : 'rx-home__section'}
              data-section={key}
            >
              {summary || shows(undefined) ? (
                <Component summary={summary as HomeSummary} />
              ) : (
                <Skeleton active />
              )}
            </Card>
          ),
        )}
      </div>
    </div>
  );
}
