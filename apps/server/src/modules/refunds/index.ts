import { defineModule } from '../../lib/server-module.ts';
import { refundGameRoutes, refundRoutes } from './routes.ts';
import { refundWork } from './work.ts';

/**
 * Refunds: store refund notices (game API, store poll), matched to orders and the items delivered,
 * clawed back through the game's server (debt when short), penalised or waived (two-person approval).
 */
export const refundsModule = defineModule({
  name: 'refunds',
  routes: refundRoutes,
  gameRoutes: refundGameRoutes,
  work: refundWork,
});
export { clawbackGame, setRefundTimeout, storeAdapter } from './fakes.ts';
export type { FakeClawbackGame, FakeStore } from '../outside-parties/index.ts';
export { storeWebRefund, webOrderRefund, type RefundedWebOrder } from './web-refunds.ts';
export { ingestNotices } from './service.ts';
