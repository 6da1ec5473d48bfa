import { eq } from 'drizzle-orm';
import { shareMultiImagesResource, validationMessage, ErrorCode, type ShareMultiImage } from '@rx/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { contains } from '../../lib/list.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { checkedImage, constraintsOf } from './checks.ts';
import { shareMultiImages } from './tables.ts';
import { exportedShareRoutes } from './exported.ts';
import { disableByStatus, statusStamps } from '../../lib/share/rows.ts';

type Row = typeof shareMultiImages.$inferSelect;
type Sided = { url: string; width: number; height: number };

/** The images `check` read, with their sides, for `columns` of the same write. */
const checked = new WeakMap<object, Sided[]>();

const impl: ResourceImpl<typeof shareMultiImagesResource, typeof shareMultiImages, ShareMultiImage, null> = {
  table: shareMultiImages,
  toItem: (row: Row) => ({
    id: row.id,
    product_id: row.productId,
    platform: row.platform,
    name: row.name,
    caption: row.caption,
    images: row.images,
    ...statusStamps(row),
  }),
  nameOf: (row) => row.name,
  where: (f) => [
    f.q ? contains(shareMultiImages.name, f.q) : undefined,
    f.status ? eq(shareMultiImages.status, f.status) : undefined,
  ],
  /**
   * The platform's rules: no more images than one share takes, the caption within its description
   * limit, every image an upload of the CP that fits the platform's ratio and smallest sides.
   */
  async check(db, scope, input) {
    const constraints = constraintsOf(scope);
    const fields: Record<string, string> = {};
    if (input.images && input.images.length > constraints.maxImages)
      fields.images = validationMessage('too_big', scope.lang, { max: constraints.maxImages });
    if (input.caption !== undefined && [...input.caption].length > constraints.descriptionMax) {
      fields.caption = validationMessage('text_too_long_for_platform', scope.lang, {
        max: constraints.descriptionMax,
      });
    }
    if (Object.keys(fields).length) throw new ApiError(ErrorCode.INVALID_INPUT, { fields });
    if (!input.images) return;
    const sided: Sided[] = [];
    for (const [i, image] of input.images.entries()) {
      sided.push({ url: image.url, ...(await checkedImage(db, scope, `images.${i}.url`, image.url)) });
    }
    checked.set(input, sided);
  },
  columns: (input) => ({
    name: input.name,
    caption: input.caption,
    images: input.images ? checked.get(input) : undefined,
    status: input.status,
  }),
  disable: disableByStatus,
};
export const shareMultiImageService = resourceService(shareMultiImagesResource, impl);

/** `/share-multi-images?platform=`: the platform's photo posts, with an export. */
export function shareMultiImageRoutes(fastify: FastifyInstance, db: Db): void {
  exportedShareRoutes(
    fastify,
    db,
    shareMultiImagesResource,
    shareMultiImageService,
    impl,
    ['platform', 'name', 'caption', 'images', 'status'],
    (item: ShareMultiImage) => ({
      ...item,
      // One cell: each image's address and sides, separated by spaces.
      images: item.images.map((i) => `${i.url}#${i.width}x${i.height}`).join(' '),
    }),
  );
}
