import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_ATTENTION_FIGURES, HOME_FIGURES, type HomeFigure, type HomeSummary } from '@rx/contracts/home';
import { selectProduct } from '@/app/product/store.ts';
import { formatNumber } from '@/shared/format.ts';

type Game = HomeSummary['games'][number];

/** One game's figures, each opening its page with the game chosen in the header. */
function GameCard({ game, figures }: { game: Game; figures: HomeFigure[] }) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const open = (figure: HomeFigure) => {
    selectProduct(game.id);
    void navigate(HOME_FIGURES[figure]);
  };
  return (
    <section className="rx-home__game" aria-label={game.name}>
      <Flex align="baseline" gap="small" wrap>
        <Typography.Title level={5} className="rx-home__game-name">
          <bdi>{game.name}</bdi>
        </Typography.Title>
        <Typography.Text type="secondary" className="rx-home__game-code">
          <bdi>{game.code}</bdi>
        </Typography.Text>
        <Tag>{t(`common:area.${game.region}`)}</Tag>
      </Flex>
      {figures.length > 0 && (
        <dl className="rx-home__figures">
          {figures.map((figure) => {
            const value = game.counts[figure] ?? 0;
            const attention = value > 0 && HOME_ATTENTION_FIGURES.includes(figure);
            return (
              <div key={figure} className={attention ? 'rx-home__figure is-attention' : 'rx-home__figure'}>
                <dt>{t(`figures.${figure}`)}</dt>
                <dd>
                  <button
                    type="button"
                    className="rx-home__figure-link"
                    onClick={() => open(figure)}
                    aria-label={t('games.open', {
                      figure: t(`figures.${figure}`),
                      game: game.name,
                      count: value,
                    })}
                  >
                    {formatNumber(value)}
                  </button>
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}

/** The CP's games with what each holds today (only the figures the user may see). */
export function Games({ summary }: { summary: HomeSummary }) {
  const { t } = useTranslation('home');
  if (summary.games.length === 0)
    return <Typography.Text type="secondary">{t('games.empty')}</Typography.Text>;
  return (
    <Flex vertical gap="middle">
      {summary.figures.length === 0 && (
        <Typography.Text type="secondary">{t('games.noFigures')}</Typography.Text>
      )}
      {summary.games.map((game) => (
        <GameCard key={game.id} game={game} figures={summary.figures} />
      ))}
    </Flex>
  );
}
