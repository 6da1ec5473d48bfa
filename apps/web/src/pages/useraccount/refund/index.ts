import { loadNamespace } from '@/shared/i18n.ts';
import { RefundsPage } from './RefundsPage.tsx';

// Refunds (`refund/see/refund`): store refund notices, their claw-back, totals per day and store.
// `billing`: the stores' names (`app_store` → "App Store"), never their codes.
await Promise.all([loadNamespace('refunds'), loadNamespace('billing')]);
export default RefundsPage;
