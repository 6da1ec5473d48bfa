/**
 * Game-behaviour violations: events games report (signed game API), violators grouped by player
 * for review (`/api/v1/violations`), templates applied through violation-templates.
 */
export { violationRoutes, violationGameRoutes } from './routes.ts';
export { seedDemoViolations } from './demo.ts';
