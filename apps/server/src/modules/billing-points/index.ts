import { defineModule } from '../../lib/server-module.ts';
import { billingRoutes } from './billing-points.ts';

/** Billing points (purchasable SKUs) of a product: the routes, and lookups other modules use. */
export const billingPointsModule = defineModule({ name: 'billing-points', routes: billingRoutes });
export { billingService } from './billing-points.ts';
export { toBilling } from './service.ts';
/** How billing statuses read on the shared lifecycle. */
export { BILLING_STATES } from './lifecycle.ts';
