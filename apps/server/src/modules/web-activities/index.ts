/** Web recharge site top-up activities: the routes, and the rewards a paid web order earns (web-shop's orders). */
export { grantTopUpRewards, type TopUpInput, type TopUpReward } from './service.ts';
export { webActivityRoutes, webActivityService } from './activities.ts';
/** The web recharge site serves overseas (`hw`) products only (422001 otherwise). */
