import { createRequire } from 'node:module';
import { PassThrough, Readable } from 'node:stream';
import yauzl from 'yauzl';
import protobuf from 'protobufjs/light.js';
import { parse as parseXmlPlist, parseBinary as parseBinaryPlist } from 'plist';
import {
  PACKAGE_KINDS,
  type AppPlatform,
  type PackageKind,
  type PackageManifest,
  type ValidationKey,
} from '@rx/contracts';
import type { ByteRange } from '../files/index.ts';

/**
 * What an uploaded package holds and says about itself. Its zip is read with yauzl over ranged
 * reads of the stored file (the central directory at its end, then one entry): a 200 MB APK is not
 * read through. Only the manifest is inflated — an APK's binary `AndroidManifest.xml` (read with
 * DeviceFarmer's adbkit-apkreader parser), an AAB's protobuf `base/manifest/AndroidManifest.xml`
 * (aapt2's `XmlNode`, decoded with protobufjs), an IPA's `Info.plist` (binary with bplist-parser, XML
 * with plist), a HarmonyOS package's `module.json`/`pack.info` (JSON) — and never more than
 * `PACKAGE_READ_LIMITS.manifestBytes`: yauzl checks the bytes really inflated against the sizes
 * the directory claims, so a zip bomb or a lying header is refused.
 */

export const PACKAGE_READ_LIMITS = {
  /** Entries in the central directory (a large game has tens of thousands of assets). */
  entries: 100_000,
  /** Bytes of the manifest once inflated (a real one is a few kilobytes). */
  manifestBytes: 2 * 1024 * 1024,
} as const;

/** The kind a file name says. */
export function kindOfName(name: string): PackageKind | undefined {
  const lower = name.toLowerCase();
  return PACKAGE_KINDS.find((kind) => lower.endsWith(`.${kind}`));
}

type Rule = 'apk' | 'aab' | 'ipa' | 'harmony' | 'zip';

/** The entry a kind of package must hold (a test on the names), and how the message names it. */
const REQUIRED: Record<Rule, { entry: string; test: (name: string) => boolean }> = {
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

const ruleOf = (kind: PackageKind, platform: AppPlatform): Rule =>
  kind === 'zip' && platform === 'harmony' ? 'harmony' : kind;

/**
 * The missing entry of a package, by its kind and platform, or null when it holds what it must.
 * `names` is null when the zip's directory cannot be read (then it is not what it says either).
 */
export function missingEntry(
  kind: PackageKind,
  platform: AppPlatform,
  names: Iterable<string> | null,
): string | null {
  const rule = REQUIRED[ruleOf(kind, platform)];
  if (!names) return rule.entry;
  for (const name of names) if (rule.test(name)) return null;
  return rule.entry;
}

/** Why a package is refused: a translated message key and its parameters. */
export class PackageRefusal extends Error {
  constructor(
    readonly key: ValidationKey,
    readonly params: Record<string, string | number>,
  ) {
    super(key);
  }
}

/** Reads a stored file by ranges (yauzl asks for the directory, then each local header and entry). */
export type RangeSource = (range: ByteRange) => Promise<Readable | null>;

/** Bytes of a block of the cache the directory is read through (yauzl reads it a record at a time). */
const BLOCK = 256 * 1024;
/** Blocks kept: a directory of 100,000 entries (~10 MB) is fetched once. */
const BLOCKS_KEPT = 64;

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * yauzl's random access over ranged reads of the store: the small reads (the directory's records,
 * local headers) through a cache of blocks, so a directory costs a few reads however many entries
 * it has; an entry's data as one ranged stream.
 */
class StoreReader extends yauzl.RandomAccessReader {
  private readonly blocks = new Map<number, Promise<Buffer>>();
  constructor(
    private readonly source: RangeSource,
    private readonly size: number,
  ) {
    super();
  }
  private block(index: number): Promise<Buffer> {
    let block = this.blocks.get(index);
    if (!block) {
      const start = index * BLOCK;
      block = this.source({ start, end: Math.min(start + BLOCK, this.size) }).then((stream) => {
        if (!stream) throw new Error('the stored file is gone');
        return collect(stream);
      });
      this.blocks.set(index, block);
      if (this.blocks.size > BLOCKS_KEPT) this.blocks.delete(this.blocks.keys().next().value!);
    }
    return block;
  }
  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null) => void,
  ): void {
    void (async () => {
      let done = 0;
      while (done < length) {
        const at = position + done;
        const block = await this.block(Math.floor(at / BLOCK));
        const from = at % BLOCK;
        const copied = block.copy(buffer, offset + done, from, Math.min(block.length, from + length - done));
        if (copied === 0) throw new Error('unexpected end of the stored file');
        done += copied;
      }
    })().then(
      () => callback(null),
      (error: unknown) => callback(error as Error),
    );
  }
  override _readStreamForRange(start: number, end: number): Readable {
    if (end <= start) return Readable.from([]);
    const out = new PassThrough();
    this.source({ start, end }).then(
      (stream) => {
        if (!stream) out.destroy(new Error('the stored file is gone'));
        else stream.on('error', (error) => out.destroy(error)).pipe(out);
      },
      (error: unknown) => out.destroy(error as Error),
    );
    return out;
  }
}

