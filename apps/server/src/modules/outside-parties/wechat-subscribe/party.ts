import { wechatSubscribeParty } from '@rx/contracts';
import { defineParty } from '../../../lib/outside/index.ts';
import type { WechatSubscribe } from './adapter.ts';
import { callbackSignature, sameSignature } from './adapter.ts';
import { FAKE_CALLBACK_TOKEN, FakeWechatSubscribe } from './fake.ts';
import { realWechatSubscribe } from './real.ts';

const fake = new FakeWechatSubscribe();
export const fakeWechatSubscribe = (): FakeWechatSubscribe => fake;

/**
 * WeChat subscribe messages of a mini-program or mini-game. A send is one attempt (the push job
 * answers each message once); the token and the template list are retried.
 */
export const wechatSubscribe = defineParty<WechatSubscribe, typeof wechatSubscribeParty>({
  contract: wechatSubscribeParty,
  policies: {
    '*': { timeoutMs: 10_000, attempts: 1 },
    token: { attempts: 3, backoffMs: 500 },
    templates: { attempts: 3, backoffMs: 500 },
  },
  real: realWechatSubscribe,
  fake: (ctx) => {
    const token = () => ctx.call('token', async () => ({ value: fake.issueToken() }));
    return {
      provider: 'wechat',
      send: (message, key) =>
        ctx.authorized(token, (accessToken) =>
          ctx.call(
            'send',
            async (a) => ({ value: await fake.send(ctx.productId, message, key, accessToken, a.signal) }),
            { idempotencyKey: key },
          ),
        ),
      customerMessage: (openid, message) =>
        ctx.authorized(token, (accessToken) =>
          ctx.call('cs_send', async (a) => ({
            value: await fake.customerMessage(ctx.productId, openid, message, accessToken, a.signal),
          })),
        ),
      verifyCallback: (signature, timestamp, nonce) =>
        sameSignature(callbackSignature(FAKE_CALLBACK_TOKEN, timestamp, nonce), signature),
      templates: () =>
        ctx.authorized(token, (accessToken) =>
          ctx.call('templates', async (a) => ({ value: await fake.list(accessToken, a.signal) })),
        ),
    };
  },
  resetFake: () => fake.reset(),
});
