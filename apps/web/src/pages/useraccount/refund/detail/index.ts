import { loadNamespace } from '@/shared/i18n.ts';
import { RefundDetailPage } from './RefundDetailPage.tsx';

// One order's refund: timeline, delivered items, claw-back ledger and the actions.
await Promise.all([loadNamespace('refunds'), loadNamespace('approvals'), loadNamespace('billing')]);
export default RefundDetailPage;
