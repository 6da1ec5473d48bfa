import { defineModule } from '../../lib/server-module.ts';
import { groupWork } from './jobs.ts';
import { userGroupRoutes } from './routes.ts';

/** User groups: rule or list groups of a product's players, materialised, layered; targeting for other modules. */
export const userGroupsModule = defineModule({
  name: 'user-groups',
  routes: userGroupRoutes,
  work: groupWork,
});
export { groupMembersSql, layerBucket } from './targeting.ts';
export { bucketSql, layerRanges } from './service.ts';
export { bucketOf } from './service.ts';
export { seedDemoGroups } from './demo.ts';
export { groupLayersMembersSql } from './targeting.ts';
export { checkGroups } from './targeting.ts';
