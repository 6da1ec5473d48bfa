import { loadNamespace } from '@/shared/i18n.ts';
import { UserOrdersPage } from './UserOrdersPage.tsx';

// User order query (`service/see/user_order`): a player's orders, read-only, with refunds and export.
await Promise.all([loadNamespace('csOrders'), loadNamespace('refunds')]);
export default UserOrdersPage;
