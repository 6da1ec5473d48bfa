import { googleVisionParty } from '@rx/contracts';
import { defineParty } from '../../../lib/outside/index.ts';
import type { ImageModeration } from './adapter.ts';
import { FakeVision } from './fake.ts';
import { realGoogleVision } from './real.ts';

const fake = new FakeVision();
export const fakeVision = (): FakeVision => fake;

/** Google Cloud Vision SafeSearch. One attempt: an image not scored stays pending for staff. */
export const googleVision = defineParty<ImageModeration, typeof googleVisionParty>({
  contract: googleVisionParty,
  policies: { '*': { timeoutMs: 10_000, attempts: 1 } },
  real: realGoogleVision,
  fake: (ctx) => ({
    moderate: (url, key) =>
      ctx.call('annotate', async (a) => ({ value: await fake.moderate(url, a.signal) }), {
        idempotencyKey: key,
      }),
  }),
  resetFake: () => fake.reset(),
});
