import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { and, eq, inArray } from 'drizzle-orm';
import {
  ErrorCode,
  FILE_USE_LIMITS,
  PUBLIC_FILE_PREFIX,
  fileIdParam,
  fileMessage,
  fileUploadQuery,
  hasAllowedExtension,
  hasUnstorableCharacter,
  type FileMessageKey,
  type FileUse,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { requireAuth } from '../../lib/authenticate.ts';
import { ok, requestLanguage } from '../../lib/request.ts';
import { PUBLIC, SIGNED_IN } from '../../lib/route-access.ts';
import { headBytes, OpenidListCheck, sniffImage, sniffPackage, type Sniffed } from './sniff.ts';
import { localStore, s3Store, type FileStore, type S3Options } from './storage.ts';
import { looksLikeMp4, sniffVideo } from './video.ts';
import { isPublic, keepFile, newFileId, PUBLIC_USES } from './save.ts';
import { files } from './tables.ts';

type FileRow = typeof files.$inferSelect;

/** A year: a file never changes under its id. */
const IMMUTABLE = 'max-age=31536000, immutable';

/** An upload refused: HTTP 400 (or 413 over the size limit), 400001 with the reason on `file`. */
function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  use: FileUse,
  key: FileMessageKey,
  status = 400,
) {
  const message = fileMessage(key, requestLanguage(request), use);
  // Over the limit the rest of the body is not worth reading: close the connection after answering.
  if (status === 413) reply.header('connection', 'close');
  return reply
    .code(status)
    .send({ code: ErrorCode.INVALID_INPUT, data: { fields: { file: message } }, msg: message });
}

/** The uploader's file name, kept for display and download only: no folders, no control characters. */
function cleanName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = hasUnstorableCharacter(clean) ? '' : clean;
  // Keep the ending when cutting a long name: it says what the file is.
  return (name.length > 200 ? name.slice(name.length - 200) : name) || 'file';
}

/** `Content-Disposition` with an ASCII fallback and the real name (RFC 6266 / 5987). */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export interface FileStorage {
  /** Where new uploads go: the bucket when S3 is configured, else the disk. */
  target: FileStore;
  /** Every store a file may be in (its row names which). */
  stores: Partial<Record<FileStore['kind'], FileStore>>;
  /** Uploads in progress, before they are checked. */
  incoming: string;
  /** Removes the temporary folder of a test app. */
  close(): Promise<void>;
}

/** A day: an upload still "incoming" after that was cut off by a crash, never finished. */
const ABANDONED_MS = 24 * 3600 * 1000;

/**
 * Removes what a crash left half-uploaded. Only old files: instances sharing DATA_DIR/files may be
 * receiving uploads right now.
 */
async function sweepIncoming(folder: string): Promise<void> {
  const before = Date.now() - ABANDONED_MS;
  for (const name of await fs.promises.readdir(folder)) {
    const file = path.join(folder, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < before) await fs.promises.rm(file, { force: true });
  }
}

/** Opens the stores: `<dataDir>/files` on disk (a temporary folder without one), and S3 when configured. */
export async function openFileStorage(options: { dataDir?: string; s3?: S3Options }): Promise<FileStorage> {
  const temporary = !options.dataDir;
  // Keys start with `files/`, so the disk store's root is the data folder itself.
  const root = options.dataDir ?? (await fs.promises.mkdtemp(path.join(os.tmpdir(), 'rx-files-')));
  const incoming = path.join(root, 'files', '.incoming');
  await fs.promises.mkdir(incoming, { recursive: true });
  await sweepIncoming(incoming);
  const local = localStore(root);
  const s3 = options.s3 ? s3Store(options.s3) : undefined;
  return {
    target: s3 ?? local,
    stores: { local, s3 },
    incoming,
    close: async () => {
      s3?.close();
      if (temporary) await fs.promises.rm(root, { recursive: true, force: true });
    },
  };
}

