import type { Db } from '../../db/index.ts';
import type { EventBus } from '../../lib/events.ts';
import { defineModule } from '../../lib/server-module.ts';
import type { JobRunner } from '../../lib/jobs/index.ts';
import { csNoticeLifecycle } from './notices.ts';
import { csGameRoutes, csRoutes } from './routes.ts';
import { reassignOverdue } from './reassign.ts';
import { autoResolve, wakeSnoozed } from './service.ts';

const WAKE_TASK = 'cs.wake_snoozed';
const AUTO_RESOLVE_TASK = 'cs.auto_resolve';
const REASSIGN_TASK = 'cs.reassign_overdue';

/**
 * Customer service in real time: the players' conversations (game API `/cs/conversations`), the
 * agents' workbench (`/api/v1/cs/…`, live over the console's WebSocket, topic `cs`).
 */
export const csModule = defineModule({
  name: 'cs',
  routes: csRoutes,
  gameRoutes: csGameRoutes,
  work: ({ db, events, jobs }: { db: Db; events: EventBus; jobs?: JobRunner }) => {
    const notices = csNoticeLifecycle.work({ db, events, jobs });
    return {
      ...notices,
      tasks: {
        ...notices.tasks,
        [WAKE_TASK]: async () => {
          await wakeSnoozed(db, events);
        },
        [AUTO_RESOLVE_TASK]: async () => {
          await autoResolve(db, events);
        },
        [REASSIGN_TASK]: async () => {
          await reassignOverdue(db, events);
        },
      },
      schedules: [
        { task: WAKE_TASK, key: 'cs:wake-snoozed', cron: '* * * * *', tz: 'UTC' },
        { task: AUTO_RESOLVE_TASK, key: 'cs:auto-resolve', cron: '*/5 * * * *', tz: 'UTC' },
        { task: REASSIGN_TASK, key: 'cs:reassign-overdue', cron: '* * * * *', tz: 'UTC' },
      ],
    };
  },
});
