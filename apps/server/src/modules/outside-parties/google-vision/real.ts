import { z } from 'zod';
import type { googleVisionParty } from '@rx/contracts';
import { OutsideError, jsonOf, type PartyContext, type SettingsOf } from '../../../lib/outside/index.ts';
import type { ImageModeration, ImageVerdict } from './adapter.ts';

/** Cloud Vision's documented address (tests reach a stand-in instead). */
export const VISION_API = 'https://vision.googleapis.com';

const LIKELIHOODS = ['UNKNOWN', 'VERY_UNLIKELY', 'UNLIKELY', 'POSSIBLE', 'LIKELY', 'VERY_LIKELY'] as const;
type Likelihood = (typeof LIKELIHOODS)[number];
/** A likelihood as a score: POSSIBLE is the middle, VERY_LIKELY the top. */
const SCORE: Record<Likelihood, number> = {
  UNKNOWN: 0,
  VERY_UNLIKELY: 0,
  UNLIKELY: 20,
  POSSIBLE: 50,
  LIKELY: 80,
  VERY_LIKELY: 100,
};
/** The SafeSearch categories that count (spoof and medical do not make an image unwanted). */
const COUNTED = ['adult', 'violence', 'racy'] as const;

const likelihood = z.enum(LIKELIHOODS).catch('UNKNOWN');
const annotateAnswer = z.object({
  responses: z
    .array(
      z.object({
        safeSearchAnnotation: z
          .object({ adult: likelihood, violence: likelihood, racy: likelihood })
          .partial()
          .optional(),
        error: z.object({ code: z.number().optional(), message: z.string().default('') }).optional(),
      }),
    )
    .min(1),
});

/** SafeSearch's answer as a verdict: the highest counted category, and those at POSSIBLE or above. */
export function verdictOf(annotation: Partial<Record<(typeof COUNTED)[number], Likelihood>>): ImageVerdict {
  let score = 0;
  const labels: string[] = [];
  for (const category of COUNTED) {
    const value = SCORE[annotation[category] ?? 'UNKNOWN'];
    score = Math.max(score, value);
    if (value >= SCORE.POSSIBLE) labels.push(category);
  }
  return { score, labels };
}

/**
 * Cloud Vision SafeSearch over its REST API (`POST /v1/images:annotate`, the API key in
 * `x-goog-api-key`): one image by its address, `SAFE_SEARCH_DETECTION`. A per-image error in the
 * answer (the address could not be fetched) is a refusal.
 */
export function realGoogleVision(ctx: PartyContext<SettingsOf<typeof googleVisionParty>>): ImageModeration {
  const url = `${ctx.endpoint(VISION_API)}/v1/images:annotate`;
  return {
    moderate: async (imageUri, idempotencyKey) => {
      const answer = await ctx.http(
        'annotate',
        {
          method: 'POST',
          url,
          headers: {
            'x-goog-api-key': ctx.credentials.api_key!,
            'content-type': 'application/json; charset=utf-8',
          },
          body: JSON.stringify({
            requests: [{ image: { source: { imageUri } }, features: [{ type: 'SAFE_SEARCH_DETECTION' }] }],
          }),
        },
        { idempotencyKey },
      );
      const parsed = annotateAnswer.safeParse(jsonOf(answer));
      if (!parsed.success) throw new OutsideError('refused', 'the annotate answer has no responses');
      const [first] = parsed.data.responses;
      if (first!.error) throw new OutsideError('refused', `Vision: ${first!.error.message}`);
      if (!first!.safeSearchAnnotation)
        throw new OutsideError('refused', 'Vision answered no safeSearchAnnotation');
      return verdictOf(first!.safeSearchAnnotation);
    },
  };
}
