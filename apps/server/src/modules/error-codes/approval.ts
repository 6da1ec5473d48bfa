import type { ReleasedErrorCode } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope, Scope } from '../../lib/access.ts';
import type { EventBus } from '../../lib/events.ts';
import { ruleError } from '../../lib/problems.ts';
import { registerApprovalAction, submitChange } from '../approvals/index.ts';
import { appendRelease, diffWithLive, publishCodes, releaseOf, workingCodes } from './service.ts';

/**
 * Publishing and rolling back error codes go through two-person approval when the CP's policy for
 * the page's approve permission asks for it; the number compared with its threshold is how many
 * codes differ from the live release. A request keeps the snapshot it was asked with, so what the
 * checker saw is what goes live.
 */

interface PublishPayload {
  note: string;
  codes: ReleasedErrorCode[];
}
interface RollbackPayload {
  note: string;
  n: number;
}

/** Registers what approved requests do; `changed` runs once one was applied (drop cached answers). */
export function registerErrorCodeApprovals(changed: (maker: Scope) => void): void {
  registerApprovalAction<PublishPayload>('error_codes.publish', {
    apply: (tx, maker, p) => publishCodes(tx, maker as ProductScope, p.codes, p.note),
    afterApply: changed,
  });
  registerApprovalAction<RollbackPayload>('error_codes.rollback', {
    apply: async (tx, maker, p) => {
      const source = await releaseOf(tx, maker as ProductScope, p.n);
      return appendRelease(tx, maker as ProductScope, source.codes, p.note, p.n);
    },
    afterApply: changed,
  });
}

/** Publishes the working copy, or asks for approval (the answer is then `{ approval }`). */
export async function askPublish(db: Db, events: EventBus, scope: ProductScope, note: string) {
  const codes = await workingCodes(db, scope);
  if (codes.length === 0) throw ruleError(scope.lang, 'nothing_to_publish');
  const diff = await diffWithLive(db, scope, codes);
  return answer(
    await submitChange<PublishPayload>(db, events, scope as Scope, {
      kind: 'error_codes.publish',
      amount: diff.count,
      reason: note,
      target: {
        type: 'error_code_release',
        id: '',
        name: diff.live === null ? '#1' : `#${diff.live} → #${diff.live + 1}`,
      },
      before: diff.before,
      after: diff.after,
      payload: { note, codes },
    }),
  );
}

/** Makes release n's content live again, or asks for approval. */
export async function askRollback(db: Db, events: EventBus, scope: ProductScope, n: number, note: string) {
  const source = await releaseOf(db, scope, n);
  const diff = await diffWithLive(db, scope, source.codes);
  return answer(
    await submitChange<RollbackPayload>(db, events, scope as Scope, {
      kind: 'error_codes.rollback',
      amount: diff.count,
      reason: note,
      target: { type: 'error_code_release', id: n, name: `#${n}` },
      before: diff.before,
      after: diff.after,
      payload: { note, n },
    }),
  );
}

function answer(outcome: Awaited<ReturnType<typeof submitChange>>) {
  return outcome.applied ? outcome.result : { approval: outcome.request };
}
