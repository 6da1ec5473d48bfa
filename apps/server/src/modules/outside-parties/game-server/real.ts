import type { z } from 'zod';
import type { gameServerParty } from '@rx/contracts';
import { OutsideError, jsonOf, type PartyContext, type SettingsOf } from '../../../lib/outside/index.ts';
import { clawAnswer, deliveryAnswer, kickAnswer, type GameServer } from './adapter.ts';
import {
  GAME_CALLBACK_IDEMPOTENCY,
  GAME_CALLBACK_SIGNATURE,
  GAME_CALLBACK_TIMESTAMP,
  gameCallbackBody,
  signGameCallback,
  type GameCallbackType,
} from './protocol.ts';

/**
 * A game's server over the callback protocol (protocol.ts): one signed `POST` per call to the game's
 * endpoint, signed afresh at each attempt, the idempotency key in the body and its header.
 */
export function realGameServer(ctx: PartyContext<SettingsOf<typeof gameServerParty>>): GameServer {
  const secret = ctx.credentials.signing_secret!;

  async function send<T>(
    type: GameCallbackType,
    key: string,
    data: Record<string, unknown>,
    answer: z.ZodType<T>,
  ) {
    const response = await ctx.http(
      type,
      () => {
        const body = gameCallbackBody(type, key, ctx.productId, data);
        const timestamp = Math.floor(Date.now() / 1000);
        return {
          method: 'POST',
          url: ctx.settings.endpoint_url,
          headers: {
            'content-type': 'application/json',
            [GAME_CALLBACK_TIMESTAMP]: String(timestamp),
            [GAME_CALLBACK_SIGNATURE]: signGameCallback(secret, timestamp, body),
          },
          body,
        };
      },
      { idempotencyKey: key, idempotencyHeader: GAME_CALLBACK_IDEMPOTENCY },
    );
    const parsed = answer.safeParse(response.text ? jsonOf(response) : {});
    if (!parsed.success)
      throw new OutsideError(
        'refused',
        `the game's answer to ${type} is not understood: ${parsed.error.message}`,
        {
          status: response.status,
        },
      );
    return parsed.data;
  }

  return {
    async kick({ openid, reason, key }) {
      await send('kick', key, { openid, reason }, kickAnswer);
    },
    clawBack: ({ openid, items, currencies, key }) =>
      send('clawback', key, { openid, items, currencies }, clawAnswer),
    deliver: ({ openid, roleId, orderNo, items, currencies }) =>
      send(
        'deliver',
        `deliver:${orderNo}`,
        { order_no: orderNo, openid, role_id: roleId, items, currencies },
        deliveryAnswer,
      ),
  };
}
