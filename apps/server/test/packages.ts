import { build as buildXmlPlist, buildBinary as buildBinaryPlist } from 'plist';
import { zipStream, type ZipEntry } from '../src/lib/zip.ts';

/**
 * Small installation packages built in the test, as the build tools lay them out: an APK with a
 * binary AndroidManifest.xml (Android's binary XML, written here from its chunk format), an IPA
 * with an Info.plist (binary or XML), a HarmonyOS HAP with module.json. Zipped with the console's
 * own zip writer (real sizes and CRCs).
 */

/** A zip of these files; `level` 0 for bulk that does not compress (quick on a busy machine). */
export async function zipOfFiles(
  files: Record<string, Buffer | string>,
  level: ZipEntry['level'] = 6,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const entries = Object.entries(files).map(([name, data]) => ({
    name,
    data: Buffer.isBuffer(data) ? data : Buffer.from(data),
    level,
  }));
  for await (const chunk of zipStream(entries)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const ANDROID_NS = 'http://schemas.android.com/apk/res/android';
const TYPE_STRING = 0x03;
const TYPE_INT_DEC = 0x10;

function chunk(type: number, headerSize: number, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(headerSize, 2);
  head.writeUInt32LE(8 + body.length, 4);
  return Buffer.concat([head, body]);
}

/** A UTF-16 string pool (index 0 left empty: the format reads reference 0 as none). */
function stringPool(strings: string[]): Buffer {
  const data = strings.map((s) => {
    const b = Buffer.alloc(2 + s.length * 2 + 2);
    b.writeUInt16LE(s.length, 0);
    b.write(s, 2, 'utf16le');
    return b;
  });
  const offsets = Buffer.alloc(strings.length * 4);
  let at = 0;
  data.forEach((d, i) => {
    offsets.writeUInt32LE(at, i * 4);
    at += d.length;
  });
  let strData = Buffer.concat(data);
  if (strData.length % 4) strData = Buffer.concat([strData, Buffer.alloc(4 - (strData.length % 4))]);
  const header = Buffer.alloc(20);
  header.writeUInt32LE(strings.length, 0);
  header.writeUInt32LE(0, 4);
  header.writeUInt32LE(0, 8); // UTF-16
  header.writeUInt32LE(28 + offsets.length, 12);
  header.writeUInt32LE(0, 16);
  return chunk(0x0001, 28, Buffer.concat([header, offsets, strData]));
}

type Attr = { name: string; string?: string; int?: number };

/** An Android binary XML document of nested elements with android: attributes. */
export function binaryXml(elements: { name: string; attrs: Attr[]; children?: number }[]): Buffer {
  const strings = ['', ANDROID_NS, 'android'];
  const ref = (s: string) => {
    let i = strings.indexOf(s);
    if (i < 0) i = strings.push(s) - 1;
    return i;
  };
  for (const e of elements) {
    ref(e.name);
    for (const a of e.attrs) {
      ref(a.name);
      if (a.string !== undefined) ref(a.string);
    }
  }
  const nsBody = () => {
    const b = Buffer.alloc(16);
    b.writeUInt32LE(1, 0);
    b.writeInt32LE(-1, 4);
    b.writeInt32LE(2, 8);
    b.writeInt32LE(1, 12);
    return b;
  };
  const body: Buffer[] = [stringPool(strings), chunk(0x0100, 16, nsBody())];
  for (const e of elements) {
    const head = Buffer.alloc(8 + 20);
    head.writeUInt32LE(1, 0);
    head.writeInt32LE(-1, 4);
    head.writeInt32LE(-1, 8);
    head.writeInt32LE(ref(e.name), 12);
    head.writeUInt16LE(20, 16);
    head.writeUInt16LE(20, 18);
    head.writeUInt16LE(e.attrs.length, 20);
    const attrs = e.attrs.map((a) => {
      const b = Buffer.alloc(20);
      const isPackage = a.name === 'package';
      b.writeInt32LE(isPackage ? -1 : 1, 0);
      b.writeInt32LE(ref(a.name), 4);
      b.writeInt32LE(a.string !== undefined ? ref(a.string) : -1, 8);
      b.writeUInt16LE(8, 12);
      b.writeUInt8(0, 14);
      b.writeUInt8(a.string !== undefined ? TYPE_STRING : TYPE_INT_DEC, 15);
      b.writeInt32LE(a.string !== undefined ? ref(a.string) : a.int!, 16);
      return b;
    });
    body.push(chunk(0x0102, 16, Buffer.concat([head, ...attrs])));
  }
  for (const e of [...elements].reverse()) {
    const b = Buffer.alloc(16);
    b.writeUInt32LE(1, 0);
    b.writeInt32LE(-1, 4);
    b.writeInt32LE(-1, 8);
    b.writeInt32LE(ref(e.name), 12);
    body.push(chunk(0x0103, 16, b));
  }
  body.push(chunk(0x0101, 16, nsBody()));
  // The string pool was built before the elements' chunks referenced new strings: rebuild it.
  body[0] = stringPool(strings);
  return chunk(0x0003, 8, Buffer.concat(body));
}

export interface AndroidFacts {
  package: string;
  versionCode: number;
  versionName: string;
  minSdk: number;
}

/** The binary AndroidManifest.xml of an app (elements nested: manifest > uses-sdk). */
export const androidManifest = (facts: AndroidFacts): Buffer =>
  binaryXml([
    {
      name: 'manifest',
      attrs: [
        { name: 'versionCode', int: facts.versionCode },
        { name: 'versionName', string: facts.versionName },
        { name: 'package', string: facts.package },
      ],
    },
    { name: 'uses-sdk', attrs: [{ name: 'minSdkVersion', int: facts.minSdk }] },
  ]);

export const DEFAULT_APK: AndroidFacts = {
  package: 'com.ruixue.xianxia',
  versionCode: 1,
  versionName: '1.0.0',
  minSdk: 24,
};

/** An APK: its manifest, code and resources. */
export const apkOf = (facts: Partial<AndroidFacts> = {}): Promise<Buffer> =>
  zipOfFiles({
    'AndroidManifest.xml': androidManifest({ ...DEFAULT_APK, ...facts }),
    'classes.dex': Buffer.from('dex\n035\0fake code'),
    'resources.arsc': Buffer.alloc(64, 1),
  });

export interface IosFacts {
  CFBundleIdentifier: string;
  CFBundleShortVersionString: string;
  CFBundleVersion: string;
  MinimumOSVersion: string;
}

export const DEFAULT_IPA: IosFacts = {
  CFBundleIdentifier: 'com.ruixue.xianxia',
  CFBundleShortVersionString: '1.0.0',
  CFBundleVersion: '1',
  MinimumOSVersion: '13.0',
};

/** An IPA: Payload/<app>.app with its Info.plist (binary as Xcode writes it, or XML). */
export const ipaOf = (
  facts: Partial<IosFacts> = {},
  format: 'binary' | 'xml' = 'binary',
): Promise<Buffer> => {
  const info = { CFBundleName: 'Xianxia', ...DEFAULT_IPA, ...facts };
  const plist = format === 'binary' ? Buffer.from(buildBinaryPlist(info)) : buildXmlPlist(info);
  return zipOfFiles({ 'Payload/Xianxia.app/Info.plist': plist, 'Payload/Xianxia.app/Xianxia': 'binary' });
};

// ---- An App Bundle: its manifest in aapt2's protobuf XML (Resources.proto, `aapt.pb.XmlNode`),
// written here byte by byte from the wire format (varints and length-delimited fields), not with the
// decoder the server uses.

const varint = (value: number): Buffer => {
  const bytes: number[] = [];
  let v = value >>> 0;
  while (v > 0x7f) {
    bytes.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  bytes.push(v);
  return Buffer.from(bytes);
};
/** A length-delimited field (wire type 2): a string or an embedded message. */
const field = (id: number, data: Buffer | string): Buffer => {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
  return Buffer.concat([varint((id << 3) | 2), varint(bytes.length), bytes]);
};
/** A varint field (wire type 0). */
const number = (id: number, value: number): Buffer => Buffer.concat([varint(id << 3), varint(value)]);

const RESOURCE_IDS: Record<string, number> = {
  versionCode: 0x0101021b,
  versionName: 0x0101021c,
  minSdkVersion: 0x0101020c,
};

/**
 * An attribute as bundletool's aapt2 writes it: namespace, name, text value, resource id, and for an
 * integer the compiled item (Item.prim.int_decimal_value); `textless` leaves only the compiled value.
 */
function pbAttribute(name: string, value: string | number, textless = false): Buffer {
  const android = name !== 'package';
  const parts = [
    ...(android ? [field(1, ANDROID_NS)] : []),
    field(2, name),
    ...(textless && typeof value === 'number' ? [] : [field(3, String(value))]),
    ...(android && RESOURCE_IDS[name] ? [number(5, RESOURCE_IDS[name])] : []),
    ...(typeof value === 'number' ? [field(6, field(7, number(6, value)))] : []),
  ];
  return Buffer.concat(parts);
}

/** An XmlNode holding an element (field 1): namespace declarations, name, attributes, children, source line. */
function pbElement(
  name: string,
  attributes: Buffer[],
  children: Buffer[] = [],
  declareAndroid = false,
): Buffer {
  const element = Buffer.concat([
    ...(declareAndroid ? [field(1, Buffer.concat([field(1, 'android'), field(2, ANDROID_NS)]))] : []),
    field(3, name),
    ...attributes.map((a) => field(4, a)),
    ...children.map((c) => field(5, c)),
  ]);
  // XmlNode: element (1), source position (3: line 1).
  return Buffer.concat([field(1, element), field(3, number(1, 1))]);
}

/** The protobuf AndroidManifest.xml of an App Bundle's base module. */
export const bundleManifest = (facts: AndroidFacts, options: { textless?: boolean } = {}): Buffer =>
  pbElement(
    'manifest',
    [
      pbAttribute('versionCode', facts.versionCode, options.textless),
      pbAttribute('versionName', facts.versionName),
      pbAttribute('package', facts.package),
    ],
    [
      pbElement('uses-sdk', [pbAttribute('minSdkVersion', facts.minSdk, options.textless)]),
      pbElement('application', [field(2, 'label')]),
    ],
    true,
  );

/** An AAB laid out as bundletool builds it: the base module's manifest, dex and resources, the bundle config. */
export const aabOf = (
  facts: Partial<AndroidFacts> = {},
  options: { textless?: boolean } = {},
): Promise<Buffer> =>
  zipOfFiles({
    'BundleConfig.pb': Buffer.concat([field(1, field(1, '1.18.1'))]),
    'base/manifest/AndroidManifest.xml': bundleManifest({ ...DEFAULT_APK, ...facts }, options),
    'base/dex/classes.dex': Buffer.from('dex\n035\0fake code'),
    'base/resources.pb': Buffer.alloc(64, 0),
  });
