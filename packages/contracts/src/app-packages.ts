import { z } from 'zod';
import { appVersion } from './announcements.ts';
import { int32, keyword, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { APP_PLATFORMS, linkField, releaseChannel, type AppPlatform } from './releases.ts';
import { defineResource } from './resource.ts';

/**
 * Installation packages (issue 29, `/api/v1/app-packages`, page
 * `/product/product-fe/app-package-configure`): one uploaded build of the app per platform, channel
 * and sub-channel. The file is uploaded first (`POST /api/v1/files?use=package`: streamed, size
 * limited, SHA-256 computed); a package then names it by `file_id`, and the server checks that the
 * file is what its name says (an APK holds `AndroidManifest.xml`, an IPA `Payload/<app>.app/Info.plist`…)
 * and fits the platform. The build number only rises per platform, channel and sub-channel.
 *
 * A package belongs to the version (`/app-releases`) of the same platform, channel and build
 * number: the game's version check answers the released package of the player's channel.
 */

/** A package's life: testing (testers only) → released (players get it) → deprecated (kept, offered to nobody). */
export const PACKAGE_STATUSES = ['testing', 'released', 'deprecated'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** What the file is, by its ending (checked against its content). */
export const PACKAGE_KINDS = ['apk', 'aab', 'ipa', 'zip'] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];

/** The kinds of file each platform takes: Android APK or AAB, iOS IPA, HarmonyOS and PC a zip. */
export const PLATFORM_PACKAGE_KINDS: Record<AppPlatform, readonly PackageKind[]> = {
  android: ['apk', 'aab'],
  ios: ['ipa'],
  harmony: ['zip'],
  pc: ['zip'],
};

/** An uploaded file's id (`POST /api/v1/files?use=package`). */
export const packageFileId = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

const packageFields = z.object({
  platform: z.enum(APP_PLATFORMS),
  /** Empty: the platform's package for every channel without one of its own. */
  channel: releaseChannel,
  /** A sub-channel of the channel (an ad campaign's build); empty: the channel's own. */
  sub_channel: releaseChannel,
  version_name: appVersion.min(1),
  /** The build number; only rises per platform, channel and sub-channel. */
  version_code: int32(1),
  file_id: packageFileId,
  /** Where players download it (a CDN); empty: this server serves it at `/downloads/<file id>`. */
  download_url: linkField,
  status: z.enum(PACKAGE_STATUSES),
  note: safeText().trim().max(500),
});

export const packageCreateBody = packageFields.extend({
  channel: releaseChannel.default(''),
  sub_channel: releaseChannel.default(''),
  download_url: linkField.default(''),
  status: packageFields.shape.status.default('testing'),
  note: packageFields.shape.note.default(''),
});
export type PackageCreate = z.input<typeof packageCreateBody>;

/** Platform, channels, build number and file never change once created (400001 'immutable'). */
export const packageUpdateBody = packageFields.partial().extend({ version: versionField });
export type PackageUpdate = z.input<typeof packageUpdateBody>;

/**
 * What the package itself says, read with maintained parsers from its manifest: an APK's binary
 * `AndroidManifest.xml` (package name, `versionCode`, `versionName`, `minSdkVersion`), the same
 * of an AAB's protobuf `base/manifest/AndroidManifest.xml`, an IPA's
 * `Info.plist`, binary or XML (`CFBundleIdentifier`, `CFBundleShortVersionString`,
 * `CFBundleVersion`, `MinimumOSVersion`), a HarmonyOS package's `module.json`/`pack.info`. Empty
 * texts where the manifest does not say (a version name taken from a resource); null when the kind
 * has no manifest read here (a PC zip).
 */
export const packageManifest = z.object({
  /** The package name (Android), bundle id (iOS) or bundle name (HarmonyOS). */
  app_id: z.string(),
  version_name: z.string(),
  /** The build number as the manifest writes it (an IPA's CFBundleVersion may be "1.2.3"). */
  build: z.string(),
  /** The build number when it is a whole number that fits (it then fills `version_code`). */
  version_code: z.number().int().nullable(),
  /** The lowest OS it runs on: Android API level, iOS version, HarmonyOS API version. */
  min_os: z.string(),
});
export type PackageManifest = z.infer<typeof packageManifest>;

/** `GET /app-packages/inspect?file_id=`: an uploaded package read before the form is sent. */
export const packageInspectQuery = z.object({
  file_id: packageFileId,
  /** The platform the package is for (a zip is read as HarmonyOS's, else as a PC build); default by the file's kind. */
  platform: z.enum(APP_PLATFORMS).optional(),
});
export const packageInspection = z.object({
  kind: z.enum(PACKAGE_KINDS),
  manifest: packageManifest.nullable(),
});
export type PackageInspection = z.infer<typeof packageInspection>;

export const packageItem = packageFields.extend({
  ...rowMeta,
  /** What the file's own manifest says (null: not read for its kind). */
  manifest: packageManifest.nullable(),
  kind: z.enum(PACKAGE_KINDS),
  file_name: z.string(),
  /** Bytes of the file. */
  file_size: z.number().int(),
  /** SHA-256 of the file, hex. */
  sha256: z.string(),
  /** Where it is downloaded: `download_url`, else this server's `/downloads/<file id>`. */
  url: z.string(),
});
export type AppPackage = z.infer<typeof packageItem>;

export const PACKAGE_SORTS = [
  'version_code',
  'id',
  'platform',
  'channel',
  'status',
  'file_size',
  'updated_at',
] as const;
export const packageFilters = {
  /** Part of the version name, the file name or the note. */
  q: keyword,
  platform: z.enum(APP_PLATFORMS).optional(),
  channel: releaseChannel.optional(),
  status: z.enum(PACKAGE_STATUSES).optional(),
};
export const appPackageListQuery = listQuery(PACKAGE_SORTS, packageFilters);
export const appPackageExportQuery = exportQuery(packageFilters);
export const appPackageListAnswer = listAnswer(packageItem);

export const appPackagesResource = defineResource({
  name: 'app-packages',
  page: '/product/product-fe/app-package-configure',
  scope: 'product',
  logTarget: 'app_package',
  namespace: 'appPackages',
  item: packageItem,
  create: packageCreateBody,
  update: packageUpdateBody,
  list: appPackageListQuery,
  export: appPackageExportQuery,
  filters: ['q', 'platform', 'channel', 'status'],
  sorts: PACKAGE_SORTS,
  remove: 'delete',
  sheet: {
    key: 'id',
    columns: [
      'platform',
      'channel',
      'sub_channel',
      'version_name',
      'version_code',
      'file_id',
      'download_url',
      'status',
      'note',
    ],
  },
});

/** Where this server serves a package file to players (public: the 128-bit file id is the capability). */
export const PACKAGE_DOWNLOAD_PREFIX = '/downloads/';
