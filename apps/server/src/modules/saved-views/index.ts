import { defineModule } from '../../lib/server-module.ts';
import { savedViewRoutes } from './routes.ts';

/** Saved views of lists: filters, sort and columns under a name, personal or shared in the CP. */
export const savedViewsModule = defineModule({ name: 'saved-views', routes: savedViewRoutes });
