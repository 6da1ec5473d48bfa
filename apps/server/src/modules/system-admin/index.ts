/** System administration (admins only): staff, roles and the CP's settings. */
export { systemAdminRoutes } from './routes.ts';
export { touchHolders } from './roles.ts';
