/** Sign-in, sessions and the caller's own account: the `/acs` routes and the access-token check. */
export { acsRoutes } from './routes.ts';
export { authenticator } from './authenticate.ts';
