import zlib from 'node:zlib';

/** Zips assembled by hand for the upload tests, so their headers can lie. */

export interface RawEntry {
  name: string;
  /** Raw deflate data. */
  data: Buffer;
  crc?: number;
}

const MiB = 1024 * 1024;

/** A zip of deflated entries whose headers claim 1,000 bytes unpacked each, whatever the truth. */
export function zipOf(entries: RawEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc ?? 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(1000, 22);
    local.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(e.crc ?? 0, 16);
    record.writeUInt32LE(e.data.length, 20);
    record.writeUInt32LE(1000, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    parts.push(local, name, e.data);
    central.push(record, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** The deflated entries of a zip our writer made (located through its central directory). */
export function entriesOf(zip: Buffer): RawEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  const entries: RawEntry[] = [];
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      data: zip.subarray(start, start + zip.readUInt32LE(at + 20)),
      crc: zip.readUInt32LE(at + 16),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** An entry holding `xml`, deflated, with its true CRC. */
export function xmlEntry(name: string, xml: string): RawEntry {
  return { name, data: zlib.deflateRawSync(xml), crc: zlib.crc32(xml) };
}

/**
 * Raw deflate data of `head`, `mib` MiB of spaces and `tail`, never holding the spaces: one
 * sync-flushed MiB of spaces is a self-contained run of blocks, repeated; then the tail, final.
 * About 1 KB per MiB.
 */
export function deflateBomb(head: string, mib: number, tail = ''): { data: Buffer; crc: number } {
  const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 9 };
  const spaces = Buffer.alloc(MiB, ' ');
  const oneMib = zlib.deflateRawSync(spaces, flush);
  let crc = zlib.crc32(head);
  for (let i = 0; i < mib; i++) crc = zlib.crc32(spaces, crc);
  return {
    data: Buffer.concat([
      zlib.deflateRawSync(head, flush),
      ...Array.from({ length: mib }, () => oneMib),
      zlib.deflateRawSync(tail),
    ]),
    crc: zlib.crc32(tail, crc),
  };
}
