import { defineModule } from '../../lib/server-module.ts';
import { violationTemplateRoutes } from './violation-templates.ts';

/** Violation templates: an escalation ladder by offence count, applied to players as sanctions. */
export const violationTemplatesModule = defineModule({
  name: 'violation-templates',
  routes: violationTemplateRoutes,
});
export { violationTemplateService, stepFor, applyTemplateToPlayer } from './violation-templates.ts';
