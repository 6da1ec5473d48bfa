import { loadNamespace } from '@/shared/i18n.ts';
import { OrdersPage } from './OrdersPage.tsx';

// Web recharge site orders: filters, totals per day and currency, detail with timeline, redeliver and refund.
await Promise.all([loadNamespace('webShop'), loadNamespace('approvals')]);
export default OrdersPage;
