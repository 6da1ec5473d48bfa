import { defineModule } from '../../lib/server-module.ts';
import { REPORT_ZONE } from '../ads/index.ts';
import { minigameAlertRoutes } from './alerts.ts';
import {
  MINIGAME_DAILY_TASK,
  MINIGAME_PULL_JOB,
  minigameReportRoutes,
  runMinigamePull,
  startDailyMinigamePulls,
  type MinigameContext,
} from './monitor.ts';

/**
 * Tencent's mini-game monitor (issue 31 item 4): WeChat mini-games promoted through Tencent ads, per
 * account, mini-game and day (spend, registrations, paying users, revenue, ROI on day 1/3/7), pulled
 * through the Tencent adapter by a job every morning (the last days again) or by staff; thresholds
 * staff set flag the days that break them.
 */
export const adMinigamesModule = defineModule({
  name: 'ad-minigames',
  routes: async (app, context: MinigameContext) => {
    minigameReportRoutes(app, context);
    minigameAlertRoutes(app, context.db);
  },
  work: (context: MinigameContext) => ({
    jobs: { [MINIGAME_PULL_JOB]: { run: (job) => runMinigamePull(context, job) } },
    tasks: {
      [MINIGAME_DAILY_TASK]: async () => {
        await startDailyMinigamePulls(context.db, context.jobs);
      },
    },
    schedules: [
      { task: MINIGAME_DAILY_TASK, key: 'ads:pull-minigames', cron: '35 6 * * *', tz: REPORT_ZONE },
    ],
  }),
});
export { adMinigameAlerts, adMinigameDays } from './tables.ts';
