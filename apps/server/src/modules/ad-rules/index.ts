import { defineModule } from '../../lib/server-module.ts';
import { overviewRoutes } from './overview.ts';
import { adRuleRoutes, runDueRules, type RulesContext } from './rules.ts';

const RULES_TASK = 'ad-rules.run';

/**
 * Automated rules of ad placement ("AI trusteeship"): conditions over the advertisers' report
 * figures → actions on their live objects or a notification; run every ten minutes, or now by staff
 * (a dry run changes nothing); every run kept with its actions.
 */
export const adRulesModule = defineModule({
  name: 'ad-rules',
  routes: async (app, context: RulesContext) => {
    await overviewRoutes(app, context.db);
    await adRuleRoutes(app, context);
  },
  work: (context: RulesContext) => ({
    tasks: {
      [RULES_TASK]: async () => {
        await runDueRules(context);
      },
    },
    schedules: [{ task: RULES_TASK, key: 'ad-rules:run', cron: '*/10 * * * *', tz: 'UTC' }],
  }),
});
export { runRule, runDueRules } from './rules.ts';
