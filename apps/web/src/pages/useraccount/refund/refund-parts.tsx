import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { WEB_SHOP_STORE, type RefundItem } from '@rx/contracts/refunds';
import { WEB_ORDERS_PAGE } from '@rx/contracts/web-shop';
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

/** A refund's store by name: a store's (billing), or the web shop's (a refunded web order). */
export function storeLabel(t: TFunction, store: string): string {
  return store === WEB_SHOP_STORE
    ? t('refunds:stores.web_shop')
    : t('billing:stores.' + store, { defaultValue: store });
}

/** For a web-shop refund: a link to its order on the web orders page (found by its order number). */
export function WebOrderLink({ t, item }: { t: TFunction; item: Pick<RefundItem, 'store' | 'order_no'> }) {
  if (item.store !== WEB_SHOP_STORE) return null;
  return (
    <Link
      to={`${WEB_ORDERS_PAGE}?order_no=${encodeURIComponent(item.order_no)}`}
      data-testid="refund-web-order"
      style={{ marginInlineStart: 8 }}
    >
      {t('refunds:webOrder')}
    </Link>
  );
}
