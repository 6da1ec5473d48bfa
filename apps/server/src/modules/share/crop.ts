import { buffer } from 'node:stream/consumers';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import {
  ErrorCode,
  IMAGE_LIMITS,
  fileMessage,
  shareCropOutput,
  shareImageCropBody,
  shareImageCropQuery,
  shareCardsResource,
  shareImageProblem,
  shareImagesResource,
  validationMessage,
  type CropBox,
  type FileMessageKey,
  type ShareConstraints,
  type ShareImageCropped,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ok } from '../../lib/request.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { keepBytes, type FileStorage } from '../files/index.ts';
import { constraintsOf, ratioText, uploadedImage } from './checks.ts';

// Decoded images are not kept between requests: each crop reads its own original once.
sharp.cache(false);

/** What a crop is refused for: a message of the files module (the bytes) or of validation (the box). */
export class CropRefused extends Error {
  constructor(
    message: string,
    readonly kind: 'file' | 'box',
  ) {
    super(message);
  }
}

/** The decoder's bounds: the project's image limits whatever the header says (a decompression bomb stops here). */
const decoding = { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'error' } as const;

/** What each stored type is made into: a GIF's first frame becomes a PNG. */
const OUTPUT: Record<string, { type: string; ending: string }> = {
  jpeg: { type: 'image/jpeg', ending: 'jpg' },
  png: { type: 'image/png', ending: 'png' },
  webp: { type: 'image/webp', ending: 'webp' },
  gif: { type: 'image/png', ending: 'png' },
};

/**
 * Crops `box` (in the upright image's pixels) out of an original and makes the platform's size of it.
 * The decoding runs on libuv's threads (sharp), never on the event loop; the original is refused
 * before decoding when its header passes the image limits, and the box when it leaves the image,
 * has another ratio than the platform's or is smaller than its smallest sides.
 */
export async function cropForPlatform(
  original: Buffer,
  box: CropBox,
  constraints: ShareConstraints,
  lang: Scope['lang'],
): Promise<{ bytes: Buffer; contentType: string; ending: string; width: number; height: number }> {
  const fileFail = (key: FileMessageKey) => new CropRefused(fileMessage(key, lang, 'image'), 'file');
  // The header only (nothing decoded yet): its sides are checked against the limits here, so a bomb
  // gets the message that says so rather than the decoder's refusal below.
  const meta = await sharp(original, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw fileFail('not_image');
    });
  const output = meta.format && OUTPUT[meta.format];
  // The sides as shown (EXIF orientation applied), as the console's preview shows them.
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!output || !width || !height) throw fileFail('not_image');
  if (
    width > IMAGE_LIMITS.maxSide ||
    height > IMAGE_LIMITS.maxSide ||
    width * height > IMAGE_LIMITS.maxPixels
  ) {
    throw fileFail('too_many_pixels');
  }
  if (box.left + box.width > width || box.top + box.height > height) {
    throw new CropRefused(validationMessage('crop_outside_image', lang, { width, height }), 'box');
  }
  const problem = shareImageProblem(constraints, box.width, box.height);
  if (problem === 'ratio') {
    throw new CropRefused(
      validationMessage('image_ratio', lang, { ratio: ratioText(constraints.image.ratio) }),
      'box',
    );
  }
  if (problem === 'small') {
    const { minWidth, minHeight } = constraints.image;
    throw new CropRefused(
      validationMessage('image_too_small', lang, { width: minWidth, height: minHeight }),
      'box',
    );
  }
  const size = shareCropOutput(constraints, box);
  const pipeline = sharp(original, decoding)
    .autoOrient()
    .extract(box)
    // Within the 1 % the ratio may differ, `cover` trims the excess rather than stretching.
    .resize(size.width, size.height, { fit: 'cover' });
  const encoded =
    output.ending === 'jpg'
      ? pipeline.jpeg({ quality: 85, mozjpeg: true })
      : output.ending === 'webp'
        ? pipeline.webp({ quality: 85 })
        : pipeline.png();
  const bytes = await encoded.toBuffer().catch(() => {
    throw fileFail('not_image');
  });
  return { bytes, contentType: output.type, ending: output.ending, ...size };
}

/**
 * `POST /share-images/crop?platform=` and `POST /share-cards/crop?platform=` (the cards' image: the
 * same platform constraints, the card editor's permission): the platform's size made from a crop
 * box over an image the CP uploaded, kept as a new upload (the original stays as it is).
 */
export function shareImageCropRoutes(fastify: FastifyInstance, db: Db, storage: FileStorage): void {
  for (const resource of [shareImagesResource, shareCardsResource]) cropRoute(fastify, db, storage, resource);
}

function cropRoute(
  fastify: FastifyInstance,
  db: Db,
  storage: FileStorage,
  resource: typeof shareImagesResource | typeof shareCardsResource,
): void {
  fastify.withTypeProvider<ZodTypeProvider>().post(
    `/${resource.name}/crop`,
    {
      schema: {
        tags: ['share'],
        summary:
          "Crop an uploaded image to the platform: the box (original's pixels) must have its ratio and at least its smallest sides; answers the new upload of the platform's size",
        querystring: shareImageCropQuery,
        body: shareImageCropBody,
      },
      config: can(resource, 'create'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const { image_url: url, ...box } = request.body;
      const file = await uploadedImage(db, scope, url);
      const stream = file && (await storage.stores[file.storage]?.get(file.storageKey));
      if (!file || !stream) {
        throw new ApiError(ErrorCode.INVALID_INPUT, {
          fields: { image_url: validationMessage('not_uploaded', scope.lang) },
        });
      }
      let made;
      try {
        made = await cropForPlatform(await buffer(stream), box, constraintsOf(scope), scope.lang);
      } catch (error) {
        if (!(error instanceof CropRefused)) throw error;
        throw new ApiError(ErrorCode.INVALID_INPUT, {
          fields: { [error.kind === 'file' ? 'image_url' : 'crop']: error.message },
        });
      }
      const base = path.parse(file.name).name || 'image';
      const kept = await keepBytes(db, storage, scope, {
        bytes: made.bytes,
        name: `${base}-${made.width}x${made.height}.${made.ending}`,
        use: 'image',
        contentType: made.contentType,
        width: made.width,
        height: made.height,
      });
      const answer: ShareImageCropped = {
        id: kept.id,
        url: kept.url,
        width: made.width,
        height: made.height,
      };
      return ok(answer);
    },
  );
}
