import { defineModule } from '../../lib/server-module.ts';
import { tagWork } from './jobs.ts';
import { profileTagRoutes } from './routes.ts';

/** Player profile tags: definitions, values (by rule, import or hand), the tag jobs; what rules may name. */
export const profileTagsModule = defineModule({
  name: 'profile-tags',
  routes: profileTagRoutes,
  work: tagWork,
});
export { evaluateRuleTags } from './jobs.ts';
export { checkRuleTags, ruleFields } from './rule-fields.ts';
export { playerTagValues, profileTags } from './tables.ts';
