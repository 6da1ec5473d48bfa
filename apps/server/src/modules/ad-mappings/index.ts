import type { Db } from '../../db/index.ts';
import { defineModule } from '../../lib/server-module.ts';
import { adMappingRoutes } from './mappings.ts';

/**
 * Channel mapping of ad placement (issue 31 item 5): a sub-channel ↔ an advertiser account of a
 * medium and optionally one of its campaigns, which the reports credit the sub-channel's player
 * payments to (ROI).
 */
export const adMappingsModule = defineModule({
  name: 'ad-mappings',
  routes: (app, context: { db: Db }) => adMappingRoutes(app, context.db),
});
export { adMappings } from './tables.ts';
export { mappingService } from './mappings.ts';
