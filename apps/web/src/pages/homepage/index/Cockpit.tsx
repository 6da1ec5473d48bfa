import type { ReactNode } from 'react';
import { Alert, Button, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { announcementsResource } from '@rx/contracts/announcements';
import { codeBatchResource } from '@rx/contracts/code-batches';
import { mailsResource } from '@rx/contracts/mails';
import { PLAYERS_PAGE } from '@rx/contracts/players';
import { playerTicketsResource, productTicketsResource } from '@rx/contracts/tickets';
import type { Cockpit as CockpitData } from '@rx/contracts/cockpit';
import { useProduct } from '@/app/product/store.ts';
import { Chart } from '@/shared/chart/index.ts';
import { formatMoney, formatNumber, INTL_LOCALES } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { currentLanguage } from '@/shared/i18n.ts';
import { CockpitSkeleton } from './CockpitSkeleton.tsx';

const TICKET_PAGES = { product: productTicketsResource.page, player: playerTicketsResource.page } as const;
const CAMPAIGN_PAGES = {
  mails: mailsResource.page,
  announcements: announcementsResource.page,
  code_batches: codeBatchResource.page,
} as const;

function useCockpit(productId: number | null) {
  return useQuery({
    queryKey: ['home', 'cockpit', productId],
    queryFn: ({ signal }) => http.get<CockpitData>('/home/cockpit', undefined, { signal }),
    enabled: !!productId,
  });
}

/** One figure: its name, today's value (a link to its page) and the last 30 days'. */
function Tile({
  label,
  to,
  today,
  month,
}: {
  label: string;
  to: string;
  today: ReactNode;
  month?: ReactNode;
}) {
  const { t } = useTranslation('home');
  return (
    <div className="rx-cockpit__tile">
      <dt>{label}</dt>
      <dd>
        <Link to={to} className="rx-cockpit__value">
          {today}
        </Link>
        {month !== undefined && (
          <span className="rx-cockpit__month">
            {t('cockpit.last30')}: {month}
          </span>
        )}
      </dd>
    </div>
  );
}

const money = (amounts: Record<string, number>) => {
  const entries = Object.entries(amounts);
  if (entries.length === 0) return formatNumber(0);
  return entries.map(([currency, minor]) => (
    <bdi key={currency} className="rx-cockpit__money">
      {formatMoney(minor, currency)}
    </bdi>
  ));
};

/** The digits of a currency's minor unit (2 for most, 0 for yen). */
function digitsOf(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** How long ago, in days (hours under a day), in the interface language. */
function age(iso: string): string {
  const hours = Math.max(0, Math.floor((Date.now() - new Date(iso).getTime()) / 3_600_000));
  const format = new Intl.RelativeTimeFormat(INTL_LOCALES[currentLanguage()], { numeric: 'always' });
  return hours < 24 ? format.format(-hours, 'hour') : format.format(-Math.floor(hours / 24), 'day');
}

/**
 * The home cockpit: the chosen game's today and last 30 days — players, payments, redemptions,
 * mail, tickets, campaigns, approvals, jobs — each part only when the viewer may open its page.
 */
export function Cockpit() {
  const { t } = useTranslation('home');
  const productId = useProduct((state) => state.productId);
  const game = useProduct((state) => state.products.find((p) => p.id === state.productId));
  const { data, isPending, isError, refetch } = useCockpit(productId);
  if (!productId) return <Typography.Text type="secondary">{t('cockpit.noGame')}</Typography.Text>;
  if (isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        action={<Button onClick={() => void refetch()}>{t('retry')}</Button>}
      />
    );
  if (isPending || !data) return <CockpitSkeleton />;

  const days = data.days.map((day) => day.slice(5));
  const { players, payments, tickets, campaigns } = data;
  return (
    <div className="rx-cockpit" data-game={productId}>
      {game && (
        <Typography.Text type="secondary">
          <bdi>{game.name}</bdi> · {t('cockpit.window')}
        </Typography.Text>
      )}
      <dl className="rx-cockpit__tiles">
        {players && (
          <>
            <Tile
              label={t('cockpit.newPlayers')}
              to={`${PLAYERS_PAGE}?sort=-created_at`}
              today={formatNumber(players.new_today)}
              month={formatNumber(players.new_30d)}
            />
            <Tile
              label={t('cockpit.active')}
              to={`${PLAYERS_PAGE}?sort=-last_login_at`}
              today={formatNumber(players.active_today)}
              month={formatNumber(players.active_30d)}
            />
          </>
        )}
        {payments && (
          <>
            <Tile
              label={t('cockpit.payers')}
              to={`${PLAYERS_PAGE}?paid=1&sort=-paid_total`}
              today={formatNumber(payments.payers_today)}
              month={formatNumber(payments.payers_30d)}
            />
            <Tile
              label={t('cockpit.revenue')}
              to={`${PLAYERS_PAGE}?paid=1&sort=-paid_total`}
              today={money(payments.revenue_today)}
              month={money(payments.revenue_30d)}
            />
          </>
        )}
        {data.redemptions && (
          <Tile
            label={t('cockpit.redemptions')}
            to={codeBatchResource.page}
            today={formatNumber(data.redemptions.today)}
            month={formatNumber(data.redemptions.last_30d)}
          />
        )}
        {data.mail_claimed && (
          <Tile
            label={t('cockpit.mailClaimed')}
            to={mailsResource.page}
            today={formatNumber(data.mail_claimed.today)}
            month={formatNumber(data.mail_claimed.last_30d)}
          />
        )}
        {tickets &&
          (Object.keys(tickets.open) as (keyof typeof TICKET_PAGES)[]).map((kind) => (
            <Tile
              key={kind}
              label={t(`cockpit.tickets.${kind}`)}
              to={TICKET_PAGES[kind]}
              today={formatNumber(tickets.open[kind] ?? 0)}
            />
          ))}
        {campaigns &&
          (Object.keys(campaigns) as (keyof typeof CAMPAIGN_PAGES)[]).map((kind) => (
            <Tile
              key={kind}
              label={t(`cockpit.live.${kind}`)}
              to={CAMPAIGN_PAGES[kind]}
              today={formatNumber(campaigns[kind] ?? 0)}
            />
          ))}
        <Tile label={t('cockpit.approvals')} to="/approvals" today={formatNumber(data.approvals.pending)} />
        <Tile label={t('cockpit.jobs')} to="/jobs" today={formatNumber(data.jobs.running)} />
      </dl>
      {tickets && (
        <Typography.Paragraph type="secondary" className="rx-cockpit__age">
          {tickets.oldest_at
            ? t('cockpit.ticketAge', {
                oldest: age(tickets.oldest_at),
                day: formatNumber(tickets.older_1d),
                days: formatNumber(tickets.older_3d),
              })
            : t('cockpit.noOpenTickets')}
        </Typography.Paragraph>
      )}
      <div className="rx-cockpit__charts">
        {players && (
          <Chart
            kind="bar"
            categories={days}
            series={[{ name: t('cockpit.newPlayers'), values: players.new_daily }]}
            label={t('cockpit.newPlayersChart')}
            height={180}
          />
        )}
        {payments && Object.keys(payments.revenue_daily).length > 0 && (
          <Chart
            kind="line"
            categories={days}
            series={Object.entries(payments.revenue_daily).map(([currency, values]) => ({
              name: currency,
              values: values.map((minor) => minor / 10 ** digitsOf(currency)),
            }))}
            label={t('cockpit.revenueChart')}
            height={180}
          />
        )}
      </div>
    </div>
  );
}

export default Cockpit;
