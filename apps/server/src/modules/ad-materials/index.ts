import type { Db } from '../../db/index.ts';
import { defineModule } from '../../lib/server-module.ts';
import { effectRoutes } from './effects.ts';
import { materialRoutes } from './materials.ts';

/**
 * The material library (issue 31 item 5): a game's images and videos from the upload service, one
 * per MD5, with labels, a source and the ad groups of the delivery mirror that use them; and the
 * material effect report (spend, impressions, clicks, conversions, CTR, CVR, CPA per material).
 */
export const adMaterialsModule = defineModule({
  name: 'ad-materials',
  routes: async (app, context: { db: Db }) => {
    materialRoutes(app, context.db);
    effectRoutes(app, context.db);
  },
});
export { adMaterials, adMaterialAds } from './tables.ts';
export { materialUrl } from './materials.ts';
