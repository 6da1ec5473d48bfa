import { and, desc, eq, sql } from 'drizzle-orm';
import {
  ErrorCode,
  SHARE_MATERIAL_FIELDS,
  SHARE_PASSWORD_PLACEHOLDER,
  shareMaterialOf,
  shareMaterialPlatforms,
  shareMaterialsResource,
  sharePlatformOf,
  validationMessage,
  type GameShareMaterial,
  type ShareMaterial,
  type ShareMaterialKind,
} from '@rx/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { contains } from '../../lib/list.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { checkedImage } from './checks.ts';
import { checkedVideo } from './videos.ts';
import { shareMaterialStrategies as table } from './tables.ts';
import { exportedShareRoutes, hashtagsCell } from './exported.ts';
import { disableByStatus, statusStamps } from '../../lib/share/rows.ts';

type Row = typeof table.$inferSelect;

/** The kind of the scope (`?material=`, checked against the registry by the route). */
function kindOf(scope: Scope): ShareMaterialKind {
  const kind = scope.dimension && shareMaterialOf(scope.dimension.value);
  if (!kind) throw new Error('a share material needs a material scope');
  return kind;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

const impl: ResourceImpl<typeof shareMaterialsResource, typeof table, ShareMaterial, null> = {
  table,
  toItem: (row: Row) => ({
    id: row.id,
    product_id: row.productId,
    material: row.material,
    name: row.name,
    platforms: row.platforms,
    title: row.title,
    description: row.description,
    image_url: row.imageUrl,
    target_url: row.targetUrl,
    deep_link: row.deepLink,
    reward_text: row.rewardText,
    template: row.template,
    valid_hours: row.validHours,
    video_url: row.videoUrl,
    hashtags: row.hashtags,
    app_id: row.appId,
    path: row.path,
    ...statusStamps(row),
  }),
  nameOf: (row) => row.name,
  where: (f) => [
    f.q ? contains(table.name, f.q) : undefined,
    f.platform ? sql`${table.platforms} @> ${JSON.stringify([f.platform])}::jsonb` : undefined,
    f.status ? eq(table.status, f.status) : undefined,
  ],
  /**
   * The kind's rules (its registry entry): its required fields filled, none of another kind's; the
   * platforms among those that can share it; the title and description within every chosen
   * platform's limits; the image an upload that fits each of them; the video an upload; a password
   * template holding `{code}`.
   */
  async check(db, scope, input, before) {
    const kind = kindOf(scope);
    const merged = { ...(before ? impl.toItem(before) : {}), ...input } as Record<string, unknown>;
    const fields: Record<string, string> = {};
    const say = (field: string, key: Parameters<typeof validationMessage>[0], params = {}) => {
      fields[field] ??= validationMessage(key, scope.lang, params);
    };
    for (const field of SHARE_MATERIAL_FIELDS) {
      const need = kind.fields[field];
      if (need === 'required' && isEmpty(merged[field])) say(field, 'required');
      if (!need && !isEmpty(input[field as keyof typeof input])) say(field, 'invalid');
    }
    const platforms = (merged.platforms as string[] | undefined) ?? [];
    const offered = shareMaterialPlatforms(kind);
    platforms.forEach((code, i) => {
      if (!offered.includes(code as never)) say(`platforms.${i}`, 'invalid');
    });
    const chosen = platforms.flatMap((code) => sharePlatformOf(code) ?? []);
    const titleMax = Math.min(...chosen.map((p) => p.constraints.titleMax));
    const descriptionMax = Math.min(...chosen.map((p) => p.constraints.descriptionMax));
    if (chosen.length && [...String(merged.title ?? '')].length > titleMax)
      say('title', 'text_too_long_for_platform', { max: titleMax });
    if (chosen.length && [...String(merged.description ?? '')].length > descriptionMax)
      say('description', 'text_too_long_for_platform', { max: descriptionMax });
    const template = String(merged.template ?? '');
    if (kind.fields.template && template && !template.includes(SHARE_PASSWORD_PLACEHOLDER))
      say('template', 'missing_placeholder', { placeholder: SHARE_PASSWORD_PLACEHOLDER });
    if (Object.keys(fields).length) throw new ApiError(ErrorCode.INVALID_INPUT, { fields });
    if (input.video_url) await checkedVideo(db, scope, 'video_url', input.video_url);
    const image = merged.image_url as string;
    if (image && (input.image_url !== undefined || input.platforms !== undefined)) {
      // It must fit every chosen platform's ratio and smallest sides (refused at the first that it does not).
      for (const platform of chosen) {
        await checkedImage(
          db,
          { ...scope, dimension: { name: 'platform', value: platform.code } },
          'image_url',
          image,
        );
      }
    }
  },
  columns: (input) => ({
    name: input.name,
    platforms: input.platforms,
    title: input.title,
    description: input.description,
    imageUrl: input.image_url,
    targetUrl: input.target_url,
    deepLink: input.deep_link,
    rewardText: input.reward_text,
    template: input.template,
    validHours: input.valid_hours,
    videoUrl: input.video_url,
    hashtags: input.hashtags,
    appId: input.app_id,
    path: input.path,
    status: input.status,
  }),
  disable: disableByStatus,
};
export const shareMaterialService = resourceService(shareMaterialsResource, impl);

/** `/share-materials?material=`: the five kinds of material strategy, one table, with an export. */
export function shareMaterialRoutes(fastify: FastifyInstance, db: Db): void {
  exportedShareRoutes(
    fastify,
    db,
    shareMaterialsResource,
    shareMaterialService,
    impl,
    ['material', 'name', 'platforms', 'title', 'description', ...SHARE_MATERIAL_FIELDS, 'status'],
    (item: ShareMaterial) => ({
      ...item,
      platforms: item.platforms.join(' '),
      hashtags: hashtagsCell(item.hashtags),
    }),
  );
}

/** The live strategies of a kind a game offers on a platform (newest first, at most 50). */
export async function gameShareMaterials(
  db: Db,
  productId: number,
  query: { material: string; platform: string },
): Promise<GameShareMaterial[]> {
  const rows = await db
    .select()
    .from(table)
    .where(
      and(
        eq(table.productId, productId),
        eq(table.material, query.material as never),
        eq(table.status, 'active'),
        sql`${table.platforms} @> ${JSON.stringify([query.platform])}::jsonb`,
      ),
    )
    .orderBy(desc(table.id))
    .limit(50);
  return rows.map((row) => {
    const {
      product_id: _p,
      status: _s,
      version: _v,
      created_at: _c,
      updated_at: _u,
      ...rest
    } = impl.toItem(row);
    return rest;
  });
}
