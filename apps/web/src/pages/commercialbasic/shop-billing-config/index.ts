import { loadNamespace } from '../../../shared/i18n.ts';
import { BillingPage } from './BillingPage.tsx';

// Billing points (`commercialization/see/billing_point`): the purchasable SKUs of the game per channel and store.
await loadNamespace('billing');
export default BillingPage;
