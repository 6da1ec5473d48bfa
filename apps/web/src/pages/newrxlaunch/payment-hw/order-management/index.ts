import { loadNamespace } from '@/shared/i18n.ts';
import { OrdersPage } from './OrdersPage.tsx';

// Web recharge site orders: filters, totals per day and currency, detail with timeline, redeliver and refund.
// The refunds namespace names a refunded order's refund state (issue 27).
await Promise.all([loadNamespace('webShop'), loadNamespace('approvals'), loadNamespace('refunds')]);
export default OrdersPage;
