/** Game props (the item catalogue of a product): the routes, and lookups other modules use. */
export { propRoutes, PROP_SEE } from './routes.ts';
export { getProp, toProp } from './service.ts';
