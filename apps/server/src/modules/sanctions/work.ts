import { eq } from 'drizzle-orm';
import type { Language, SanctionKind } from '@rx/contracts';
import type { ProductScope } from '../../lib/access.ts';
import type { ModuleWork } from '../../lib/server-module.ts';
import type { Outside } from '../../lib/outside/index.ts';
import { pushKick } from './kick.ts';
import { expireSanctions, hasActive, insertSanction, playerOf } from './service.ts';
import { sanctions } from './tables.ts';

export const EXPIRE_TASK = 'sanctions.expire';
export const SWEEP_TASK = 'sanctions.sweep';
export const BULK_JOB = 'sanctions.bulk';
export const KICK_JOB = 'sanctions.kick';

export interface BulkParams {
  kind: SanctionKind;
  feature?: string;
  ends_at: string | null;
  reason: string;
  lang: Language;
}

/** The scope a job acts with: its owner's. */
function jobScope(
  job: { cpId: number; productId: number | null; userId: number | null; username: string },
  lang: Language,
): ProductScope {
  return {
    cpId: job.cpId,
    productId: job.productId!,
    userId: job.userId ?? 0,
    username: job.username,
    ip: '',
    lang,
    isAdmin: false,
  };
}

/**
 * Sanctions' background work: a sanction's end (a one-off per sanction, and a sweep every ten
 * minutes for safety), a kick retried until it reaches the game, and the bulk action's lines.
 */
export const sanctionWork = ({ outside }: { outside: Outside }): ModuleWork => ({
  tasks: {
    [EXPIRE_TASK]: async (payload, context) => {
      await expireSanctions(context.db, Number((payload as { id?: number }).id));
    },
    [SWEEP_TASK]: async (_payload, context) => {
      await expireSanctions(context.db);
    },
  },
  jobs: {
    [KICK_JOB]: {
      async item(tx, input) {
        const id = Number((input as { id: number }).id);
        const [row] = await tx.select().from(sanctions).where(eq(sanctions.id, id));
        if (!row) return { result: 'gone' };
        if (row.delivery === 'ok') return { result: 'ok' };
        if (!(await pushKick(outside, tx, row))) throw new Error('kick did not reach the game');
        await tx.update(sanctions).set({ delivery: 'ok' }).where(eq(sanctions.id, id));
        return { result: 'ok' };
      },
    },
    [BULK_JOB]: {
      async item(tx, input, { job }) {
        const params = job.params as unknown as BulkParams;
        const openid = String((input as { openid: string }).openid);
        const scope = jobScope(job, params.lang);
        const player = await playerOf(tx, scope.productId, openid);
        if (!player) throw new Error('unknown openid');
        if (params.kind !== 'kick' && (await hasActive(tx, player.id, params.kind, params.feature ?? '')))
          return { result: 'already' };
        const row = await insertSanction(
          tx,
          scope,
          { id: player.id, openid },
          {
            kind: params.kind,
            feature: params.feature,
            endsAt: params.ends_at ? new Date(params.ends_at) : null,
            reason: params.reason,
            jobId: job.id,
          },
        );
        if (params.kind === 'kick') {
          // A kick is nothing without the game: a failure undoes the line, and retrying the item retries it.
          if (!(await pushKick(outside, tx, row))) throw new Error('kick did not reach the game');
          await tx.update(sanctions).set({ delivery: 'ok' }).where(eq(sanctions.id, row.id));
        } else if (row.delivery === 'pending') {
          // Bulk account bans hold without the push; the game reads them through the status API.
          await tx.update(sanctions).set({ delivery: '' }).where(eq(sanctions.id, row.id));
        }
        return { result: 'ok', id: row.id };
      },
    },
  },
  schedules: [{ task: SWEEP_TASK, key: 'sanctions:sweep', cron: '*/10 * * * *', tz: 'UTC' }],
});
