import { z } from 'zod';
import { queryInt } from './fields.ts';
import { listAnswer } from './lists.ts';
import { RECIPIENT_STATES } from './mails.ts';

/**
 * A player's history on the profile (issue 27, defect 11): the mails in their inbox and the codes
 * they redeemed, each paged, newest first, read with the player page's permission
 * (`GET /players/:openid/mails`, `GET /players/:openid/redemptions`).
 */
export const playerHistoryQuery = z.object({
  page: queryInt(1, 100_000).default(1),
  page_size: queryInt(1, 50).default(5),
});
export type PlayerHistoryQuery = z.infer<typeof playerHistoryQuery>;

/** One copy of a mail in the player's inbox, with the mail as staff know it. */
export const playerMail = z.object({
  mail_id: z.number().int(),
  /** The mail's title per language (the page reads the staff member's). */
  title: z.record(z.string(), z.string()),
  sender: z.string(),
  attachments: z.number().int(),
  state: z.enum(RECIPIENT_STATES),
  delivered_at: z.string(),
  read_at: z.string().nullable(),
  claimed_at: z.string().nullable(),
  claimed_role_id: z.string(),
});
export type PlayerMail = z.infer<typeof playerMail>;
export const playerMailsAnswer = listAnswer(playerMail);

/** One code the player redeemed: which batch, which code, which role, when. */
export const playerRedemption = z.object({
  id: z.number().int(),
  batch_id: z.number().int(),
  batch_name: z.string(),
  code: z.string(),
  role_id: z.string(),
  created_at: z.string(),
});
export type PlayerRedemption = z.infer<typeof playerRedemption>;
export const playerRedemptionsAnswer = listAnswer(playerRedemption);
