import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { I18nText } from '@rx/contracts/fields';
import type { TicketPriority, TicketState } from '@rx/contracts/tickets';

const STATE_COLORS: Record<TicketState, string> = {
  new: 'magenta',
  assigned: 'geekblue',
  in_progress: 'blue',
  waiting_for_player: 'gold',
  resolved: 'green',
  closed: 'default',
};
const PRIORITY_COLORS: Record<TicketPriority, string> = {
  low: 'default',
  normal: 'blue',
  high: 'orange',
  urgent: 'red',
};

export function StateTag({ t, state }: { t: TFunction; state: TicketState }) {
  return (
    <Tag color={STATE_COLORS[state]} data-testid="ticket-state">
      {t(`states.${state}`)}
    </Tag>
  );
}

export function PriorityTag({ t, priority }: { t: TFunction; priority: TicketPriority }) {
  return <Tag color={PRIORITY_COLORS[priority]}>{t(`priorities.${priority}`)}</Tag>;
}

/** A feedback type's name in the interface language, else zh, else its code. */
export function typeName(name: Partial<I18nText>, code: string, lang: string): string {
  return (name as Record<string, string | undefined>)[lang] || name.zh || code;
}
