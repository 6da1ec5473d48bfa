import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray, max, ne } from 'drizzle-orm';
import { z } from 'zod';
import {
  ErrorCode,
  PACKAGE_DOWNLOAD_PREFIX,
  PACKAGE_STATUSES,
  PLATFORM_PACKAGE_KINDS,
  appPackagesResource,
  type AppPackage,
  type AppPlatform,
  type GamePackage,
  type PackageKind,
  type Language,
  type PackageInspection,
  type ValidationKey,
  type PackageManifest,
  packageInspectQuery,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { containsAny } from '../../lib/list.ts';
import { FieldProblems, ruleError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { PUBLIC } from '../../lib/route-access.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { inScope } from '../../lib/scope.ts';
import type { FileStorage } from '../files/index.ts';
import { files } from '../files/tables.ts';
import { kindOfName, PackageRefusal, readPackage } from './package-file.ts';
import { appPackages } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof appPackages.$inferSelect;

/** A package's download address: its own (a CDN), else this server's. */
const urlOf = (row: Pick<Row, 'downloadUrl' | 'fileId'>) =>
  row.downloadUrl || `${PACKAGE_DOWNLOAD_PREFIX}${row.fileId}`;

export function toPackage(row: Row): AppPackage {
  return {
    id: row.id,
    platform: row.platform,
    channel: row.channel,
    sub_channel: row.subChannel,
    version_name: row.versionName,
    version_code: row.versionCode,
    file_id: row.fileId,
    kind: row.kind,
    file_name: row.fileName,
    file_size: row.fileSize,
    sha256: row.sha256,
    download_url: row.downloadUrl,
    manifest: row.manifest ?? null,
    url: urlOf(row),
    status: row.status,
    note: row.note,
    ...stamps(row),
  };
}

const nameOf = (row: Pick<Row, 'platform' | 'channel' | 'subChannel' | 'versionName' | 'versionCode'>) =>
  `${row.platform}${row.channel ? `/${row.channel}` : ''}${row.subChannel ? `/${row.subChannel}` : ''} ${row.versionName} (${row.versionCode})`;

/** What a create copies of its file, found by `check` and written by `columns` (the same input object). */
interface FileFacts {
  kind: PackageKind;
  fileName: string;
  fileSize: number;
  sha256: string;
  manifest: PackageManifest | null;
}

const typesOf = (platform: AppPlatform) =>
  PLATFORM_PACKAGE_KINDS[platform].map((kind) => kind.toUpperCase()).join(', ');

/** The packages' resource over the app's file storage (the file of a new package is read from it). */
export function packageImplOf(storage: FileStorage) {
  const facts = new WeakMap<object, FileFacts>();
  const impl: ResourceImpl<typeof appPackagesResource, typeof appPackages, AppPackage, null> = {
    table: appPackages,
    toItem: toPackage,
    nameOf,
    where: (f) => [
      containsAny(f.q, appPackages.versionName, appPackages.fileName, appPackages.note),
      f.platform ? eq(appPackages.platform, f.platform) : undefined,
      f.channel !== undefined ? eq(appPackages.channel, f.channel) : undefined,
      f.status ? eq(appPackages.status, f.status) : undefined,
    ],
    columns: (input) => {
      const file = facts.get(input);
      return {
        platform: input.platform,
        channel: input.channel,
        subChannel: input.sub_channel,
        versionName: input.version_name,
        versionCode: input.version_code,
        fileId: input.file_id,
        ...(file ?? {}),
        downloadUrl: input.download_url,
        status: input.status,
        note: input.note,
      };
    },
    immutable: ['platform', 'channel', 'sub_channel', 'version_code', 'file_id'],
    unique: { app_packages_product_target_code: 'version_code' },
    async check(db, scope, input, before) {
      const problems = new FieldProblems(scope.lang);
      if (before && input.status) {
        // testing → released → deprecated, never back.
        if (PACKAGE_STATUSES.indexOf(input.status) < PACKAGE_STATUSES.indexOf(before.status))
          problems.add('status', 'package_status_back');
      }
      if (!before && input.platform && input.version_code !== undefined && input.file_id) {
        const [highest] = await db
          .select({ code: max(appPackages.versionCode) })
          .from(appPackages)
          .where(
            and(
              inScope(appPackages, scope),
              eq(appPackages.platform, input.platform),
              eq(appPackages.channel, input.channel ?? ''),
              eq(appPackages.subChannel, input.sub_channel ?? ''),
            ),
          );
        if (highest?.code != null && input.version_code <= highest.code)
          problems.add('version_code', 'version_code_not_higher', { code: highest.code });
        const [file] = await db
          .select()
          .from(files)
          .where(and(eq(files.id, input.file_id), eq(files.cpId, scope.cpId), eq(files.use, 'package')));
        const kind = file ? kindOfName(file.name) : undefined;
        if (!file || !kind) problems.add('file_id', 'package_file_unknown');
        else if (!PLATFORM_PACKAGE_KINDS[input.platform].includes(kind))
          problems.add('file_id', 'package_wrong_platform', { types: typesOf(input.platform) });
        else if (!problems.any) {
          // Only now read the file: its directory and its manifest, not the hundreds of megabytes.
          const manifest = await inspectFile(storage, file, kind, input.platform).catch((error: unknown) => {
            if (!(error instanceof PackageRefusal)) throw error;
            problems.add('file_id', error.key, error.params);
            return undefined;
          });
          // The build number is the package's own: a form that says another one is refused.
          if (manifest?.version_code != null && manifest.version_code !== input.version_code)
            problems.add('version_code', 'package_code_differs', { code: manifest.version_code });
          else if (manifest !== undefined)
            facts.set(input, {
              kind,
              fileName: file.name,
              fileSize: file.size,
              sha256: file.sha256,
              manifest,
            });
        }
      }
      problems.throwIfAny();
    },
    // Players may have downloaded a released package: it stays (deprecated) for the record.
    async usage(_db, scope, row) {
      if (row.status !== 'testing') throw ruleError(scope.lang, 'package_released_kept');
      return [];
    },
    sheet: autoSheet<AppPackage>(appPackagesResource),
  };
  return impl;
}

/** 400001 on `file_id` with the message of `key`. */
function fileRefused(
  lang: Language,
  key: ValidationKey,
  params: Record<string, string | number> = {},
): never {
  const problems = new FieldProblems(lang);
  problems.add('file_id', key, params);
  problems.throwIfAny();
  throw new Error('unreachable');
}

/** Reads a stored package file: what its manifest says, or a `PackageRefusal`. */
function inspectFile(
  storage: FileStorage,
  file: typeof files.$inferSelect,
  kind: PackageKind,
  platform: AppPlatform,
): Promise<PackageManifest | null> {
  const store = storage.stores[file.storage];
  if (!store) throw new PackageRefusal('package_file_unknown', {});
  return readPackage((range) => store.get(file.storageKey, range), file.size, kind, platform);
}

/** The platform a kind of file is for when the form has not said (a zip: HarmonyOS, whose manifest is read). */
const platformOfKind = (kind: PackageKind): AppPlatform =>
  (Object.keys(PLATFORM_PACKAGE_KINDS) as AppPlatform[]).find((platform) =>
    PLATFORM_PACKAGE_KINDS[platform].includes(kind),
  )!;

/** `/app-packages`: list, get, create (naming an uploaded file), update, delete a testing package, export and import. */
export function packageRoutes(app: FastifyInstance, db: Db, storage: FileStorage): void {
  const impl = packageImplOf(storage);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/app-packages/inspect',
    {
      schema: {
        tags: [appPackagesResource.name],
        summary: "An uploaded package's own manifest (package name or bundle id, version, build, lowest OS)",
        querystring: packageInspectQuery,
      },
      config: can(appPackagesResource, 'create'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const { file_id, platform } = request.query;
      const [file] = await db
        .select()
        .from(files)
        .where(and(eq(files.id, file_id), eq(files.cpId, scope.cpId), eq(files.use, 'package')));
      const kind = file ? kindOfName(file.name) : undefined;
      if (!file || !kind) fileRefused(scope.lang, 'package_file_unknown');
      const target = platform ?? platformOfKind(kind);
      if (!PLATFORM_PACKAGE_KINDS[target].includes(kind))
        fileRefused(scope.lang, 'package_wrong_platform', { types: typesOf(target) });
      try {
        return ok<PackageInspection>({ kind, manifest: await inspectFile(storage, file, kind, target) });
      } catch (error) {
        if (error instanceof PackageRefusal) fileRefused(scope.lang, error.key, error.params);
        throw error;
      }
    },
  );
  resourceRoutes(app, db, appPackagesResource, resourceService(appPackagesResource, impl), impl);
}

/**
 * The released package of a build for a player: the sub-channel's own, else the channel's, else the
 * platform's for every channel. The newest created wins when several match.
 */
export async function packageFor(
  db: Db,
  productId: number,
  target: { platform: AppPlatform; channel: string; subChannel: string; versionCode: number },
): Promise<(GamePackage & { path: boolean }) | null> {
  const channels = [...new Set([target.channel, ''])];
  const subChannels = [...new Set([target.subChannel, ''])];
  const rows = await db
    .select()
    .from(appPackages)
    .where(
      and(
        eq(appPackages.productId, productId),
        eq(appPackages.platform, target.platform),
        eq(appPackages.versionCode, target.versionCode),
        eq(appPackages.status, 'released'),
        inArray(appPackages.channel, channels),
        inArray(appPackages.subChannel, subChannels),
      ),
    )
    .orderBy(desc(appPackages.id));
  const rank = (row: Row) =>
    (row.channel === target.channel ? 0 : 2) + (row.subChannel === target.subChannel ? 0 : 1);
  const best = rows.sort((a, b) => rank(a) - rank(b))[0];
  if (!best) return null;
  return {
    version_code: best.versionCode,
    url: urlOf(best),
    sha256: best.sha256,
    size: best.fileSize,
    path: !best.downloadUrl,
  };
}

/**
 * `GET /downloads/:id`: a package file to players (outside /api, no sign-in). The random 128-bit
 * file id is the capability, as for images; only files of a package that is not deprecated are served.
 */
export async function packageDownloadRoutes(
  fastify: FastifyInstance,
  options: { db: Db; storage: FileStorage },
): Promise<void> {
  const { db, storage } = options;
  fastify.withTypeProvider<ZodTypeProvider>().get(
    `${PACKAGE_DOWNLOAD_PREFIX}:id`,
    {
      schema: { hide: true, params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/) }) },
      config: PUBLIC,
    },
    async (request, reply) => {
      const [row] = await db
        .select({ file: files, name: appPackages.fileName })
        .from(appPackages)
        .innerJoin(files, eq(files.id, appPackages.fileId))
        .where(and(eq(appPackages.fileId, request.params.id), ne(appPackages.status, 'deprecated')))
        .limit(1);
      if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
      const etag = `"${row.file.sha256}"`;
      const fallback = row.name.replace(/[^A-Za-z0-9._-]/g, '_');
      reply
        .header('content-type', row.file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
        )
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const stream = await storage.stores[row.file.storage]?.get(row.file.storageKey);
      if (!stream) throw new ApiError(ErrorCode.NOT_FOUND);
      reply.header('content-length', row.file.size);
      return reply.send(stream);
    },
  );
}
