import type { Db } from '../../db/index.ts';
import { defineModule } from '../../lib/server-module.ts';
import { adCostRoutes } from './costs.ts';

/**
 * Media cost upload for overseas games (`/newrxlaunch/expend-report`): daily costs per medium and
 * account uploaded as files, previewed, committed as numbered batches, rolled back whole.
 */
export const adCostsModule = defineModule({
  name: 'ad-costs',
  routes: (app, context: { db: Db }) => adCostRoutes(app, context),
});
