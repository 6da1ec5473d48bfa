import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_LIFECYCLE } from './announcements.ts';
import { BILLING_LIFECYCLE } from './billing-points.ts';
import { CODE_BATCH_LIFECYCLE } from './code-batches.ts';
import {
  LIFECYCLE_STATES,
  approvedState,
  lifecycleActions,
  lifecycleTarget,
  movesFrom,
  type ResourceLifecycle,
} from './lifecycle.ts';
import { MAIL_LIFECYCLE } from './mails.ts';
import { PUSH_TASK_LIFECYCLE } from './push.ts';

describe('lifecycle', () => {
  it('allows the documented moves and nothing else', () => {
    expect(lifecycleTarget('draft', 'submit')).toBe('pending_approval');
    expect(lifecycleTarget('pending_approval', 'reject')).toBe('draft');
    expect(lifecycleTarget('pending_approval', 'approve')).toBe('live');
    expect(lifecycleTarget('scheduled', 'publish')).toBe('live');
    expect(lifecycleTarget('live', 'recall')).toBe('draft');
    expect(lifecycleTarget('live', 'end')).toBe('ended');
    expect(lifecycleTarget('live', 'approve')).toBeNull();
    expect(lifecycleTarget('draft', 'approve')).toBeNull();
    expect(lifecycleActions('ended')).toEqual([]);
    // Every move leads to a state of the lifecycle.
    for (const state of LIFECYCLE_STATES)
      for (const action of lifecycleActions(state))
        expect(LIFECYCLE_STATES).toContain(lifecycleTarget(state, action));
  });

  it('an approval with a start time ahead schedules instead of going live', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(approvedState(null, now)).toBe('live');
    expect(approvedState(new Date('2026-01-02T00:00:00Z'), now)).toBe('scheduled');
    expect(approvedState(new Date('2025-12-31T00:00:00Z'), now)).toBe('live');
  });
});

describe('resource lifecycles', () => {
  const lifecycles = {
    announcements: ANNOUNCEMENT_LIFECYCLE,
    mails: MAIL_LIFECYCLE,
    code_batches: CODE_BATCH_LIFECYCLE,
    billing_points: BILLING_LIFECYCLE,
    push_tasks: PUSH_TASK_LIFECYCLE,
  } as Record<string, ResourceLifecycle<string, string>>;

  it.each(Object.keys(lifecycles))(
    '%s: every action is a move the shared lifecycle allows from where it is offered',
    (name) => {
      const lifecycle = lifecycles[name]!;
      for (const [action, spec] of Object.entries(lifecycle.actions)) {
        for (const status of spec.from)
          expect(movesFrom(lifecycle.stateOf(status), spec.move), `${action} from ${status}`).toBe(true);
        if (spec.to) expect(Object.keys(lifecycle.states)).toContain(spec.to);
      }
      // A state a move enters is named by a status that reads as that state.
      for (const state of LIFECYCLE_STATES) {
        const status = lifecycle.statusIn(state);
        if (status in lifecycle.states) expect(lifecycle.stateOf(status)).toBe(state);
      }
    },
  );

  it('offers the actions of a status in their declared order', () => {
    expect(ANNOUNCEMENT_LIFECYCLE.actionsFrom('scheduled')).toEqual(['publish', 'recall', 'end']);
    expect(ANNOUNCEMENT_LIFECYCLE.actionsFrom('ended')).toEqual([]);
    expect(MAIL_LIFECYCLE.actionsFrom('partly_failed')).toEqual(['recall']);
    expect(MAIL_LIFECYCLE.statusIn('live')).toBe('sending');
    // A push task partly failed may still have pushes waiting for their players' moment: stop cancels them.
    expect(PUSH_TASK_LIFECYCLE.actionsFrom('partly_failed')).toEqual(['stop']);
    expect(PUSH_TASK_LIFECYCLE.actionsFrom('sent')).toEqual([]);
    expect(movesFrom('live', 'go_live')).toBe(false);
  });
});
