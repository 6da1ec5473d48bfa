/** Game props (the item catalogue of a product): the routes, the table other modules refer to. */
export { propRoutes, propService } from './props.ts';
export { props } from './tables.ts';
