import { z } from 'zod';
import { distinct, idField, int32, keyword, queryInt, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Image review (`/api/v1/image-reviews`, page `/offline/image-review`): players' images (avatars,
 * service attachments, user content) arrive through `POST /api/game/v1/images`; the game's image
 * moderation party (the fake, or Google Cloud Vision SafeSearch) scores them 0–100; the game's
 * policy approves a low score, rejects a high one and leaves the rest pending (shown meanwhile or
 * not); staff approve or reject one by one or in bulk; the game reads the verdict through
 * `GET /api/game/v1/images/:id`.
 */

export const IMAGE_KINDS = ['avatar', 'service_attachment', 'user_content'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const IMAGE_STATES = ['pending', 'approved', 'rejected'] as const;
export type ImageState = (typeof IMAGE_STATES)[number];
/** Who decided: the policy on the score, or a staff member. */
export const IMAGE_DECIDERS = ['policy', 'staff'] as const;

/** The image's public address (https; the moderation service fetches it). */
export const imageUrl = safeText()
  .trim()
  .min(1)
  .max(1000)
  .regex(/^https?:\/\/[^\s]+$/);
const openid = safeText()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[\x21-\x7e]+$/);

/** A game's policy: scores below `approve_below` are approved, from `reject_at` rejected, the rest wait. */
export const imagePolicy = z
  .object({
    approve_below: int32(0, 100),
    reject_at: int32(1, 101),
    /** Whether a pending image shows to other players while it waits. */
    show_pending: z.boolean(),
  })
  .refine((p) => p.reject_at >= p.approve_below, { path: ['reject_at'], params: { key: 'max_below_min' } });
export type ImagePolicy = z.infer<typeof imagePolicy>;
export const DEFAULT_IMAGE_POLICY: ImagePolicy = { approve_below: 30, reject_at: 90, show_pending: false };
export const imagePolicyAnswer = z.object({
  approve_below: z.number().int(),
  reject_at: z.number().int(),
  show_pending: z.boolean(),
  version: z.number().int(),
});
/** The version read (0 while the game still has the default policy). */
export const imagePolicyUpdate = imagePolicy.and(z.object({ version: int32(0) }));

/**
 * Where scoring stands: `scored` (or decided without a score), `retrying` (the moderation call
 * failed; tried again with backoff until `IMAGE_SCORING_ATTEMPTS`), `failed` (given up: staff
 * decide; `moderation_error` says why).
 */
export const IMAGE_SCORING = ['scored', 'retrying', 'failed'] as const;
export type ImageScoring = (typeof IMAGE_SCORING)[number];
/** Moderation calls made for one image before its scoring is given up (the first one included). */
export const IMAGE_SCORING_ATTEMPTS = 5;

export const imageReviewItem = z.object({
  id: idField,
  openid: z.string(),
  kind: z.enum(IMAGE_KINDS),
  url: z.string(),
  /** The game's own reference (a message id, an avatar slot). */
  ref: z.string(),
  status: z.enum(IMAGE_STATES),
  /** 0 (clean) – 100 (surely unwanted); null while unscored (the moderation call failed). */
  score: z.number().int().nullable(),
  labels: z.array(z.string()),
  decided_by: z.enum(IMAGE_DECIDERS).nullable(),
  reviewer: z.string(),
  reason: z.string(),
  /** Whether the game shows it now (approved, or pending under a policy that shows pending ones). */
  visible: z.boolean(),
  moderation_error: z.string(),
  scoring: z.enum(IMAGE_SCORING),
  /** Moderation calls made so far that failed. */
  scoring_attempts: z.number().int(),
  /** When scoring is tried again (while retrying). */
  next_scoring_at: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ImageReview = z.infer<typeof imageReviewItem>;

export const IMAGE_REVIEW_SORTS = ['id', 'score', 'created_at', 'updated_at'] as const;
export const imageReviewFilters = {
  /** Part of the openid or the reference. */
  q: keyword,
  status: z.enum(IMAGE_STATES).optional(),
  kind: z.enum(IMAGE_KINDS).optional(),
  score_min: queryInt(0, 100).optional(),
  /** Where scoring stands: retrying, failed (given up), scored. */
  scoring: z.enum(IMAGE_SCORING).optional(),
};
export const imageReviewListQuery = listQuery(IMAGE_REVIEW_SORTS, imageReviewFilters);
export const imageReviewExportQuery = exportQuery(imageReviewFilters);
export const imageReviewListAnswer = listAnswer(imageReviewItem);

/** Staff never create or edit images; these schemas only complete the resource's description. */
const noBody = z.object({}).strict();
export const imageReviewsResource = defineResource({
  name: 'image-reviews',
  page: '/offline/image-review',
  scope: 'product',
  logTarget: 'image_review',
  namespace: 'imageReviews',
  item: imageReviewItem,
  create: noBody,
  update: noBody.extend({ version: versionField }),
  list: imageReviewListQuery,
  export: imageReviewExportQuery,
  filters: ['q', 'status', 'kind', 'score_min', 'scoring'],
  sorts: IMAGE_REVIEW_SORTS,
  remove: 'none',
});

export const IMAGE_DECISIONS = ['approve', 'reject'] as const;
export type ImageDecision = (typeof IMAGE_DECISIONS)[number];
/** `POST /image-reviews/:id/approve|reject`. */
export const imageDecisionBody = z.object({
  version: versionField,
  reason: safeText().trim().max(200).default(''),
});
/**
 * `POST /image-reviews/:id/retry`: one more moderation call, now, for an image whose scoring was
 * given up (`failed`) and that staff have not decided; it counts as an attempt.
 */
export const imageRetryBody = z.object({ version: versionField });
/** `POST /image-reviews/bulk`: one decision for several images; each is answered on its own. */
export const imageBulkBody = z.object({
  ids: distinct(idField, 100).min(1),
  decision: z.enum(IMAGE_DECISIONS),
  reason: safeText().trim().max(200).default(''),
});
export const imageBulkAnswer = z.object({
  results: z.array(z.object({ id: z.number().int(), result: z.enum(['ok', 'not_found', 'already']) })),
});

/** `POST /api/game/v1/images`: an image a player uploaded, scored at once. */
export const gameImageBody = z.object({
  openid,
  kind: z.enum(IMAGE_KINDS),
  url: imageUrl,
  ref: safeText().trim().max(128).default(''),
});
export const gameImageAnswer = z.object({
  id: z.number().int(),
  status: z.enum(IMAGE_STATES),
  visible: z.boolean(),
  reason: z.string(),
});
export type GameImage = z.infer<typeof gameImageAnswer>;
