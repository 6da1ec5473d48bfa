import { defineModule } from '../../lib/server-module.ts';
import { resetRefundAdapters } from './adapter.ts';
import { refundGameRoutes, refundRoutes } from './routes.ts';
import { refundWork } from './work.ts';

/**
 * Refunds: store refund notices (game API, store poll), matched to orders and the items delivered,
 * clawed back through the game adapter (debt when short), penalised or waived (two-person approval).
 */
export const refundsModule = defineModule({
  name: 'refunds',
  routes: refundRoutes,
  gameRoutes: refundGameRoutes,
  work: refundWork,
  reset: resetRefundAdapters,
});
export {
  FakeClawbackGame,
  FakeStore,
  clawbackGame,
  setClawbackGame,
  setRefundTimeout,
  setStoreAdapter,
  storeAdapter,
  type ClawbackGameAdapter,
  type StoreAdapter,
} from './adapter.ts';
