/** Violation templates: an escalation ladder by offence count, applied to players as sanctions. */
export {
  violationTemplateRoutes,
  violationTemplateService,
  stepFor,
  applyTemplateToPlayer,
} from './violation-templates.ts';
