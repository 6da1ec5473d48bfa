/** Billing points (purchasable SKUs) of a product: the routes, and lookups other modules use. */
export { billingRoutes, BILLING_SEE } from './routes.ts';
export { getBilling, toBilling } from './service.ts';
