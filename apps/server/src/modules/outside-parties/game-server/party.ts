import { gameServerParty } from '@rx/contracts';
import { defineParty } from '../../../lib/outside/index.ts';
import type { GameServer } from './adapter.ts';
import { FakeClawbackGame, FakeDeliveryGame, FakeGameAdapter } from './fake.ts';
import { realGameServer } from './real.ts';

/** The fake game server's state, shared by every game using the fake (reset before each test file). */
const fakes = {
  kick: new FakeGameAdapter(),
  clawback: new FakeClawbackGame(),
  deliver: new FakeDeliveryGame(),
};
export const gameServerFakes = (): Readonly<typeof fakes> => fakes;

/**
 * The game's own server: kick, claw-back, web-order delivery. One attempt per call: the flows
 * retry themselves (job items, the delivery's attempts), each time with the same idempotency key.
 */
export const gameServer = defineParty<GameServer, typeof gameServerParty>({
  contract: gameServerParty,
  policies: { '*': { timeoutMs: 5000, attempts: 1 } },
  real: realGameServer,
  fake: (ctx) => ({
    kick: ({ openid, reason, key }) =>
      ctx.call(
        'kick',
        async (a) => ({ value: await fakes.kick.kick(ctx.productId, openid, reason, a.signal) }),
        { idempotencyKey: key },
      ),
    clawBack: ({ openid, items, currencies, key }) =>
      ctx.call(
        'clawback',
        async (a) => ({
          value: await fakes.clawback.clawBack(ctx.productId, openid, items, currencies, key, a.signal),
        }),
        { idempotencyKey: key },
      ),
    deliver: ({ openid, roleId, orderNo, items, currencies }) =>
      ctx.call(
        'deliver',
        async (a) => ({
          value: await fakes.deliver.deliver(
            ctx.productId,
            openid,
            roleId,
            orderNo,
            items,
            currencies,
            a.signal,
          ),
        }),
        { idempotencyKey: `deliver:${orderNo}` },
      ),
  }),
  resetFake() {
    fakes.kick.reset();
    fakes.clawback.reset();
    fakes.deliver.reset();
  },
});
