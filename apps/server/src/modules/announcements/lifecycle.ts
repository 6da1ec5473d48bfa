import { ANNOUNCEMENT_LIFECYCLE, LANGUAGES, announcementsResource, textFor } from '@rx/contracts';
import { defineLifecycle, goLiveWindow } from '../../lib/define-lifecycle.ts';
import { registerApprovalAction, submitChange } from '../approvals/index.ts';
import { toItem } from './announcements.ts';
import { announcements } from './tables.ts';

/**
 * An announcement on the shared lifecycle (`ANNOUNCEMENT_LIFECYCLE`): publishing a draft waits for
 * a second person when the CP's policy asks (the number it compares: the languages it is written
 * in); otherwise it is live at once, or scheduled when its start is still ahead. The scheduler
 * publishes it at its start and ends it at its end; the game API checks the window itself, so a
 * late scheduler never shows a notice past its end.
 */
export const noticeLifecycle = defineLifecycle({
  resource: announcementsResource,
  lifecycle: ANNOUNCEMENT_LIFECYCLE,
  table: announcements,
  status: announcements.status,
  toItem,
  nameOf: (row) => textFor(row.title),
  ...goLiveWindow,
  tasks: { start: 'announcements.publish', end: 'announcements.end' },
  approval: {
    kind: 'announcements.publish',
    amount: (_tx, row) => LANGUAGES.filter((lang) => row.title[lang]).length,
    submit: submitChange,
    register: registerApprovalAction,
  },
});