/** Sends a file's bytes with headers that keep a browser from reading it as anything else. */
async function send(
  storage: FileStorage,
  request: FastifyRequest,
  reply: FastifyReply,
  row: FileRow,
  cache: string,
) {
  const etag = `"${row.sha256}"`;
  reply
    .header('content-type', row.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', disposition(isPublic(row.use) ? 'inline' : 'attachment', row.name))
    .header('cache-control', cache)
    .header('etag', etag)
    // Whatever a file holds, it runs nothing and loads nothing when opened directly.
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const stream = await storage.stores[row.storage]?.get(row.storageKey);
  if (!stream) throw new ApiError(ErrorCode.NOT_FOUND);
  reply.header('content-length', row.size);
  return reply.send(stream);
}

/**
 * Uploads (`POST /api/v1/files?use=image|package|openid_list|video`, multipart, one file) and reading
 * them back.
 *
 * Who can read what:
 * - `GET /api/v1/files/:id` serves any file to signed-in staff of the file's CP only (another CP
 *   gets 404, as if it did not exist).
 * - Images must also reach games and players (prop and gift icons, help-centre pictures served
 *   through the game API), who hold no staff token. So an image's address is a capability:
 *   `/files/<id>` with a random 128-bit id, public, for images and share videos only (packages and openid lists are
 *   never served there), or `<S3_PUBLIC_BASE_URL>/<key>` when the bucket is public behind a CDN.
 *   Knowing the address is the permission, as for any CDN-hosted game asset; the id is never listed
 *   to anyone outside the CP. Signed, expiring URLs were not chosen: an icon address is stored in
 *   rows and game-API answers that are cached for a long time, and must keep working.
 */
export async function fileRoutes(
  fastify: FastifyInstance,
  options: { db: Db; storage: FileStorage },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = options;
  const { incoming } = storage;
  const tags = ['files'];
  app.addHook('onClose', () => storage.close());

  // Only here: the rest of the API takes no multipart bodies. Limits are set per upload below.
  await app.register(multipart);

  app.post(
    '/files',
    {
      schema: {
        tags,
        summary:
          'Upload one file (multipart, field `file`) for a use; answers its id, url, sha256, size and type',
        consumes: ['multipart/form-data'],
        querystring: fileUploadQuery,
      },
      config: SIGNED_IN,
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { use } = request.query;
      const limits = FILE_USE_LIMITS[use];
      if (!request.isMultipart()) return refuse(request, reply, use, 'no_file');
      const part = await request.file({
        limits: { fileSize: limits.maxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
        throwFileSizeLimit: false,
      });
      if (!part) return refuse(request, reply, use, 'no_file');
      const name = cleanName(part.filename);
      if (!hasAllowedExtension(use, name)) {
        part.file.resume();
        return refuse(request, reply, use, 'wrong_type');
      }

      // Stream to a temporary file, counting, hashing and checking as the bytes pass; only a
      // file's head (a whole image: at most its limit) is kept in memory.
      const id = newFileId();
      const temporary = path.join(incoming, id);
      const hash = createHash('sha256');
      // The media name a material by its MD5 (the material library keeps one row per MD5).
      const md5 = createHash('md5');
      const keep = headBytes(use);
      const head: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      const list = use === 'openid_list' ? new OpenidListCheck() : undefined;
      const inspect = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          hash.update(chunk);
          md5.update(chunk);
          list?.push(chunk);
          if (headLength < keep) {
            const piece = chunk.subarray(0, keep - headLength);
            head.push(piece);
            headLength += piece.length;
          }
          done(null, chunk);
        },
      });
      const cleanUp = () => fs.promises.rm(temporary, { force: true });
      try {
        await pipeline(part.file, inspect, fs.createWriteStream(temporary, { mode: 0o600 }));
      } catch (error) {
        await cleanUp();
        throw error;
      }
      if (part.file.truncated || size > limits.maxBytes) {
        await cleanUp();
        return refuse(request, reply, use, 'too_large', 413);
      }
      if (size === 0) {
        await cleanUp();
        return refuse(request, reply, use, 'no_file');
      }
      const bytes = Buffer.concat(head);
      const sniffed: Sniffed & { durationMs?: number } =
        use === 'image'
          ? sniffImage(bytes)
          : use === 'package'
            ? sniffPackage(bytes, name)
            : use === 'video'
              ? looksLikeMp4(bytes)
                ? await sniffVideo(temporary, size)
                : { ok: false, key: 'not_video' }
              : list!.result();
      if (!sniffed.ok) {
        await cleanUp();
        return refuse(request, reply, use, sniffed.key);
      }

      const saved = await keepFile(
        db,
        storage,
        { cpId: auth.cpId, userId: auth.userId, username: auth.username, ip: request.ip },
        {
          id,
          temporary,
          size,
          name,
          use,
          contentType: sniffed.contentType,
          sha256: hash.digest('hex'),
          md5: md5.digest('hex'),
          width: sniffed.width,
          height: sniffed.height,
          durationMs: sniffed.durationMs,
        },
      );
      return ok(saved);
    },
  );

  app.get(
    '/files/:id',
    {
      schema: { tags, summary: "A file of the caller's CP, as uploaded", params: fileIdParam },
      config: SIGNED_IN,
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const [row] = await db
        .select()
        .from(files)
        .where(and(eq(files.id, request.params.id), eq(files.cpId, auth.cpId)));
      if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
      return send(storage, request, reply, row, `private, ${IMMUTABLE}`);
    },
  );
}

/** The public address of images and share videos (see `fileRoutes`): `/files/<id>`, outside /api. */
export async function publicFileRoutes(
  fastify: FastifyInstance,
  options: { db: Db; storage: FileStorage },
): Promise<void> {
  const { db, storage } = options;
  fastify
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${PUBLIC_FILE_PREFIX}:id`,
      { schema: { hide: true, params: fileIdParam }, config: PUBLIC },
      async (request, reply) => {
        const [row] = await db
          .select()
          .from(files)
          .where(and(eq(files.id, request.params.id), inArray(files.use, [...PUBLIC_USES])));
        if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
        // Games' web views and other sites may show it: helmet's same-origin default would block them.
        reply.header('cross-origin-resource-policy', 'cross-origin');
        return send(storage, request, reply, row, `public, ${IMMUTABLE}`);
      },
    );
}
