import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { RefundItem } from '@rx/contracts/refunds';
import { formatMoney } from '@/shared/format.ts';

const STATE_COLORS: Record<string, string> = {
  detected: 'default',
  matched: 'processing',
  unmatched: 'warning',
  clawback_pending: 'gold',
  clawed_back: 'success',
  debt: 'error',
  penalised: 'magenta',
  waived: 'cyan',
};

/** A refund's state, and a second tag while a waiver waits for approval. */
export function StateTag({ t, item }: { t: TFunction; item: Pick<RefundItem, 'state' | 'approval_id'> }) {
  return (
    <span data-testid="refund-state" data-state={item.state}>
      <Tag color={STATE_COLORS[item.state]}>{t(`states.${item.state}`)}</Tag>
      {item.approval_id !== null && <Tag color="purple">{t('waitingApproval')}</Tag>}
    </span>
  );
}

export function Money({ amount, currency }: { amount: number; currency: string }) {
  if (!currency) return <>—</>;
  return <span dir="ltr">{formatMoney(amount, currency)}</span>;
}
