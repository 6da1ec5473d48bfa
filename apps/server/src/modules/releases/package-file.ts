import type { Readable } from 'node:stream';
import { PACKAGE_KINDS, type AppPlatform, type PackageKind } from '@rx/contracts';
import { FILE_LIMITS } from '../../lib/file-limits.ts';

/**
 * What an uploaded package holds, read from its zip central directory. The upload already checked
 * that the file is a zip within the package size limit; here its entry names say whether it is
 * what its name claims (an APK holds its manifest, an IPA its app's Info.plist…).
 *
 * The file is streamed once (from disk or S3) keeping only its last bytes: the central directory
 * sits at the end of a zip. Nothing is inflated and nothing the file claims about sizes is trusted
 * beyond checking it against the real length.
 */

/** Bytes kept from the end of the file: the central directory of any real package fits (thousands of entries). */
const TAIL_BYTES = 8 * 1024 * 1024;

/** The kind a file name says. */
export function kindOfName(name: string): PackageKind | undefined {
  const lower = name.toLowerCase();
  return PACKAGE_KINDS.find((kind) => lower.endsWith(`.${kind}`));
}

/** The entry a kind of package must hold (a test on the names), and how the message names it. */
const REQUIRED: Record<PackageKind | 'harmony', { entry: string; test: (name: string) => boolean }> = {
  apk: { entry: 'AndroidManifest.xml', test: (name) => name === 'AndroidManifest.xml' },
  aab: {
    entry: 'base/manifest/AndroidManifest.xml',
    test: (name) => name === 'base/manifest/AndroidManifest.xml',
  },
  ipa: {
    entry: 'Payload/<app>.app/Info.plist',
    test: (name) => /^Payload\/[^/]+\.app\/Info\.plist$/.test(name),
  },
  // A HarmonyOS app bundle (.app zipped) holds pack.info; a single HAP holds module.json.
  harmony: {
    entry: 'pack.info / module.json',
    test: (name) => name === 'pack.info' || name === 'module.json' || /\.hap$/.test(name),
  },
  zip: { entry: '…', test: (name) => !name.endsWith('/') },
};

/**
 * The missing entry of a package, by its kind and platform, or null when it holds what it must.
 * `names` is null when the zip's directory cannot be read (then it is not what it says either).
 */
export function missingEntry(
  kind: PackageKind,
  platform: AppPlatform,
  names: Set<string> | null,
): string | null {
  const rule = REQUIRED[kind === 'zip' && platform === 'harmony' ? 'harmony' : kind];
  if (!names) return rule.entry;
  for (const name of names) if (rule.test(name)) return null;
  return rule.entry;
}

/** Reads the stream through, keeping its last `TAIL_BYTES`. */
async function tailOf(stream: Readable): Promise<{ tail: Buffer; size: number }> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let size = 0;
  for await (const piece of stream) {
    const chunk = piece as Buffer;
    chunks.push(chunk);
    kept += chunk.length;
    size += chunk.length;
    while (chunks.length > 1 && kept - chunks[0]!.length >= TAIL_BYTES) kept -= chunks.shift()!.length;
  }
  const all = Buffer.concat(chunks);
  return { tail: all.subarray(Math.max(0, all.length - TAIL_BYTES)), size };
}

/**
 * The entry names of a zip from its central directory, every offset checked against the real
 * file; null when there is none to read (not a zip, zip64, a directory beyond the kept tail).
 */
export function entryNames(tail: Buffer, size: number): Set<string> | null {
  const base = size - tail.length;
  let end = -1;
  for (let i = tail.length - 22; i >= Math.max(0, tail.length - 22 - 0xffff); i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryAt = tail.readUInt32LE(end + 16);
  if (count > FILE_LIMITS.zipEntries * 10 || directoryAt === 0xffffffff) return null;
  if (directoryAt < base || directoryAt + directorySize > base + end) return null;
  const names = new Set<string>();
  let at = directoryAt - base;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || tail.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = tail.readUInt16LE(at + 28);
    const skip = nameLength + tail.readUInt16LE(at + 30) + tail.readUInt16LE(at + 32);
    if (at + 46 + skip > end) return null;
    names.add(tail.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + skip;
  }
  return names;
}

/** The entry names of a stored package (streamed through once). */
export async function packageEntryNames(stream: Readable): Promise<Set<string> | null> {
  const { tail, size } = await tailOf(stream);
  return entryNames(tail, size);
}
