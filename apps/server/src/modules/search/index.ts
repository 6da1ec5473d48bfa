import { defineModule } from '../../lib/server-module.ts';
import { searchRoutes } from './routes.ts';

/** The header's global search across players, orders, codes, tickets and staff. */
export const searchModule = defineModule({ name: 'search', routes: searchRoutes });
export { mayOpen } from './search.ts';
