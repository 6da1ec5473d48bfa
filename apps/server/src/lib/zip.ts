import zlib from 'node:zlib';
import { Inflate, Zip, ZipDeflate } from 'fflate';
import yauzl from 'yauzl';
import { badFile, FILE_LIMITS, TableFileError } from './file-limits.ts';

/**
 * Zip for XLSX: writing through fflate's streaming writer, and a reader for uploaded files (yauzl
 * reads the directory; fflate inflates, counting what really comes out: nothing the file says about
 * sizes is trusted).
 */

export interface ZipEntry {
  name: string;
  data: Buffer | AsyncIterable<Buffer>;
  /** Deflate level, 0 (stored blocks, for what does not compress) to 9; 6 by default. */
  level?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
}

async function* chunksOf(data: Buffer | AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(data)) yield data;
  else yield* data;
}

/**
 * The zip file's bytes, entry by entry, as they are compressed: fflate's streaming zip writer
 * (deflate, data descriptors), fed chunk by chunk so memory holds one chunk of an entry at a time.
 */
export async function* zipStream(entries: Iterable<ZipEntry>, now = new Date()): AsyncGenerator<Buffer> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (out.length) yield Buffer.from(out.shift()!);
  };
  for (const entry of entries) {
    const file = new ZipDeflate(entry.name, { level: entry.level ?? 6 });
    file.mtime = now;
    zip.add(file);
    for await (const chunk of chunksOf(entry.data)) {
      file.push(chunk);
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

interface DirectoryEntry {
  method: number;
  crc: number;
  /** Where the compressed bytes are: yauzl checks they lie inside the file. */
  start: number;
  end: number;
}

/** Compressed bytes inflated per step: deflate expands at most ~1032×, so a step makes ≤ ~4 MiB. */
const INFLATE_STEP = 4 * 1024;

/** One of yauzl's callbacks as a promise. */
const promised = <T>(start: (done: (error: Error | null, value: T) => void) => void) =>
  new Promise<T>((resolve, reject) => start((error, value) => (error ? reject(error) : resolve(value))));

/**
 * An uploaded zip: its directory read by yauzl (every record and local header checked against the
 * file, sizes validated), then entries inflated on demand in small steps with fflate, counting the
 * bytes really produced: the sizes the file claims are never used to decide how much to unpack.
 * Anything inconsistent is `bad_file`; more than the limits is `file_too_large`, raised the step
 * the limit is crossed.
 */
export class ZipReader {
  /** Bytes inflated so far, all entries together. */
  inflated = 0;

  private constructor(
    private readonly zip: Buffer,
    private readonly entries: ReadonlyMap<string, DirectoryEntry>,
    private readonly limits: { total: number; entry: number },
  ) {}

  static async open(
    zip: Buffer,
    limits = { total: FILE_LIMITS.inflatedBytes, entry: FILE_LIMITS.entryBytes },
  ): Promise<ZipReader> {
    const entries = new Map<string, DirectoryEntry>();
    let file: yauzl.ZipFile | undefined;
    try {
      file = await yauzl.fromBufferPromise(zip, {
        lazyEntries: true,
        validateEntrySizes: true,
        strictFileNames: false,
      });
      if (file.entryCount > FILE_LIMITS.zipEntries) throw badFile();
      const directory = file;
      for (;;) {
        const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
          directory
            .once('entry', resolve)
            .once('end', () => resolve(null))
            .once('error', reject);
          directory.readEntry();
        });
        directory.removeAllListeners();
        if (!entry) break;
        const method = entry.compressionMethod;
        // Encrypted entries and other methods have no place in an upload; a name twice is a trick.
        if (entry.isEncrypted() || (method !== 0 && method !== 8) || entries.has(entry.fileName))
          throw badFile();
        const header = await promised<yauzl.LocalFileHeader>((done) =>
          directory.readLocalFileHeader(entry, { minimal: true }, done),
        );
        const start = header.fileDataStart;
        entries.set(entry.fileName, { method, crc: entry.crc32, start, end: start + entry.compressedSize });
      }
    } catch (error) {
      throw error instanceof TableFileError ? error : badFile();
    } finally {
      file?.close();
    }
    return new ZipReader(zip, entries, limits);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }
  /**
   * Unpacks one entry, handing its bytes to `take` as they come and yielding after every step so
   * the caller can let other work in. Checks the CRC at the end. `limit` lowers the entry's limit.
   */
  *inflate(name: string, take: (bytes: Uint8Array) => void, limit = this.limits.entry): Generator<void> {
    const entry = this.entries.get(name);
    if (!entry) throw badFile();
    let size = 0;
    let crc = 0;
    const count = (bytes: Uint8Array) => {
      size += bytes.length;
      this.inflated += bytes.length;
      if (size > limit || this.inflated > this.limits.total) {
        const max = (size > limit ? limit : this.limits.total) / 1024 / 1024;
        throw new TableFileError('file_too_large', { max }, this.inflated);
      }
      crc = zlib.crc32(bytes, crc);
      take(bytes);
    };
    const data = this.zip.subarray(entry.start, entry.end);
    if (entry.method === 0) {
      for (let at = 0; at < data.length; at += INFLATE_STEP * 64) {
        count(data.subarray(at, at + INFLATE_STEP * 64));
        yield;
      }
    } else {
      const inflater = new Inflate((bytes) => bytes.length && count(bytes));
      try {
        for (let at = 0; at < data.length; at += INFLATE_STEP) {
          inflater.push(data.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= data.length);
          yield;
        }
        if (data.length === 0) inflater.push(new Uint8Array(0), true);
      } catch (error) {
        // fflate's own complaints (truncated or corrupt data) are a bad file; our limit passes through.
        throw error instanceof TableFileError ? error : badFile();
      }
    }
    // A truncated or altered entry (fflate's streaming inflate stops quietly at the end of input).
    if (crc >>> 0 !== entry.crc) throw badFile();
  }
}
