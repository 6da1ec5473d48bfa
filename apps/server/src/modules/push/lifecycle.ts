import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PUSH_TASK_LIFECYCLE, pushTasksResource } from '@rx/contracts';
import { defineLifecycle, type LifecycleContext } from '../../lib/define-lifecycle.ts';
import type { Outside } from '../../lib/outside/index.ts';
import type { FileStorage } from '../files/index.ts';
import { registerApprovalAction, submitChange } from '../approvals/index.ts';
import { activeWaves, cancelDeferred, countTargeted, deferredKey, queueSend } from './send.ts';
import { runJobOnceCommitted } from '../../lib/jobs/after-commit.ts';
import { toItem, type PushTaskRow } from './tasks.ts';
import { pushTasks } from './tables.ts';

/** What push's lifecycle works with: the outside parties its send job goes through. */
export interface PushContext extends LifecycleContext {
  outside: Outside;
  /** Uploaded openid files (target `file`). */
  storage: FileStorage;
}

/** Who a task reaches, as a fingerprint: tasks to the same audience add up against the policy. */
function audienceOf(row: PushTaskRow): string {
  const who = {
    target: row.target,
    groups: [...row.userGroupIds].sort((a, b) => a - b),
    // Layers only when some are named (the fingerprint of a task without them is as it was).
    ...(row.userGroupLayers.length && {
      layers: row.userGroupLayers
        .map((g) => ({ group: g.group_id, layers: [...g.layers].sort() }))
        .sort((a, b) => a.group - b.group),
    }),
    openids: [...row.openids].sort(),
    providers: [...row.providers].sort(),
    countries: [...row.countries].sort(),
    tags: [...row.tags].sort((a, b) => a.tag_id - b.tag_id),
    file: row.fileId,
    platforms: [...row.platforms].sort(),
    versions: [row.appVersionMin, row.appVersionMax, ...[...row.appVersions].sort()],
    active_days: row.activeDays,
  };
  return `push:${row.productId}:${createHash('sha256').update(JSON.stringify(who)).digest('hex')}`;
}

/**
 * A push task on the shared lifecycle (`PUSH_TASK_LIFECYCLE`: sending, sent and partly failed read
 * as live, stopped as ended). Sending a draft counts the devices it targets first and waits for a
 * second person when a policy's threshold on devices asks; otherwise it is `sending` at once (its job
 * queued in the same transaction, started after) or `scheduled` for its send time. Cancel brings a
 * pending or scheduled task back to draft; stop ends a sending or partly failed one (the batches left,
 * or failed and retried after, send nothing; its deferred pushes are cancelled, its waves too).
 */
export const pushLifecycle = defineLifecycle({
  resource: pushTasksResource,
  lifecycle: PUSH_TASK_LIFECYCLE,
  table: pushTasks,
  status: pushTasks.status,
  toItem,
  nameOf: (row) => row.name,
  window: { start: (row) => row.sendAt, end: () => null },
  tasks: { start: 'push.send_due', end: 'push.end_due' },
  approval: {
    kind: 'push_tasks.send',
    amount: (_tx, row) => row.targeted,
    audience: (row) => audienceOf(row),
    after: (row, asked) => ({
      status: 'sending',
      devices: asked.amount,
      send_at: row.sendAt,
    }),
    submit: submitChange,
    register: registerApprovalAction,
  },
  hooks: {
    prepare: {
      apply: async (tx, _scope, row) => {
        const [prepared] = await tx
          .update(pushTasks)
          .set({ targeted: await countTargeted(tx, row) })
          .where(eq(pushTasks.id, row.id))
          .returning();
        return prepared!;
      },
    },
    onGoLive: async (tx, scope, row) => {
      await queueSend(tx, scope, row);
      return { sentAt: new Date() };
    },
    // Stopped: the pushes still waiting for a player's local time or the end of their quiet hours
    // are cancelled with the move (under the task's lock: a wave claims only `deferred` ones, so none
    // of them goes out after, even from a wave already queued).
    onEnd: async (tx, _scope, row) => {
      await cancelDeferred(tx, row.id);
      return { finishedAt: new Date() };
    },
    afterMove: async (ctx, row, from) => {
      if (row.status === 'stopped') {
        await ctx.jobs?.unschedule(deferredKey(row.id)).catch(() => false);
        for (const wave of ctx.jobs ? await activeWaves(ctx.db, row.id) : [])
          await ctx.jobs?.cancel(wave).catch(() => false);
      }
      if (row.jobId === null) return;
      if (row.status === 'sending' && from !== 'sending') runJobOnceCommitted(ctx.db, ctx.jobs, row.jobId);
      if (row.status === 'stopped') await ctx.jobs?.cancel(row.jobId).catch(() => false);
    },
  },
});
