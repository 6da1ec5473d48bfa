import type { Db } from '../../db/index.ts';
import { defineModule } from '../../lib/server-module.ts';
import { cancellationGameRoutes, cancellationRoutes, resetCoolingOff } from './cancellations.ts';
import { eraseDue } from './erase.ts';

const ERASE_TASK = 'account_cancellations.erase';

/**
 * Account cancellation (page `/offline/account-cancellation`): players ask through the game API, a
 * sign-in during the cooling-off withdraws, then the erasure task removes or anonymises the player's
 * data in every table of the game and keeps a receipt; a legal hold stops it.
 */
export const accountCancellationsModule = defineModule({
  name: 'account-cancellations',
  routes: cancellationRoutes,
  gameRoutes: cancellationGameRoutes,
  // Requests whose cooling-off is over are erased every five minutes.
  work: (context: { db: Db }) => ({
    tasks: { [ERASE_TASK]: () => eraseDue(context.db).then(() => undefined) },
    schedules: [{ task: ERASE_TASK, key: 'account-cancellations:erase', cron: '*/5 * * * *', tz: 'UTC' }],
  }),
  reset: resetCoolingOff,
});
export { eraseDue, erasePlayer } from './erase.ts';
export { accountCancellations } from './tables.ts';
