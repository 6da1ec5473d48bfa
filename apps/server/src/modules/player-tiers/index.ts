import { defineModule } from '../../lib/server-module.ts';
import { tierWork } from './daily.ts';
import { playerTierRoutes } from './routes.ts';

/** Player tiers (user level query): the daily tier job, thresholds, distribution and history. */
export const playerTiersModule = defineModule({
  name: 'player-tiers',
  routes: playerTierRoutes,
  work: tierWork,
});
export { computeTiers } from './service.ts';
export { computeTiersNow } from './daily.ts';
