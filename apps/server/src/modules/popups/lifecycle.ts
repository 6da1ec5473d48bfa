import { POPUP_LIFECYCLE, popupsResource } from '@rx/contracts';
import { defineLifecycle, goLiveWindow } from '../../lib/define-lifecycle.ts';
import { popupItem } from './popups.ts';
import { popups } from './tables.ts';

/**
 * A pop-up on the shared lifecycle (`POPUP_LIFECYCLE`): published live at once, or scheduled when
 * its start is ahead; the scheduler publishes it at its start and ends it at its end. The game API
 * checks the window itself, so a late scheduler never shows a pop-up past its end.
 */
export const popupLifecycle = defineLifecycle({
  resource: popupsResource,
  lifecycle: POPUP_LIFECYCLE,
  table: popups,
  status: popups.status,
  toItem: popupItem,
  nameOf: (row) => row.name,
  ...goLiveWindow,
  tasks: { start: 'popups.publish', end: 'popups.end' },
});
