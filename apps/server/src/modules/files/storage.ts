import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/** S3-compatible storage (config's `s3` block, the S3_* variables). */
export interface S3Options {
  /** The service's address (MinIO, R2, OSS…); absent: AWS itself for the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Absent: the SDK's usual credential chain (instance role, AWS_* variables). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most self-hosted services). */
  forcePathStyle: boolean;
  /**
   * Where the bucket's objects are readable by anyone (a CDN in front of it): images get
   * `<publicBaseUrl>/<key>` as their address. Absent: images are served by this server at /files/<id>.
   */
  publicBaseUrl?: string;
}

/** Where the bytes of uploads live. Keys are made by the server (`files/<cp>/<id>`), never by a user. */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Moves a checked upload (a temporary file of `size` bytes) into the store under `key`. */
  put(key: string, temporary: string, size: number, contentType: string): Promise<void>;
  /**
   * The bytes under `key`, or those from `range.start` up to `range.end` (exclusive): a zip's
   * directory and one entry are read without the rest of a package. Null when they are gone.
   */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Best effort: removes what `put` stored when recording it failed. */
  remove(key: string): Promise<void>;
  /** A public address of an image stored under `key`, when the store has one. */
  publicUrl(key: string): string | undefined;
  /** Lets go of connections (the S3 client's sockets). */
  close(): void;
}

/** Bytes `start` (inclusive) to `end` (exclusive) of a stored file. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Files under DATA_DIR/files (the default). */
export function localStore(root: string): FileStore {
  const pathOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    kind: 'local',
    async put(key, temporary) {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(temporary, target);
    },
    async get(key, range) {
      try {
        const handle = await fs.promises.open(pathOf(key), 'r');
        // createReadStream's `end` is inclusive.
        return handle.createReadStream(range ? { start: range.start, end: range.end - 1 } : {});
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
    publicUrl: () => undefined,
    close: () => undefined,
  };
}

/** Files in an S3-compatible bucket: the checked temporary file is sent with its length, then removed. */
export function s3Store(options: S3Options): FileStore {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where the API requires them: many S3-compatible services refuse the
    // aws-chunked bodies with trailing checksums the SDK sends by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const base = options.publicBaseUrl?.replace(/\/+$/, '');
  return {
    kind: 's3',
    async put(key, temporary, size, contentType) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key: key,
            Body: fs.createReadStream(temporary),
            ContentLength: size,
            ContentType: contentType,
          }),
        );
      } finally {
        await fs.promises.rm(temporary, { force: true });
      }
    },
    async get(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: options.bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end - 1}` } : {}),
          }),
        );
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key })).catch(() => undefined);
    },
    publicUrl: (key) => (base ? `${base}/${key}` : undefined),
    close: () => client.destroy(),
  };
}
