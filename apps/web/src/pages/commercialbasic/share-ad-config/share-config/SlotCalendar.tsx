import { useState } from 'react';
import { Button, Card, Space, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { shareAdSlotsResource, type ShareAdPlacement, type ShareAdSlot } from '@rx/contracts/share-ad-slots';
import { resourceKey, type ListAnswer } from '@/shared/crud/index.ts';
import { http } from '@/shared/http.ts';
import './slot-calendar.css';

const COLOURS: Record<ShareAdPlacement, string> = {
  share_panel: 'blue',
  result_page: 'green',
  invite_page: 'purple',
  landing_banner: 'orange',
};

/**
 * A month of the share ad calendar: each day lists the active slots running on it (local time),
 * coloured by placement. Saving a slot that overlaps another is refused by the server, naming it.
 */
export function SlotCalendar() {
  const { t, i18n } = useTranslation('shareAds');
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const first = month.startOf('week');
  const days = Array.from({ length: 42 }, (_, i) => first.add(i, 'day'));
  const from = days[0]!.toISOString();
  const to = days[41]!.add(1, 'day').toISOString();
  const slots = useQuery({
    queryKey: resourceKey(shareAdSlotsResource.name, 'calendar', from),
    queryFn: () =>
      http.get<ListAnswer<ShareAdSlot>>(`/${shareAdSlotsResource.name}`, {
        from,
        to,
        status: 'active',
        sort: 'starts_at',
        page_size: 100,
      }),
  });
  const list = slots.data?.list ?? [];
  const weekdays = days
    .slice(0, 7)
    .map((d) => d.toDate().toLocaleDateString(i18n.language, { weekday: 'short' }));
  return (
    <Card
      size="small"
      data-testid="share-ad-calendar"
      title={
        <Space wrap>
          <Button
            size="small"
            onClick={() => setMonth(month.subtract(1, 'month'))}
            aria-label={t('calendar.previous')}
          >
            ‹
          </Button>
          <Typography.Text strong data-testid="share-ad-month">
            {month.toDate().toLocaleDateString(i18n.language, { year: 'numeric', month: 'long' })}
          </Typography.Text>
          <Button
            size="small"
            onClick={() => setMonth(month.add(1, 'month'))}
            aria-label={t('calendar.next')}
          >
            ›
          </Button>
          <Button size="small" onClick={() => setMonth(dayjs().startOf('month'))}>
            {t('calendar.today')}
          </Button>
        </Space>
      }
      style={{ marginBlockEnd: 16 }}
    >
      <div className="rx-slot-calendar" role="grid" aria-label={t('calendar.title')}>
        <div role="row" className="rx-slot-calendar-row">
          {weekdays.map((name) => (
            <div role="columnheader" key={name} className="rx-slot-calendar-head">
              {name}
            </div>
          ))}
        </div>
        {[0, 1, 2, 3, 4, 5].map((week) => (
          <div role="row" key={week} className="rx-slot-calendar-row">
            {days.slice(week * 7, week * 7 + 7).map((d) => {
              const start = d.valueOf();
              const end = d.add(1, 'day').valueOf();
              const running = list.filter(
                (s) => Date.parse(s.starts_at) < end && Date.parse(s.ends_at) > start,
              );
              return (
                <div
                  role="gridcell"
                  key={start}
                  data-day={d.format('YYYY-MM-DD')}
                  className={`rx-slot-calendar-cell${d.month() === month.month() ? '' : ' rx-slot-calendar-other'}`}
                >
                  <span className="rx-slot-calendar-date">{d.date()}</span>
                  {running.map((s) => (
                    <Tooltip
                      key={s.id}
                      title={`${t(`placements.${s.placement}`)} · ${s.platform === 'all' ? t('allPlatforms') : t(`menu:group.${s.platform}`)}`}
                    >
                      <Tag color={COLOURS[s.placement]} className="rx-slot-calendar-tag">
                        {s.name}
                      </Tag>
                    </Tooltip>
                  ))}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </Card>
  );
}
