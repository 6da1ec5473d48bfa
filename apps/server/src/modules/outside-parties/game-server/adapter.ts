import { z } from 'zod';

/**
 * What the console asks of a game's own server (docs/game-server-protocol.md): end a player's
 * sessions, take back what a refunded purchase gave, hand a web order to a role. Each call carries
 * an idempotency key: the game applies a key once and answers a repeat with its first answer.
 */
export interface GameServer {
  /** Ends the player's sessions now. */
  kick(input: { openid: string; reason: string; key: string }): Promise<void>;
  /** Takes items and currency back; never more than the player has (the rest is answered short). */
  clawBack(input: {
    openid: string;
    items: ClawItem[];
    currencies: ClawCurrency[];
    key: string;
  }): Promise<ClawAnswer>;
  /** Hands an order's items and currencies to the role, once per order number. */
  deliver(input: {
    openid: string;
    roleId: string;
    orderNo: string;
    items: DeliveryItem[];
    currencies: DeliveryCurrency[];
  }): Promise<DeliveryAnswer>;
}

const count = z.number().int().min(0).max(2_147_483_647);
const itemLine = z.object({ prop_id: z.number().int().min(1), quantity: count });
const currencyLine = z.object({ currency: z.string().min(1).max(32), amount: count });

export type ClawItem = z.infer<typeof itemLine>;
export type ClawCurrency = z.infer<typeof currencyLine>;
export type DeliveryItem = ClawItem;
export type DeliveryCurrency = ClawCurrency;

/** A kick's answer: any JSON object (or nothing), once the status is 2xx. */
export const kickAnswer = z.object({});

/** A claw-back's answer: what the game took, and what the player's balance was short of. */
export const clawAnswer = z.object({
  taken: z.object({ items: z.array(itemLine).max(1000), currencies: z.array(currencyLine).max(100) }),
  short: z.object({ items: z.array(itemLine).max(1000), currencies: z.array(currencyLine).max(100) }),
});
export type ClawAnswer = z.infer<typeof clawAnswer>;

/** A delivery's answer: `applied` false when the game had applied this order number already. */
export const deliveryAnswer = z.object({ applied: z.boolean() });
export type DeliveryAnswer = z.infer<typeof deliveryAnswer>;
