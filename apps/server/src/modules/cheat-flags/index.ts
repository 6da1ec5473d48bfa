import { defineModule } from '../../lib/server-module.ts';
import { cheatFlagRoutes, cheatFlagWork } from './routes.ts';

/**
 * Anti-cheat flags: players a rule (a game's report, a server rule, staff) saw cheat, reviewed by
 * staff and confirmed (a violation template applied) or dismissed (the player and rule whitelisted).
 * `raiseCheatFlag` is what other modules call, inside their own transaction.
 */
export const cheatFlagsModule = defineModule({
  name: 'cheat-flags',
  routes: cheatFlagRoutes,
  work: cheatFlagWork,
});
export { raiseCheatFlag, type RaiseInput, type RaiseResult } from './service.ts';
export { seedDemoCheatFlags } from './demo.ts';
