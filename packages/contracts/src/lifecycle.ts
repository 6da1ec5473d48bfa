import { z } from 'zod';
import { safeText, versionField } from './fields.ts';

/**
 * The one lifecycle of content that goes live (mail, announcements, releases, SKUs…):
 * Draft → Pending approval → Scheduled → Live → Ended, with Recall from Live (back to Draft, so it
 * can be fixed and sent again) and Reject from Pending approval (back to Draft). Every module that
 * publishes something moves its rows only through these transitions (server: lib/lifecycle.ts and
 * lib/define-lifecycle.ts; each resource declares its own words with `resourceLifecycle`);
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

/**
 * What a console action of a resource does on the lifecycle: a move of the shared lifecycle, or
 * `go_live` — a draft goes live now, or is scheduled for its start time, through two-person approval
 * when the policy asks (then pending approval); a scheduled row goes live at once.
 */
export type LifecycleMove = LifecycleAction | 'go_live';

export interface LifecycleActionSpec<Status extends string> {
  move: LifecycleMove;
  /** The statuses it is offered in (the console shows only these buttons; the server refuses others with 422001). */
  from: readonly Status[];
  /** The status it leads to, when not the one the lifecycle state enters (mail's recall: `recalled`). */
  to?: Status;
  /** It cannot be undone: the console asks with a warning. */
  irreversible?: boolean;
}

/**
 * A resource's lifecycle as data, shared by the server (lib/define-lifecycle.ts) and the console's
 * lifecycle list page: its own status words as states of the shared lifecycle, and its actions.
 */
export interface ResourceLifecycleSpec<Status extends string, Action extends string> {
  /** Each status as a lifecycle state (several may read as one: mail's sending, sent, partly failed are live). */
  states: Readonly<Record<Status, LifecycleState>>;
  /** The status a row takes entering a lifecycle state (absent: the state's own word). */
  enters?: Readonly<Partial<Record<LifecycleState, Status>>>;
  actions: Readonly<Record<Action, LifecycleActionSpec<Status>>>;
  /** The item's fields holding when it goes live and when it ends (the console shows them). */
  window?: { start?: string; end?: string };
}

export interface ResourceLifecycle<
  Status extends string,
  Action extends string,
> extends ResourceLifecycleSpec<Status, Action> {
  /** The lifecycle state a status reads as. */
  stateOf(status: Status): LifecycleState;
  /** The status a row takes entering `state`. */
  statusIn(state: LifecycleState): Status;
  /** The actions a row in `status` offers, in the order they are declared. */
  actionsFrom(status: Status): Action[];
}

/** A resource's lifecycle, with the questions both sides ask of it. */
export function resourceLifecycle<Status extends string, Action extends string>(
  spec: ResourceLifecycleSpec<Status, Action>,
): ResourceLifecycle<Status, Action> {
  const actions = Object.keys(spec.actions) as Action[];
  return {
    ...spec,
    stateOf: (status) => spec.states[status],
    statusIn: (state) => spec.enters?.[state] ?? (state as Status),
    actionsFrom: (status) => actions.filter((action) => spec.actions[action].from.includes(status)),
  };
}

/**
 * The lifecycle of plain go-live content whose statuses are the lifecycle's own words (announcements,
 * pop-ups, customer-service notices): publish a draft (live, or scheduled for its start; through
 * approval when a policy asks) or a scheduled row at once; recall it to draft; end it for good.
 */
export const GO_LIVE_ACTIONS = ['publish', 'recall', 'end'] as const;
export type GoLiveAction = (typeof GO_LIVE_ACTIONS)[number];
export const GO_LIVE_LIFECYCLE = resourceLifecycle<LifecycleState, GoLiveAction>({
  states: {
    draft: 'draft',
    pending_approval: 'pending_approval',
    scheduled: 'scheduled',
    live: 'live',
    ended: 'ended',
  },
  actions: {
    publish: { move: 'go_live', from: ['draft', 'scheduled'] },
    recall: { move: 'recall', from: ['pending_approval', 'scheduled', 'live'] },
    end: { move: 'end', from: ['draft', 'scheduled', 'live'], irreversible: true },
  },
  window: { start: 'start_at', end: 'end_at' },
});

/**
 * The item fields of plain go-live content (`GO_LIVE_LIFECYCLE`): its status, when it went live and
 * ended, who wrote it, and the approval request it waits for.
 */
export const goLiveItemFields = {
  status: z.enum(LIFECYCLE_STATES),
  published_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  created_by: z.string(),
  /** The pending approval request, while one waits. */
  approval_id: z.number().int().nullable(),
};

/**
 * Whether `action` may move a row of `state` on the shared lifecycle: `go_live` from a draft (live,
 * scheduled or pending approval) or from a scheduled row (live at once).
 */
export function movesFrom(state: LifecycleState, move: LifecycleMove): boolean {
  if (move === 'go_live') return state === 'draft' || state === 'scheduled';
  return lifecycleTarget(state, move) !== null;
}

/** Staff's lifecycle action on a row: its version (409001 when stale), and why (shown to an approver, logged). */
export const lifecycleActionBody = z.object({
  version: versionField,
  reason: safeText().trim().max(500).default(''),
});
