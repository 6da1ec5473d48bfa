import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { WebOrder } from '@rx/contracts/web-shop';
import { formatMoney } from '@/shared/format.ts';

const STATE_COLORS: Record<string, string> = {
  created: 'default',
  paid: 'processing',
  delivered: 'success',
  delivery_failed: 'error',
  refunded: 'purple',
};

/** An order's state, and a second tag while a refund waits for approval. */
export function StateTag({ t, order }: { t: TFunction; order: Pick<WebOrder, 'state' | 'approval_id'> }) {
  return (
    <span data-testid="web-order-state" data-state={order.state}>
      <Tag color={STATE_COLORS[order.state]}>{t(`states.${order.state}`)}</Tag>
      {order.approval_id !== null && <Tag color="gold">{t('orders.waitingApproval')}</Tag>}
    </span>
  );
}

export function Money({ amount, currency }: { amount: number; currency: string }) {
  return <span dir="ltr">{formatMoney(amount, currency)}</span>;
}
