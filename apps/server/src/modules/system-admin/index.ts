import { defineModule } from '../../lib/server-module.ts';
import { systemAdminRoutes } from './routes.ts';

/** System administration (admins only): staff, roles and the CP's settings. */
export const systemAdminModule = defineModule({ name: 'system-admin', routes: systemAdminRoutes });
export { touchHolders } from './roles.ts';
