import { sql } from 'drizzle-orm';
import type { MailRecipient } from '@rx/contracts';
import { isoOrNull } from './rows.ts';

/**
 * Where a copy of a mail stands in one inbox, as raw rows of `mail_recipients r` read it: the mail's
 * recipients list and the player's mail card show it alike (here, as players may not import mails).
 */
export interface DeliveryRow {
  state: MailRecipient['state'];
  delivered_at: Date | string;
  read_at: Date | string | null;
  claimed_at: Date | string | null;
  claimed_role_id: string;
}

/** The columns of `mail_recipients r` a {@link DeliveryRow} reads. */
export const deliveryColumns = sql`r.state, r.delivered_at, r.read_at, r.claimed_at, r.claimed_role_id`;

/** A copy's delivery as the recipients list and the player's mail card show it. */
export const deliveryOf = (r: DeliveryRow) => ({
  state: r.state,
  delivered_at: isoOrNull(r.delivered_at)!,
  read_at: isoOrNull(r.read_at),
  claimed_at: isoOrNull(r.claimed_at),
  claimed_role_id: r.claimed_role_id,
});