/** The manifest's entry for each kind the server reads one of (the first name that passes). */
const MANIFEST: Partial<Record<Rule, (name: string) => boolean>> = {
  apk: REQUIRED.apk.test,
  aab: REQUIRED.aab.test,
  ipa: REQUIRED.ipa.test,
  harmony: (name) => name === 'module.json' || name === 'pack.info',
};

/** Inflates one entry, refusing it past the limit whatever its header claims. */
async function inflate(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  limit: number,
  tooLarge: () => PackageRefusal,
): Promise<Buffer> {
  if (entry.uncompressedSize > limit) throw tooLarge();
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

// The binary XML parser of DeviceFarmer's APK reader (CommonJS, no types).
const require = createRequire(import.meta.url);
type XmlAttribute = { name: string; typedValue: { value: unknown } };
type XmlNode = { nodeName: string; attributes: XmlAttribute[]; childNodes: XmlNode[] };
const BinaryXmlParser = require('@devicefarmer/adbkit-apkreader/lib/apkreader/parser/binaryxml') as new (
  buffer: Buffer,
) => { parse(): XmlNode | null };

/**
 * Walks the chunks of an Android binary XML before the parser does: each one must be at least a
 * chunk header long and end inside the file (the parser would loop forever on a chunk of size 0).
 */
function checkChunks(xml: Buffer): boolean {
  if (xml.length < 8 || xml.readUInt16LE(0) !== 0x0003 || xml.readUInt16LE(2) !== 8) return false;
  let at = 8;
  while (at < xml.length) {
    if (at + 8 > xml.length) return false;
    const headerSize = xml.readUInt16LE(at + 2);
    const size = xml.readUInt32LE(at + 4);
    if (headerSize < 8 || size < headerSize || at + size > xml.length) return false;
    at += size;
  }
  return true;
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const codeOf = (build: string) =>
  /^\d{1,10}$/.test(build) && Number(build) <= 2_147_483_647 ? Number(build) : null;

function androidManifest(xml: Buffer): PackageManifest | null {
  if (!checkChunks(xml)) return null;
  const root = new BinaryXmlParser(xml).parse();
  if (!root || root.nodeName !== 'manifest') return null;
  const attrs = (node: XmlNode | undefined) =>
    new Map((node?.attributes ?? []).map((a) => [a.name, a.typedValue?.value]));
  const manifest = attrs(root);
  const sdk = attrs(root.childNodes.find((node) => node.nodeName === 'uses-sdk'));
  const app_id = text(manifest.get('package'));
  if (!app_id) return null;
  const build = text(manifest.get('versionCode'));
  return {
    app_id,
    version_name: text(manifest.get('versionName')),
    build,
    version_code: codeOf(build),
    min_os: text(sdk.get('minSdkVersion')),
  };
}

/**
 * The part of aapt2's `Resources.proto` (package `aapt.pb`) an App Bundle's manifest is written in:
 * an `XmlNode` is an element or a text; an element has a name, attributes and child nodes; an
 * attribute has its text value and, compiled, an `Item` whose `Primitive` holds an integer. Fields
 * left out here (namespaces, source positions, other item kinds) are skipped by the decoder.
 */
const AAPT = protobuf.Root.fromJSON({
  nested: {
    XmlNode: {
      oneofs: { node: { oneof: ['element', 'text'] } },
      fields: { element: { type: 'XmlElement', id: 1 }, text: { type: 'string', id: 2 } },
    },
    XmlElement: {
      fields: {
        namespaceUri: { type: 'string', id: 2 },
        name: { type: 'string', id: 3 },
        attribute: { rule: 'repeated', type: 'XmlAttribute', id: 4 },
        child: { rule: 'repeated', type: 'XmlNode', id: 5 },
      },
    },
    XmlAttribute: {
      fields: {
        namespaceUri: { type: 'string', id: 1 },
        name: { type: 'string', id: 2 },
        value: { type: 'string', id: 3 },
        resourceId: { type: 'uint32', id: 5 },
        compiledItem: { type: 'Item', id: 6 },
      },
    },
    Item: { fields: { prim: { type: 'Primitive', id: 7 } } },
    Primitive: {
      fields: {
        intDecimalValue: { type: 'int32', id: 6 },
        intHexadecimalValue: { type: 'uint32', id: 7 },
      },
    },
  },
});
const XmlNodeType = AAPT.lookupType('XmlNode');
type PbAttribute = {
  name?: string;
  value?: string;
  compiledItem?: { prim?: { intDecimalValue?: number; intHexadecimalValue?: number } } | null;
};
type PbElement = { name?: string; attribute?: PbAttribute[]; child?: { element?: PbElement | null }[] };

/** An attribute's text, else its compiled integer (a build tool may leave only the compiled value). */
function pbValue(attribute: PbAttribute | undefined): string {
  if (!attribute) return '';
  if (attribute.value) return attribute.value;
  const prim = attribute.compiledItem?.prim;
  const number = prim?.intDecimalValue ?? prim?.intHexadecimalValue;
  return number === undefined || number === null ? '' : String(number);
}

/** An AAB's manifest: the same facts as an APK's, from aapt2's protobuf XML. */
function bundleManifest(data: Buffer): PackageManifest | null {
  const root = (XmlNodeType.decode(data) as unknown as { element?: PbElement | null }).element;
  if (!root || root.name !== 'manifest') return null;
  const attrs = (element: PbElement | undefined | null) =>
    new Map((element?.attribute ?? []).map((a) => [a.name ?? '', a]));
  const manifest = attrs(root);
  const sdk = attrs((root.child ?? []).map((node) => node.element).find((e) => e?.name === 'uses-sdk'));
  const app_id = pbValue(manifest.get('package'));
  if (!app_id) return null;
  const build = pbValue(manifest.get('versionCode'));
  return {
    app_id,
    version_name: pbValue(manifest.get('versionName')),
    build,
    version_code: codeOf(build),
    min_os: pbValue(sdk.get('minSdkVersion')),
  };
}

/** Values a plist may unfold to (an Info.plist has a few hundred). */
const PLIST_VALUES = 100_000;

/**
 * Whether a binary plist unfolds to at most `PLIST_VALUES` values with no cycle. Its objects
 * refer to each other by index, so a few kilobytes can name one array from another a million times
 * over (the parser would expand every path): the sizes are added up over the references first.
 */
function binaryPlistBounded(data: Buffer): boolean {
  const len = data.length;
  if (len < 40) return false;
  const trailer = len - 32;
  const offsetSize = data[trailer + 6]!;
  const refSize = data[trailer + 7]!;
  const count = Number(data.readBigUInt64BE(trailer + 8));
  const top = Number(data.readBigUInt64BE(trailer + 16));
  const table = Number(data.readBigUInt64BE(trailer + 24));
  if (![1, 2, 4, 8].includes(offsetSize) || ![1, 2, 4, 8].includes(refSize)) return false;
  if (count > len || top >= count || table + count * offsetSize > trailer) return false;
  const uint = (at: number, size: number) => {
    if (at + size > len) throw new RangeError('outside the plist');
    return size === 8 ? Number(data.readBigUInt64BE(at)) : data.readUIntBE(at, size);
  };
  const sizes = new Map<number, number>();
  const visiting = new Set<number>();
  const unfold = (index: number): number => {
    const known = sizes.get(index);
    if (known !== undefined) return known;
    if (index >= count || visiting.has(index)) return Infinity;
    visiting.add(index);
    let at = uint(table + index * offsetSize, offsetSize);
    const marker = uint(at++, 1);
    const type = marker >> 4;
    let size = marker & 0x0f;
    let total = 1;
    if (type === 0xa || type === 0xc || type === 0xd) {
      if (size === 0x0f) {
        const width = 1 << (uint(at++, 1) & 0x0f);
        size = uint(at, width);
        at += width;
      }
      const refs = type === 0xd ? size * 2 : size;
      for (let i = 0; i < refs && total <= PLIST_VALUES; i++)
        total += unfold(uint(at + i * refSize, refSize));
    }
    visiting.delete(index);
    sizes.set(index, total);
    return total;
  };
  return unfold(top) <= PLIST_VALUES;
}

function iosManifest(data: Buffer): PackageManifest | null {
  const binary = data.subarray(0, 8).toString('latin1') === 'bplist00';
  if (binary && !binaryPlistBounded(data)) return null;
  const dict: unknown = binary ? parseBinaryPlist(data) : parseXmlPlist(data.toString('utf8'));
  if (!dict || typeof dict !== 'object' || Array.isArray(dict)) return null;
  const info = dict as Record<string, unknown>;
  const app_id = text(info.CFBundleIdentifier);
  if (!app_id) return null;
  const build = text(info.CFBundleVersion);
  return {
    app_id,
    version_name: text(info.CFBundleShortVersionString),
    build,
    version_code: codeOf(build),
    min_os: text(info.MinimumOSVersion),
  };
}

/** A HAP's module.json (`app` block) or an app bundle's pack.info (`summary.app`). */
function harmonyManifest(data: Buffer): PackageManifest | null {
  const json = JSON.parse(data.toString('utf8')) as {
    app?: { bundleName?: unknown; versionCode?: unknown; versionName?: unknown; minAPIVersion?: unknown };
    summary?: { app?: { bundleName?: unknown; version?: { code?: unknown; name?: unknown } } };
  };
  const app = json.app;
  const summary = json.summary?.app;
  const app_id = text(app?.bundleName ?? summary?.bundleName);
  if (!app_id) return null;
  const build = text(app?.versionCode ?? summary?.version?.code);
  return {
    app_id,
    version_name: text(app?.versionName ?? summary?.version?.name),
    build,
    version_code: codeOf(build),
    min_os: text(app?.minAPIVersion),
  };
}

const PARSERS: Partial<Record<Rule, (data: Buffer) => PackageManifest | null>> = {
  apk: androidManifest,
  aab: bundleManifest,
  ipa: iosManifest,
  harmony: harmonyManifest,
};

/**
 * Reads a stored package of `size` bytes: refuses it (`PackageRefusal`) when it is not a zip,
 * lacks what its kind holds, or its manifest cannot be read; answers what its manifest says (null
 * for kinds whose manifest is not read here: a PC zip).
 */
export async function readPackage(
  source: RangeSource,
  size: number,
  kind: PackageKind,
  platform: AppPlatform,
  limits: { entries: number; manifestBytes: number } = PACKAGE_READ_LIMITS,
): Promise<PackageManifest | null> {
  const rule = ruleOf(kind, platform);
  const tooLarge = () =>
    new PackageRefusal('package_too_large_inside', { entries: limits.entries, bytes: limits.manifestBytes });
  const missing = () =>
    new PackageRefusal('package_not_what_named', { kind: kind.toUpperCase(), entry: REQUIRED[rule].entry });
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromRandomAccessReaderPromise(new StoreReader(source, size), size, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch {
    throw missing();
  }
  try {
    if (zip.entryCount > limits.entries) throw tooLarge();
    const isManifest = MANIFEST[rule];
    let found = false;
    let manifestEntry: yauzl.Entry | undefined;
    try {
      for await (const entry of zip.eachEntry()) {
        if (!found && REQUIRED[rule].test(entry.fileName)) found = true;
        if (!manifestEntry && isManifest?.(entry.fileName)) manifestEntry = entry;
        if (found && (manifestEntry || !isManifest)) break;
      }
    } catch {
      throw missing();
    }
    if (!found) throw missing();
    const parse = PARSERS[rule];
    if (!parse || !manifestEntry) return null;
    const unreadable = () =>
      new PackageRefusal('package_manifest_unreadable', {
        kind: kind.toUpperCase(),
        entry: manifestEntry!.fileName,
      });
    let data: Buffer;
    try {
      data = await inflate(zip, manifestEntry, limits.manifestBytes, tooLarge);
    } catch (error) {
      if (error instanceof PackageRefusal) throw error;
      // A size that is not the claimed one (a zip bomb), a bad CRC, an encrypted entry.
      throw unreadable();
    }
    let manifest: PackageManifest | null;
    try {
      manifest = parse(data);
    } catch {
      manifest = null;
    }
    if (!manifest) throw unreadable();
    return manifest;
  } finally {
    zip.close();
  }
}
