import { defineModule } from '../../lib/server-module.ts';
import type { Db } from '../../db/index.ts';
import type { EventBus } from '../../lib/events.ts';
import type { JobRunner } from '../../lib/jobs/index.ts';
import type { Outside } from '../../lib/outside/index.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { syncAll } from './accounts.ts';
import { adBatchRoutes } from './batch-routes.ts';
import { BATCH_JOB, batchEnded, pushAd } from './batches.ts';
import { adReportRoutes } from './report-routes.ts';
import { REPORT_DAILY_TASK, REPORT_PULL_JOB, REPORT_ZONE, runPull, startDailyPulls } from './reports.ts';
import { adObjectRoutes } from './objects.ts';
import { adAccountRoutes } from './routes.ts';
import { adBatchTaskRoutes } from './task-routes.ts';
import { adBatchTemplateRoutes } from './templates.ts';

const SYNC_TASK = 'ads.sync_accounts';

interface Context {
  db: Db;
  outside: Outside;
  events: EventBus;
  secrets: SecretBox;
  jobs: JobRunner;
}

/**
 * Ad placement (issue 31): the media's advertiser accounts (OAuth authorisation, tokens renewed
 * ahead of expiry under the kit's lock, agent → advertiser hierarchy, status and balance synced
 * every 30 minutes, alerts in the bell). One table and one set of routes for every medium.
 * Reports: each account's daily figures, pulled by a job every morning (the last days again, as the
 * media restate them) or by staff for a range.
 */
export const adsModule = defineModule({
  name: 'ads',
  routes: async (app, context: Context) => {
    await adAccountRoutes(app, context);
    await adReportRoutes(app, context);
    await adBatchRoutes(app, context);
    adBatchTemplateRoutes(app, context.db);
    await adBatchTaskRoutes(app, context);
    await adObjectRoutes(app, context);
  },
  work: (context: Context) => ({
    jobs: {
      [REPORT_PULL_JOB]: { run: (job) => runPull(context, job) },
      [BATCH_JOB]: { item: (tx, input) => pushAd(context, tx, input), ended: batchEnded },
    },
    tasks: {
      [SYNC_TASK]: async () => {
        await syncAll(context);
      },
      [REPORT_DAILY_TASK]: async () => {
        await startDailyPulls(context.db, context.jobs);
      },
    },
    schedules: [
      { task: SYNC_TASK, key: 'ads:sync-accounts', cron: '*/30 * * * *', tz: 'UTC' },
      // Early morning in the media's calendar: the last days again (restatements included).
      { task: REPORT_DAILY_TASK, key: 'ads:pull-reports', cron: '20 6 * * *', tz: REPORT_ZONE },
    ],
  }),
});
export { fakeMedia, type FakeMedia } from './media/fake.ts';
export { syncAll, RENEW_WITHIN_MS } from './accounts.ts';
export { advertisersOn } from './accounts.ts';
export { mirroredCampaigns } from './objects.ts';
export {
  adBatchAds,
  adBatches,
  adBatchTemplates,
  adObjects,
  adAccounts,
  adReportCampaignDays,
  adReportDays,
} from './tables.ts';
export { editObject, syncObjects } from './objects.ts';
export { REPORT_ZONE } from './reports.ts';
export { adPartyOf } from './media/parties.ts';
export { addDays, dayIn, replacePulledDays, type PullItem } from './reports.ts';
export { fakeMinigameDay } from './media/fake.ts';
export { TENCENT_BASE } from './media/tencent.ts';
