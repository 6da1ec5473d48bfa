/** Gift packages of a product: the routes, and what other modules (mail, codes, shop) use. */
export { giftRoutes, giftService, toGift } from './gift-packages.ts';
export { containsProp, registerGiftUser, type GiftUserRow } from './usage.ts';
