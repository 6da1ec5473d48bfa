import { defineModule } from '../../lib/server-module.ts';
import { violationGameRoutes, violationRoutes } from './routes.ts';

/**
 * Game-behaviour violations: events games report (signed game API), violators grouped by player
 * for review (`/api/v1/violations`), templates applied through violation-templates.
 */
export const violationsModule = defineModule({
  name: 'violations',
  routes: violationRoutes,
  gameRoutes: violationGameRoutes,
});
export { seedDemoViolations } from './demo.ts';
