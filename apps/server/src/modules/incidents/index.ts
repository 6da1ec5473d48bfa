import { defineModule } from '../../lib/server-module.ts';
import { incidentRoutes } from './incidents.ts';

/**
 * Incidents (page `/offline/accidents`): severity, games and regions touched, the state moving
 * investigating → identified → monitoring → resolved through timeline updates, a post-mortem, the
 * managers notified at each step, a maintenance announcement linked.
 */
export const incidentsModule = defineModule({ name: 'incidents', routes: incidentRoutes });
export { incidentUpdates, incidents } from './tables.ts';
