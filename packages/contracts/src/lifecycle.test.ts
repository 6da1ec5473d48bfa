import { describe, expect, it } from 'vitest';
import { LIFECYCLE_STATES, approvedState, lifecycleActions, lifecycleTarget } from './lifecycle.ts';

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
