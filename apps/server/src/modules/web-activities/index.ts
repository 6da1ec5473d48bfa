import { defineModule } from '../../lib/server-module.ts';
import { activityWork, webActivityRoutes } from './activities.ts';

/** Web recharge site top-up activities: the routes, and the rewards a paid web order earns (web-shop's orders). */
export const webActivitiesModule = defineModule({
  name: 'web-activities',
  routes: webActivityRoutes,
  work: activityWork,
});
export { grantTopUpRewards, type TopUpInput, type TopUpReward } from './service.ts';
export { webActivityService } from './activities.ts';
