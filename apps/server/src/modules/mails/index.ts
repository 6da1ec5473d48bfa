import { defineModule } from '../../lib/server-module.ts';
import { mailGameRoutes } from './game.ts';
import { mailRoutes } from './routes.ts';

/** System mail: the console's routes and the game API's inbox, read and claim. */
export const mailsModule = defineModule({ name: 'mails', routes: mailRoutes, gameRoutes: mailGameRoutes });
export { mails, mailRecipients } from './tables.ts';
