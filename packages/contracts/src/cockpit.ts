import { z } from 'zod';

/**
 * The home cockpit (`GET /api/v1/home/cockpit`, on the game of `X-Product-Id`): today and the last
 * 30 days of the chosen game. Each part is present only when the caller may open the page it links
 * to; days are UTC days, the last one today.
 */
export const COCKPIT_DAYS = 30;

/** A number per currency (minor units). */
const byCurrency = z.record(z.string(), z.number());

export const cockpitAnswer = z.object({
  product_id: z.number(),
  /** The 30 days, oldest first (YYYY-MM-DD), the last one today. */
  days: z.array(z.string()),
  players: z
    .object({
      new_today: z.number(),
      new_30d: z.number(),
      active_today: z.number(),
      active_30d: z.number(),
      /** New players per day of `days`. */
      new_daily: z.array(z.number()),
    })
    .optional(),
  payments: z
    .object({
      payers_today: z.number(),
      payers_30d: z.number(),
      revenue_today: byCurrency,
      revenue_30d: byCurrency,
      /** Revenue per day of `days`, per currency. */
      revenue_daily: z.record(z.string(), z.array(z.number())),
    })
    .optional(),
  redemptions: z.object({ today: z.number(), last_30d: z.number() }).optional(),
  mail_claimed: z.object({ today: z.number(), last_30d: z.number() }).optional(),
  /** Open tickets (not resolved or closed) per queue the caller may open, and their age. */
  tickets: z
    .object({
      open: z.partialRecord(z.enum(['product', 'player']), z.number()),
      /** When the oldest open ticket came in (null: none open). */
      oldest_at: z.string().nullable(),
      /** Open for more than a day, and more than three days. */
      older_1d: z.number(),
      older_3d: z.number(),
    })
    .optional(),
  /** What is live now, per kind the caller may open. */
  campaigns: z.partialRecord(z.enum(['mails', 'announcements', 'code_batches']), z.number()).optional(),
  /** Requests waiting for the caller's decision (every signed-in staff member has the approvals page). */
  approvals: z.object({ pending: z.number() }),
  /** The caller's jobs (an admin: the CP's) queued or running. */
  jobs: z.object({ running: z.number() }),
});
export type Cockpit = z.infer<typeof cockpitAnswer>;
