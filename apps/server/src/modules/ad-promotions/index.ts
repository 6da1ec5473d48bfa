import type { Db } from '../../db/index.ts';
import { defineModule } from '../../lib/server-module.ts';
import { adPromotionRoutes } from './promotions.ts';
import { adWindowRoutes } from './windows.ts';

/**
 * Windows and promotion activities of ad placement (issue 31 item 5): the game's landing entries
 * per medium (a mini-program path, an H5 address or an app, with a cover within the medium's
 * rule), and its campaign plans across media (days, budget, targets, accounts, campaigns, window;
 * draft → active → ended) rolled up from the accounts' reported days.
 */
export const adPromotionsModule = defineModule({
  name: 'ad-promotions',
  routes: async (app, context: { db: Db }) => {
    adWindowRoutes(app, context.db);
    adPromotionRoutes(app, context.db);
  },
});
export { adPromotions, adWindows } from './tables.ts';
