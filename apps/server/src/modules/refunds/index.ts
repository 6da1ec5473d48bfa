/**
 * Refunds: store refund notices (game API, store poll), matched to orders and the items delivered,
 * clawed back through the game's server (debt when short), penalised or waived (two-person approval).
 */
export { refundRoutes, refundGameRoutes } from './routes.ts';
export { clawbackGame, setRefundTimeout, storeAdapter } from './fakes.ts';
export type { FakeClawbackGame, FakeStore } from '../outside-parties/index.ts';
