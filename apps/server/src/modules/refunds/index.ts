/**
 * Refunds: store refund notices (game API, store poll), matched to orders and the items delivered,
 * clawed back through the game adapter (debt when short), penalised or waived (two-person approval).
 */
export { refundRoutes, refundGameRoutes } from './routes.ts';
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
