import { and, eq } from 'drizzle-orm';
import {
  ErrorCode,
  shareImageProblem,
  sharePlatformOf,
  validationMessage,
  type ShareConstraints,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { files } from '../files/tables.ts';

// The checks every share resource makes against its platform's registry entry (`SHARE_PLATFORMS`):
// text lengths, hashtags, an uploaded image's ratio and sides.

/** The constraints of the scope's platform (the route checked the value against the registry). */
export function constraintsOf(scope: Scope): ShareConstraints {
  const platform = scope.dimension && sharePlatformOf(scope.dimension.value);
  if (!platform) throw new Error('a share resource needs a platform scope');
  return platform.constraints;
}

/**
 * The words of a share with their hashtags (`#tag`, a space each) within the platform's title limit;
 * else 400001 on `field`.
 */
export function checkShareWords(scope: Scope, field: string, text: string, tags: readonly string[]): void {
  const length = [...text].length + tags.reduce((sum, tag) => sum + [...tag].length + 2, 0);
  const max = constraintsOf(scope).titleMax;
  if (length > max) {
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      fields: { [field]: validationMessage('text_too_long_for_platform', scope.lang, { max }) },
    });
  }
}

export const ratioText = (ratio: readonly [number, number]) =>
  ratio[0] === ratio[1]
    ? `${Math.round(ratio[0] * 100) / 100}:1`
    : `${Math.round(ratio[0] * 100) / 100}:1 – ${Math.round(ratio[1] * 100) / 100}:1`;

/** The upload of the caller's CP (files module, `use=image`) at an image address, if it is one. */
export async function uploadedImage(
  db: Db,
  scope: Scope,
  url: string,
): Promise<typeof files.$inferSelect | undefined> {
  const id = /\/([A-Za-z0-9_-]{16,64})$/.exec(url)?.[1];
  if (!id) return undefined;
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.cpId, scope.cpId), eq(files.use, 'image')));
  return file;
}

/**
 * The sides of an image uploaded by the caller's CP (files module, `use=image`: its header read
 * within the project's image limits), checked against the platform's ratio and smallest sides.
 * An address that is not such an upload cannot be checked and is refused.
 */
export async function checkedImage(
  db: Db,
  scope: Scope,
  field: string,
  url: string,
): Promise<{ width: number; height: number }> {
  const fail = (key: 'not_uploaded' | 'image_ratio' | 'image_too_small', params = {}) =>
    new ApiError(ErrorCode.INVALID_INPUT, {
      fields: { [field]: validationMessage(key, scope.lang, params) },
    });
  const file = await uploadedImage(db, scope, url);
  if (!file?.width || !file.height) throw fail('not_uploaded');
  const constraints = constraintsOf(scope);
  const problem = shareImageProblem(constraints, file.width, file.height);
  if (problem === 'ratio') throw fail('image_ratio', { ratio: ratioText(constraints.image.ratio) });
  if (problem === 'small') {
    throw fail('image_too_small', {
      width: constraints.image.minWidth,
      height: constraints.image.minHeight,
    });
  }
  return { width: file.width, height: file.height };
}

/** The platform's longest title and description. */
export function checkTexts(
  scope: Scope,
  texts: { field: string; value: string | undefined; max: 'title' | 'description' }[],
) {
  const constraints = constraintsOf(scope);
  const fields: Record<string, string> = {};
  for (const { field, value, max } of texts) {
    const limit = max === 'title' ? constraints.titleMax : constraints.descriptionMax;
    if (value !== undefined && [...value].length > limit) {
      fields[field] = validationMessage('text_too_long_for_platform', scope.lang, { max: limit });
    }
  }
  if (Object.keys(fields).length) throw new ApiError(ErrorCode.INVALID_INPUT, { fields });
}
