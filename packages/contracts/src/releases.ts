import { z } from 'zod';
import { appVersion } from './announcements.ts';
import {
  distinct,
  idField,
  int32,
  keyword,
  optionalI18nText,
  queryInt,
  rowMeta,
  safeText,
  versionField,
} from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';
import { versionFieldValues } from './version-fields.ts';

/**
 * Version release tools (issue 29). Versions (`/api/v1/app-releases`): one row per version of the
 * app on a platform and channel — the working copy staff edit. `POST /:id/publish` appends an
 * immutable, numbered publish (a snapshot of the row and its rollout percentage); the newest publish
 * of a platform and channel is what the game's version check answers. `/halt` and `/resume` append
 * a copy of the live publish with the rollout stopped or going again; `/rollback` makes an earlier
 * publish's content live again as a new publish (through two-person approval).
 */

export const APP_PLATFORMS = ['android', 'ios', 'harmony', 'pc'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

export const UPDATE_MODES = ['optional', 'forced'] as const;
export type UpdateMode = (typeof UPDATE_MODES)[number];

/**
 * A version's place in its platform and channel: `draft` never published; `rolling_out` live below
 * 100 %; `released` live at 100 %; `halted` live with its rollout stopped; `superseded` another
 * publish (a newer version, or a rollback) replaced it.
 */
export const RELEASE_STATUSES = ['draft', 'rolling_out', 'released', 'halted', 'superseded'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

/** What appended a publish. */
export const PUBLISH_ACTIONS = ['publish', 'halt', 'resume', 'rollback'] as const;
export type PublishAction = (typeof PUBLISH_ACTIONS)[number];

/** An http(s) address, or empty. */
export const linkField = safeText()
  .trim()
  .max(500)
  .regex(/^(https?:\/\/[^\s]+)?$/);

/** A channel code; empty: the version serves every channel of the platform that has none of its own. */
export const releaseChannel = z.union([
  safeText()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/),
  z.literal(''),
]);

/** An openid or device id of the whitelist. */
const whitelistEntry = safeText().trim().min(1).max(128);

export const MAX_WHITELIST = 1000;
/** The longest changelog of one language. */
export const CHANGELOG_MAX = 4000;
export const MAX_BLOCKED_VERSIONS = 200;

const releaseFields = z.object({
  platform: z.enum(APP_PLATFORMS),
  channel: releaseChannel,
  /** The version as players see it (1.4.2). */
  version_name: appVersion.min(1),
  /** The build number; only rises per platform and channel. */
  version_code: int32(1),
  /** Older builds than this must update (forced); 0: no minimum. */
  min_version_code: int32(0),
  /** Builds that must update whatever their number (forced). */
  blocked_version_codes: distinct(int32(1), MAX_BLOCKED_VERSIONS),
  update_mode: z.enum(UPDATE_MODES),
  /** The app store's page (iOS, Google Play, AppGallery…). */
  store_url: linkField,
  /** A direct download (an installation package's address), for platforms without a store. */
  download_url: linkField,
  /** What is new, per language (empty languages fall back to zh). */
  update_text: optionalI18nText(1000),
  /**
   * The changelog of the version, per language: kept with the version (edited any time, published
   * or not), shown in the version log and served by the version check in the player's language.
   */
  changelog: optionalI18nText(CHANGELOG_MAX),
  /** Openids that get the version whatever the rollout percentage (testers, partners). */
  whitelist_openids: distinct(whitelistEntry, MAX_WHITELIST),
  /** Device ids that get the version whatever the rollout percentage. */
  whitelist_devices: distinct(whitelistEntry, MAX_WHITELIST),
  note: safeText().trim().max(500),
  /** The version fields' values by key (`/version-fields`); a field without one carries its default. */
  field_values: versionFieldValues,
});

/** Cross-field rules: the minimum and the blocked builds lie below the version itself. */
function checkCodes(
  value: { version_code?: number; min_version_code?: number; blocked_version_codes?: number[] },
  ctx: z.RefinementCtx,
): void {
  if (value.version_code === undefined) return;
  if (value.min_version_code !== undefined && value.min_version_code > value.version_code)
    ctx.addIssue({ code: 'custom', path: ['min_version_code'], params: { key: 'not_above_version' } });
  if (value.blocked_version_codes?.some((code) => code >= value.version_code!))
    ctx.addIssue({ code: 'custom', path: ['blocked_version_codes'], params: { key: 'below_version' } });
}

export const releaseCreateBody = releaseFields
  .extend({
    channel: releaseChannel.default(''),
    min_version_code: releaseFields.shape.min_version_code.default(0),
    blocked_version_codes: releaseFields.shape.blocked_version_codes.default([]),
    update_mode: releaseFields.shape.update_mode.default('optional'),
    store_url: linkField.default(''),
    download_url: linkField.default(''),
    update_text: optionalI18nText(1000).prefault({}),
    changelog: optionalI18nText(CHANGELOG_MAX).prefault({}),
    whitelist_openids: releaseFields.shape.whitelist_openids.default([]),
    whitelist_devices: releaseFields.shape.whitelist_devices.default([]),
    note: releaseFields.shape.note.default(''),
    field_values: versionFieldValues.default({}),
  })
  .superRefine(checkCodes);
export type ReleaseCreate = z.input<typeof releaseCreateBody>;

/** Platform, channel and build number never change once created (the server says so: 400001 'immutable'). */
export const releaseUpdateBody = releaseFields
  .partial()
  .extend({ version: versionField })
  .superRefine(checkCodes);
export type ReleaseUpdate = z.input<typeof releaseUpdateBody>;

export const releaseItem = releaseFields.extend({
  ...rowMeta,
  product_id: idField,
  status: z.enum(RELEASE_STATUSES),
  /** The highest rollout percentage published (0: never published, or to the whitelist only). */
  rollout_percent: z.number().int(),
  /** The number of the newest publish of this version (null: never published). */
  published_number: z.number().int().nullable(),
});
export type AppRelease = z.infer<typeof releaseItem>;

export const RELEASE_SORTS = ['version_code', 'id', 'platform', 'channel', 'status', 'updated_at'] as const;
export const releaseFilters = {
  /** Matches the version name or the note. */
  q: keyword,
  platform: z.enum(APP_PLATFORMS).optional(),
  channel: releaseChannel.optional(),
  status: z.enum(RELEASE_STATUSES).optional(),
};
export const appReleaseListQuery = listQuery(RELEASE_SORTS, releaseFilters);
export const appReleaseExportQuery = exportQuery(releaseFilters);
export const appReleaseListAnswer = listAnswer(releaseItem);

export const appReleasesResource = defineResource({
  name: 'app-releases',
  page: '/product/product-fe/version-manage',
  scope: 'product',
  logTarget: 'app_release',
  namespace: 'releases',
  item: releaseItem,
  create: releaseCreateBody,
  update: releaseUpdateBody,
  list: appReleaseListQuery,
  export: appReleaseExportQuery,
  filters: ['q', 'platform', 'channel', 'status'],
  sorts: RELEASE_SORTS,
  remove: 'delete',
  // Versions are exported (and imported) by id: the build number alone is unique per platform and channel only.
  sheet: {
    key: 'id',
    columns: [
      'platform',
      'channel',
      'version_name',
      'version_code',
      'min_version_code',
      'update_mode',
      'store_url',
      'download_url',
      'update_text',
      'whitelist_openids',
      'whitelist_devices',
      'note',
      'changelog',
    ],
  },
});

/** `POST /app-releases/:id/publish`: the row version it was based on and the rollout percentage. */
export const releasePublishBody = z.object({
  version: versionField,
  /**
   * Devices in the rollout, in percent (0–100): never lower than this version's last publish. At 0 %
   * only the whitelisted openids and devices get the version (a testers-only stage).
   */
  percent: int32(0, 100),
  note: safeText().trim().max(500).default(''),
});
export type ReleasePublish = z.input<typeof releasePublishBody>;

/** `POST /app-releases/:id/halt|resume`. */
export const releaseMoveBody = z.object({
  version: versionField,
  note: safeText().trim().max(500).default(''),
});

/** `POST /app-releases/:id/rollback`: the earlier publish (of the version's platform and channel) to make live again. */
export const releaseRollbackBody = z.object({
  number: int32(1),
  note: safeText().trim().max(500).default(''),
});

/** What a publish snapshots of its version (and what the version check reads). */
export const publishedRelease = releaseFields
  .omit({ note: true, field_values: true, changelog: true })
  .extend({
    release_id: idField,
    /** The enabled version fields' values at the publish (the version's own, else the default), parsed. */
    fields: z.record(z.string(), z.unknown()).optional(),
  });
export type PublishedRelease = z.infer<typeof publishedRelease>;

/** One immutable publish of a platform and channel. */
export const releasePublishItem = z.object({
  id: idField,
  platform: z.enum(APP_PLATFORMS),
  channel: z.string(),
  number: z.number().int(),
  action: z.enum(PUBLISH_ACTIONS),
  release_id: idField,
  version_name: z.string(),
  version_code: z.number().int(),
  percent: z.number().int(),
  halted: z.boolean(),
  /** The publish a rollback copied. */
  rollback_of: z.number().int().nullable(),
  note: z.string(),
  /** Whether it is the newest publish of its platform and channel (what games get). */
  live: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
  snapshot: publishedRelease,
});
export type ReleasePublishItem = z.infer<typeof releasePublishItem>;

/** `GET /app-releases/publishes?platform=&channel=`: the publishes of a platform and channel, newest first. */
export const releasePublishesQuery = z.object({
  platform: z.enum(APP_PLATFORMS),
  channel: releaseChannel.default(''),
  page: queryInt(1).default(1),
  page_size: queryInt(1, 100).default(20),
});
export const releasePublishesAnswer = listAnswer(releasePublishItem);

// ---- The game's version check ----

export const gameVersionCheckQuery = z.object({
  platform: z.enum(APP_PLATFORMS),
  channel: releaseChannel.default(''),
  version_code: queryInt(0),
  device_id: safeText().trim().max(128).default(''),
  openid: safeText().trim().max(128).default(''),
  lang: safeText().trim().max(8).default('zh'),
  /** The player's sub-channel: its own installation package when there is one. */
  sub_channel: releaseChannel.default(''),
});

export const GAME_UPDATE_KINDS = ['none', 'optional', 'forced'] as const;

/** Why an update is offered or required. */
export const UPDATE_REASONS = [
  'up_to_date',
  'not_in_rollout',
  'rollout',
  'whitelist',
  'blocked',
  'too_old',
] as const;
export type UpdateReason = (typeof UPDATE_REASONS)[number];

/** The installation package the version check names: the released one of the player's channel for the build offered. */
export const gamePackage = z.object({
  version_code: z.number().int(),
  url: z.string(),
  sha256: z.string(),
  size: z.number().int(),
});
export type GamePackage = z.infer<typeof gamePackage>;

export const gameVersionCheck = z.object({
  update: z.enum(GAME_UPDATE_KINDS),
  reason: z.enum(UPDATE_REASONS),
  latest: z.object({ version_name: z.string(), version_code: z.number().int() }).nullable(),
  min_version_code: z.number().int(),
  /** The store page, else the direct download. */
  url: z.string(),
  text: z.string(),
  /** The offered version's changelog in the player's language (the console's fallback: zh, then any). */
  changelog: z.string(),
  /** The version fields' values the publish carries. */
  fields: z.record(z.string(), z.unknown()),
  /** A live maintenance notice for the channel, if any. */
  maintenance: z.object({ title: z.string(), body: z.string(), end_at: z.string().nullable() }).nullable(),
  /** The released installation package of the offered build for the player's channel (null: none). */
  package: gamePackage.nullable(),
  /** The publish answered (null: nothing published for the platform and channel). */
  publish_number: z.number().int().nullable(),
  /** The openid or device is a test account (`/test-accounts`): maintenance does not apply to it. */
  test_account: z.boolean(),
});
export type GameVersionCheck = z.infer<typeof gameVersionCheck>;

/**
 * Which of 10,000 buckets a device falls in for a version: the first four bytes of
 * SHA-256("<release id>:<device id>") modulo 10,000, computed by the server. A device is in a
 * rollout of p % when its bucket is below p × 100, so raising the percentage only adds devices, and
 * a halt then a resume keeps exactly the same ones.
 */
export const ROLLOUT_BUCKETS = 10_000;
