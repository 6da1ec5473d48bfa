/** What the moderation of one image came to: a score 0 (clean) – 100 (surely unwanted) and why. */
export interface ImageVerdict {
  score: number;
  /** The categories that raised it (`adult`, `violence`, `racy`…). */
  labels: string[];
}

/** An image moderation service: scores an image by its public address. Failures throw an OutsideError. */
export interface ImageModeration {
  moderate(url: string, idempotencyKey: string): Promise<ImageVerdict>;
}
