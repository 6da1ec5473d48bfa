import { defineModule } from '../../lib/server-module.ts';
import { homeRoutes } from './routes.ts';

/** The home page's summary: what waits for the caller, the CP's games and their counts, recent operations. */
export const homeModule = defineModule({ name: 'home', routes: homeRoutes });
