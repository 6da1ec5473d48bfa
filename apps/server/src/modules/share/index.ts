import { defineModule } from '../../lib/server-module.ts';
import { resetShareClickWait } from './click-log.ts';
import { shareRoutes } from './resources.ts';
import { shareGameRoutes, shareLinkPublicRoutes } from './tracking.ts';

/**
 * Social sharing (issue 30): per-platform images, cards, strategies and tracked links (one table
 * per kind, the platform a column), the public short links at `/s/<code>`, and the game's share
 * configuration and attribution events.
 */
export const shareModule = defineModule({
  name: 'share',
  routes: shareRoutes,
  mounts: [{ prefix: '', routes: shareLinkPublicRoutes }],
  gameRoutes: shareGameRoutes,
  reset: resetShareClickWait,
});

/** Other modules' readers of clicks (a lottery's entry condition) wait for the clicks still being written. */
export { shareClicksSettled } from './click-log.ts';
/** Tests of other modules hold clicks in memory to see their readers wait for them. */
export { resetShareClickWait, setShareClickWait } from './click-log.ts';
