/** The home page's summary: what waits for the caller, the CP's games and their counts, recent operations. */
export { homeRoutes } from './routes.ts';
