/**
 * The one lifecycle of content that goes live (mail, announcements, releases, SKUs…):
 * Draft → Pending approval → Scheduled → Live → Ended, with Recall from Live (back to Draft, so it
 * can be fixed and sent again) and Reject from Pending approval (back to Draft). Every module that
 * publishes something moves its rows only through these transitions (server: lib/lifecycle.ts);
 * any other move is refused with 422001.
 */

export const LIFECYCLE_STATES = ['draft', 'pending_approval', 'scheduled', 'live', 'ended'] as const;
export type LifecycleState = (typeof LIFECYCLE_STATES)[number];

export const LIFECYCLE_ACTIONS = [
  /** Ask for a second person's approval. */
  'submit',
  /** The checker agrees: live at once, or scheduled when a start time is set. */
  'approve',
  /** The checker refuses: back to draft. */
  'reject',
  /** Set a start time (no approval needed, or already approved). */
  'schedule',
  /** Go live now (by hand, or when the scheduled time comes). */
  'publish',
  /** Take live or scheduled content back to draft. */
  'recall',
  /** Stop for good (by hand, or when the end time comes). */
  'end',
] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/** From each state, where each allowed action leads. An action absent here is not allowed there. */
export const LIFECYCLE_TRANSITIONS: Record<
  LifecycleState,
  Partial<Record<LifecycleAction, LifecycleState>>
> = {
  draft: { submit: 'pending_approval', schedule: 'scheduled', publish: 'live', end: 'ended' },
  pending_approval: { approve: 'live', reject: 'draft', recall: 'draft' },
  scheduled: { publish: 'live', recall: 'draft', end: 'ended' },
  live: { recall: 'draft', end: 'ended' },
  ended: {},
};

/** The state `action` leads to from `from`, or null when the move is not allowed. */
export function lifecycleTarget(from: LifecycleState, action: LifecycleAction): LifecycleState | null {
  return LIFECYCLE_TRANSITIONS[from][action] ?? null;
}

/** The actions allowed from `state` (the console shows only these buttons). */
export function lifecycleActions(state: LifecycleState): LifecycleAction[] {
  return Object.keys(LIFECYCLE_TRANSITIONS[state]) as LifecycleAction[];
}

/**
 * Approve leads to `scheduled` instead of `live` when the content has a start time still ahead; the
 * server asks this with the row's start time.
 */
export function approvedState(startAt: Date | null, now = new Date()): LifecycleState {
  return startAt && startAt.getTime() > now.getTime() ? 'scheduled' : 'live';
}
