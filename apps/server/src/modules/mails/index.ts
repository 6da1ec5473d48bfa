/** System mail: the console's routes and the game API's inbox, read and claim. */
export { mailRoutes } from './routes.ts';
export { mailGameRoutes } from './game.ts';
export { mails, mailRecipients } from './tables.ts';
