/** What the server itself answers: health, the console's files, metrics and security headers. */
export { healthRoutes, webRoutes } from './routes.ts';
export { setUpMetrics, type MetricsOptions } from './metrics.ts';
export { securityHeaders } from './security-headers.ts';
