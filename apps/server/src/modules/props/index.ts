import { defineModule } from '../../lib/server-module.ts';
import { propRoutes } from './props.ts';

/** Game props (the item catalogue of a product): the routes, the table other modules refer to. */
export const propsModule = defineModule({ name: 'props', routes: propRoutes });
export { propService } from './props.ts';
export { props } from './tables.ts';
