import { loadNamespace } from '@/shared/i18n.ts';
import { RefundsPage } from './RefundsPage.tsx';

// Refunds (`refund/see/refund`): store refund notices, their claw-back, totals per day and store.
await loadNamespace('refunds');
export default RefundsPage;
