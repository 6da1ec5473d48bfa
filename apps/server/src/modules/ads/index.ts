import { defineModule } from '../../lib/server-module.ts';
import type { Db } from '../../db/index.ts';
import type { EventBus } from '../../lib/events.ts';
import type { Outside } from '../../lib/outside/index.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { syncAll } from './accounts.ts';
import { adAccountRoutes } from './routes.ts';

const SYNC_TASK = 'ads.sync_accounts';

interface Context {
  db: Db;
  outside: Outside;
  events: EventBus;
  secrets: SecretBox;
}

/**
 * Ad placement (issue 31): the media's advertiser accounts (OAuth authorisation, tokens renewed
 * ahead of expiry under the kit's lock, agent → advertiser hierarchy, status and balance synced
 * every 30 minutes, alerts in the bell). One table and one set of routes for every medium.
 */
export const adsModule = defineModule({
  name: 'ads',
  routes: (app, context: Context) => adAccountRoutes(app, context),
  work: (context: Context) => ({
    tasks: {
      [SYNC_TASK]: async () => {
        await syncAll(context);
      },
    },
    schedules: [{ task: SYNC_TASK, key: 'ads:sync-accounts', cron: '*/30 * * * *', tz: 'UTC' }],
  }),
});
export { fakeMedia, type FakeMedia } from './media/fake.ts';
export { syncAll, RENEW_WITHIN_MS } from './accounts.ts';
