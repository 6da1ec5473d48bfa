import zlib from 'node:zlib';
import { Inflate, Zip, ZipDeflate } from 'fflate';
import { badFile, FILE_LIMITS, TableFileError } from './file-limits.ts';

/**
 * Zip for XLSX: writing through fflate's streaming writer, and a reader for uploaded files that
 * trusts nothing the file says about sizes (it inflates with fflate, counting what really comes out).
 */

export interface ZipEntry {
  name: string;
  data: Buffer | AsyncIterable<Buffer>;
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
    const file = new ZipDeflate(entry.name, { level: 6 });
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
  /** Where the compressed bytes are, checked to lie inside the file. */
  start: number;
  end: number;
}

/** Compressed bytes inflated per step: deflate expands at most ~1032×, so a step makes ≤ ~4 MiB. */
const INFLATE_STEP = 4 * 1024;

/**
 * The central directory of an uploaded zip, every offset checked against the file, and entries
 * inflated on demand in small steps, counting the bytes really produced: the sizes the file
 * claims are never used to decide how much to unpack. Anything inconsistent is `bad_file`; more
 * than the limits is `file_too_large`, raised the step the limit is crossed.
 */
export class ZipReader {
  private readonly entries = new Map<string, DirectoryEntry>();
  /** Bytes inflated so far, all entries together. */
  inflated = 0;

  constructor(
    private readonly zip: Buffer,
    private readonly limits = { total: FILE_LIMITS.inflatedBytes, entry: FILE_LIMITS.entryBytes },
  ) {
    const u16 = (at: number) => (at + 2 <= zip.length ? zip.readUInt16LE(at) : fail());
    const u32 = (at: number) => (at >= 0 && at + 4 <= zip.length ? zip.readUInt32LE(at) : fail());
    const fail = (): never => {
      throw badFile();
    };
    let end = -1;
    for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
      if (zip.readUInt32LE(i) === 0x06054b50) {
        end = i;
        break;
      }
    }
    if (end < 0) fail();
    const count = u16(end + 10);
    if (count > FILE_LIMITS.zipEntries) fail();
    let at = u32(end + 16);
    for (let n = 0; n < count; n++) {
      if (u32(at) !== 0x02014b50) fail();
      const flags = u16(at + 8);
      const method = u16(at + 10);
      const compressed = u32(at + 20);
      const nameLength = u16(at + 28);
      const skip = nameLength + u16(at + 30) + u16(at + 32);
      const localAt = u32(at + 42);
      if (at + 46 + skip > zip.length) fail();
      const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
      // Encrypted entries, other methods and zip64 (sizes of 0xFFFFFFFF) have no place in an upload.
      if (flags & 1 || (method !== 0 && method !== 8) || compressed === 0xffffffff) fail();
      if (u32(localAt) !== 0x04034b50 || this.entries.has(name)) fail();
      const start = localAt + 30 + u16(localAt + 26) + u16(localAt + 28);
      if (start + compressed > zip.length) fail();
      this.entries.set(name, { method, crc: u32(at + 16), start, end: start + compressed });
      at += 46 + skip;
    }
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
