import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import type { ModuleWork } from '../../lib/server-module.ts';
import type { Outside } from '../../lib/outside/index.ts';
import { pollAll } from './poll.ts';
import { CLAWABLE, attemptClawback } from './service.ts';
import { refunds } from './tables.ts';

export const CLAWBACK_JOB = 'refunds.clawback';
const POLL_TASK = 'refunds.poll';

/** Refunds' background work: claw-backs as job items, and the store's refund notices polled every 15 minutes. */
export const refundWork = ({ db, outside }: { db: Db; outside: Outside }): ModuleWork => ({
  jobs: {
    // A retry of a claw-back that did not reach the game, or one of a bulk action.
    [CLAWBACK_JOB]: {
      async item(tx, input, { job }) {
        const id = Number((input as { id: number }).id);
        const [row] = await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.id, id), eq(refunds.productId, job.productId ?? -1)))
          .for('update');
        if (!row) throw new Error('no such refund');
        if (!CLAWABLE.includes(row.state) && row.state !== 'clawback_pending')
          return { result: 'skipped', state: row.state };
        const by = { userId: job.userId, username: job.username };
        const next = await attemptClawback(outside, tx, row, by, { retryJobId: row.retryJobId });
        return { result: next.state, owed: next.ledger.reduce((s, l) => s + l.wanted - l.taken, 0) };
      },
    },
  },
  tasks: {
    [POLL_TASK]: async () => {
      await pollAll(outside, db);
    },
  },
  schedules: [{ task: POLL_TASK, key: 'refunds:poll', cron: '*/15 * * * *', tz: 'UTC' }],
});
