import { defineModule } from '../../lib/server-module.ts';
import { shareAdSlotRoutes } from './slots.ts';

/** Share ad scheduling (issue 30): a calendar of placement slots with conflict detection. */
export const shareAdSlotsModule = defineModule({ name: 'share-ad-slots', routes: shareAdSlotRoutes });
export { shareAdSlots } from './tables.ts';
