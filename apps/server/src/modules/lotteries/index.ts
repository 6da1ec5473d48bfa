import { defineModule } from '../../lib/server-module.ts';
import { lotteryGameRoutes } from './draw.ts';
import { lotteryRoutes } from './lottery.ts';

/**
 * Lotteries (issue 30): prizes with weights, stock and caps, a fallback, entry conditions on
 * shares or invites; atomic, auditable draws through the game API, prizes delivered by mail.
 */
export const lotteriesModule = defineModule({
  name: 'lotteries',
  routes: lotteryRoutes,
  gameRoutes: lotteryGameRoutes,
});
export { lotteries, lotteryDraws } from './tables.ts';
