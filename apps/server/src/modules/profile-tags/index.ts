/** Player profile tags: definitions, values (by rule, import or hand), the tag jobs. */
export { profileTagRoutes } from './routes.ts';
export { evaluateRuleTags } from './jobs.ts';
export { playerTagValues, profileTags } from './tables.ts';
