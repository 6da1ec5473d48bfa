import { loadNamespace } from '@/shared/i18n.ts';
import { BillingPage } from './BillingPage.tsx';

// Billing points (billingResource in @rx/contracts/billing-points): the purchasable SKUs of the game per channel and store.
// `approvals`: a live SKU's change may be sent for approval instead (the notice's words).
await Promise.all([loadNamespace('billing'), loadNamespace('approvals')]);
export default BillingPage;
