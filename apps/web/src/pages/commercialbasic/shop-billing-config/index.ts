import { loadNamespace } from '@/shared/i18n.ts';
import { BillingPage } from './BillingPage.tsx';

// Billing points (billingResource in @rx/contracts/billing-points): the purchasable SKUs of the game per channel and store.
await loadNamespace('billing');
export default BillingPage;
