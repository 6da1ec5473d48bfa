import { defineModule } from '../../lib/server-module.ts';
import { resetCallbackSettings } from './delivery.ts';
import { callbackRoutes } from './routes.ts';

/**
 * Callbacks (page `/offline/callback`): webhook endpoints, the outbox other modules write their
 * changes to in their own transaction (`emitCallback`), signed delivery with retries on a ladder,
 * disabling after days of failure, the delivery log with replay.
 */
export const callbacksModule = defineModule({
  name: 'callbacks',
  routes: callbackRoutes,
  reset: resetCallbackSettings,
});
export { emitCallback, type CallbackChange } from './outbox.ts';
export { callbackDeliveries, callbackEndpoints, callbackEvents } from './tables.ts';
