import { defineModule } from '../../lib/server-module.ts';
import { FANOUT_JOB, fanoutChunk, fanoutEnded, type ChunkInput } from './fanout.ts';
import { mailGameRoutes } from './game.ts';
import { mailLifecycle, type MailContext } from './lifecycle.ts';
import { mailRoutes } from './routes.ts';

/** System mail: the console's routes, the game API's inbox, read and claim, the fan-out job and the scheduler's moves. */
export const mailsModule = defineModule({
  name: 'mails',
  routes: mailRoutes,
  gameRoutes: mailGameRoutes,
  work: (context: MailContext) => ({
    ...mailLifecycle.work(context),
    jobs: {
      [FANOUT_JOB]: { item: (tx, input) => fanoutChunk(tx, input as ChunkInput), ended: fanoutEnded },
    },
  }),
});
export { mails, mailRecipients } from './tables.ts';
export { mailOnePlayer } from './direct.ts';
