import { defineModule } from '../../lib/server-module.ts';
import { giftRoutes } from './gift-packages.ts';

/** Gift packages of a product: the routes, and what other modules (mail, codes, shop) use. */
export const giftPackagesModule = defineModule({ name: 'gift-packages', routes: giftRoutes });
export { giftService, toGift } from './gift-packages.ts';
export { registerGiftUser } from './usage.ts';
