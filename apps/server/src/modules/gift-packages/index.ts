/** Gift packages of a product: the routes, and what other modules (mail, codes, shop) use. */
export { giftRoutes, GIFT_SEE } from './routes.ts';
export { getGift, toGift } from './service.ts';
export { containsProp } from './usage.ts';
