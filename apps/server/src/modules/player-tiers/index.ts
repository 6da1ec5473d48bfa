/** Player tiers (user level query): the daily tier job, thresholds, distribution and history. */
export { playerTierRoutes } from './routes.ts';
export { computeTiers } from './service.ts';
