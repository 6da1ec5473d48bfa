/** User groups: rule or list groups of a product's players, materialised, layered; targeting for other modules. */
export { userGroupRoutes } from './routes.ts';
export { playerMatchSql, RuleError } from './rules.ts';
export { groupMembersSql, layerBucket } from './targeting.ts';
export { ruleFields } from './service.ts';
export { seedDemoGroups } from './demo.ts';
