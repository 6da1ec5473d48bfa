import type { Db } from '../../db/index.ts';
import { defineModule } from '../../lib/server-module.ts';
import { cancellationGameRoutes, cancellationRoutes, resetCoolingOff } from './cancellations.ts';
import { ERASE_JOB, eraseDue, eraseJob } from './erase.ts';
import type { JobRunner } from '../../lib/jobs/index.ts';

const ERASE_TASK = 'account_cancellations.erase';

/**
 * Account cancellation (page `/offline/account-cancellation`): players ask through the game API, a
 * sign-in during the cooling-off withdraws, then the erasure task removes or anonymises the player's
 * data in the tables declared in `player-data.ts` and keeps a receipt; a legal hold stops it.
 */
export const accountCancellationsModule = defineModule({
  name: 'account-cancellations',
  routes: cancellationRoutes,
  gameRoutes: cancellationGameRoutes,
  // Requests whose cooling-off is over start their erasure job every five minutes.
  work: (context: { db: Db; jobs: JobRunner }) => ({
    jobs: { [ERASE_JOB]: eraseJob },
    tasks: { [ERASE_TASK]: () => eraseDue(context.db, context.jobs).then(() => undefined) },
    schedules: [{ task: ERASE_TASK, key: 'account-cancellations:erase', cron: '*/5 * * * *', tz: 'UTC' }],
  }),
  reset: resetCoolingOff,
});
export { eraseDue, eraseStep, eraseSteps, startErasures } from './erase.ts';
export { accountCancellations } from './tables.ts';
