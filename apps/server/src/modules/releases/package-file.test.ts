import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  aabOf,
  androidManifest,
  apkOf,
  bundleManifest,
  DEFAULT_APK,
  ipaOf,
  zipOfFiles,
} from '../../../test/packages.ts';
import { deflateBomb, xmlEntry, zipOf } from '../../../test/zips.ts';
import { PACKAGE_READ_LIMITS, PackageRefusal, readPackage } from './package-file.ts';

/** A stored file read by ranges, counting the bytes each read asks for. */
function source(bytes: Buffer) {
  const reads: number[] = [];
  return {
    reads,
    get: async ({ start, end }: { start: number; end: number }) => {
      reads.push(end - start);
      return Readable.from([bytes.subarray(start, end)]);
    },
  };
}

async function read(bytes: Buffer, kind: 'apk' | 'ipa' | 'zip' | 'aab', platform = 'android' as const) {
  const s = source(bytes);
  return readPackage(
    s.get,
    bytes.length,
    kind,
    kind === 'ipa' ? 'ios' : kind === 'zip' ? 'harmony' : platform,
  );
}

async function refusal(promise: Promise<unknown>): Promise<PackageRefusal> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PackageRefusal);
  return error as PackageRefusal;
}

/** A zip whose AndroidManifest.xml entry is these raw deflate bytes, its directory claiming `claimed` bytes unpacked. */
function zipClaiming(data: Buffer, crc: number, claimed: number): Buffer {
  const zip = zipOf([{ name: 'AndroidManifest.xml', data, crc }]);
  // zipOf writes 1,000 as the unpacked size in both headers: put the claimed size instead.
  zip.writeUInt32LE(claimed, 22);
  const central = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  zip.writeUInt32LE(claimed, central + 24);
  return zip;
}

describe('package metadata from the package itself', () => {
  it("reads an APK's binary manifest: package name, version code and name, min SDK", async () => {
    const apk = await apkOf({
      package: 'com.example.game',
      versionCode: 4021,
      versionName: '4.2.1',
      minSdk: 26,
    });
    expect(await read(apk, 'apk')).toEqual({
      app_id: 'com.example.game',
      version_name: '4.2.1',
      build: '4021',
      version_code: 4021,
      min_os: '26',
    });
  });

  it("reads an IPA's Info.plist, binary or XML: bundle id, short version, build", async () => {
    for (const format of ['binary', 'xml'] as const) {
      const ipa = await ipaOf(
        {
          CFBundleIdentifier: 'com.example.ios',
          CFBundleShortVersionString: '2.0',
          CFBundleVersion: '2.0.7',
        },
        format,
      );
      expect(await read(ipa, 'ipa')).toEqual({
        app_id: 'com.example.ios',
        version_name: '2.0',
        build: '2.0.7',
        // Not a whole number: it does not fill the build number.
        version_code: null,
        min_os: '13.0',
      });
    }
  });

  it("reads an AAB's protobuf manifest (aapt2's XmlNode): package name, version code and name, min SDK", async () => {
    const facts = { package: 'com.example.bundle', versionCode: 50_312, versionName: '5.3.12', minSdk: 28 };
    const expected = {
      app_id: 'com.example.bundle',
      version_name: '5.3.12',
      build: '50312',
      version_code: 50_312,
      min_os: '28',
    };
    expect(await read(await aabOf(facts), 'aab')).toEqual(expected);
    // Only the compiled integers (no text value): read from Item.prim.
    expect(await read(await aabOf(facts, { textless: true }), 'aab')).toEqual(expected);
    // The same limits as an APK's: a manifest past the byte limit is refused, not decoded.
    const aab = await aabOf(facts);
    const s = source(aab);
    expect(
      await refusal(readPackage(s.get, aab.length, 'aab', 'android', { entries: 10, manifestBytes: 20 })),
    ).toMatchObject({ key: 'package_too_large_inside', params: { bytes: 20 } });
    // Not a manifest, or not protobuf: unreadable.
    const damaged = async (manifest: Buffer) =>
      (await refusal(read(await zipOfFiles({ 'base/manifest/AndroidManifest.xml': manifest }), 'aab'))).key;
    expect(await damaged(Buffer.from([0x0a, 0x00]))).toBe('package_manifest_unreadable');
    expect(await damaged(Buffer.from([0x0a, 0xff, 0xff, 0xff, 0x0f, 0x01]))).toBe(
      'package_manifest_unreadable',
    );
    expect(await damaged(bundleManifest({ ...DEFAULT_APK, package: '' }))).toBe(
      'package_manifest_unreadable',
    );
    // An AAB without its base manifest is not what its name says.
    expect((await refusal(read(await apkOf(), 'aab'))).params).toMatchObject({
      entry: 'base/manifest/AndroidManifest.xml',
    });
  });

  it("reads a HarmonyOS package's module.json", async () => {
    const hap = await zipOfFiles({
      'module.json': JSON.stringify({
        app: { bundleName: 'com.example.harmony', versionCode: 12, versionName: '1.2', minAPIVersion: 9 },
      }),
    });
    expect(await read(hap, 'zip')).toEqual({
      app_id: 'com.example.harmony',
      version_name: '1.2',
      build: '12',
      version_code: 12,
      min_os: '9',
    });
  });

  it('reads the directory and the manifest only, not the whole package', async () => {
    const big = await zipOfFiles(
      {
        'AndroidManifest.xml': androidManifest(DEFAULT_APK),
        // 8 MB of noise that does not compress: the package's bulk, stored as it is.
        'assets/data.bin': randomBytes(8 * 1024 * 1024),
      },
      0,
    );
    const s = source(big);
    await readPackage(s.get, big.length, 'apk', 'android');
    const total = s.reads.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThan(big.length / 8);
  });

  it('refuses what is not what its name says', async () => {
    expect((await refusal(read(Buffer.from('not a zip at all, just text'), 'apk'))).key).toBe(
      'package_not_what_named',
    );
    const noManifest = await zipOfFiles({ 'classes.dex': 'x' });
    expect((await refusal(read(noManifest, 'apk'))).params).toMatchObject({ entry: 'AndroidManifest.xml' });
    expect((await refusal(read(await apkOf(), 'ipa'))).params.entry).toMatch(/Info\.plist/);
  });

  it('refuses a damaged manifest at once, even one whose chunk sizes would loop the parser', async () => {
    const garbage = await zipOfFiles({ 'AndroidManifest.xml': Buffer.alloc(300, 7) });
    expect((await refusal(read(garbage, 'apk'))).key).toBe('package_manifest_unreadable');
    // A chunk of size 0 after the header: the parser alone would read it forever.
    const looping = Buffer.alloc(24);
    looping.writeUInt16LE(0x0003, 0);
    looping.writeUInt16LE(8, 2);
    looping.writeUInt32LE(24, 4);
    // Were it read forever, the test's own time limit would fail it (no clock here: busy machines).
    const refused = await refusal(read(await zipOfFiles({ 'AndroidManifest.xml': looping }), 'apk'));
    expect(refused.key).toBe('package_manifest_unreadable');
    const badPlist = await zipOfFiles({ 'Payload/A.app/Info.plist': '<plist><dict><key>x' });
    expect((await refusal(read(badPlist, 'ipa'))).key).toBe('package_manifest_unreadable');
  });

  it('refuses a zip bomb: a manifest past the limit or larger than its header says is never inflated whole', async () => {
    const mib = 8;
    const bomb = deflateBomb('<manifest>', mib, '</manifest>');
    // Honest about its size: refused before inflating.
    const honest = zipClaiming(bomb.data, bomb.crc, mib * 1024 * 1024 + 21);
    expect((await refusal(read(honest, 'apk'))).key).toBe('package_too_large_inside');
    // Claiming 1,000 bytes: yauzl stops where the claim is passed.
    const lying = zipClaiming(bomb.data, bomb.crc, 1000);
    expect((await refusal(read(lying, 'apk'))).key).toBe('package_manifest_unreadable');
    // A header that lies the other way (fewer bytes than claimed) is refused too.
    const short = xmlEntry('AndroidManifest.xml', '<x/>');
    expect((await refusal(read(zipOf([short]), 'apk'))).key).toBe('package_manifest_unreadable');
    expect(PACKAGE_READ_LIMITS.manifestBytes).toBeLessThan(mib * 1024 * 1024);
  });

  it('refuses a directory of more entries than the limit, and a manifest past the limit', async () => {
    const apk = await apkOf();
    const s = source(apk);
    const refused = await refusal(
      readPackage(s.get, apk.length, 'apk', 'android', { entries: 2, manifestBytes: 1 << 20 }),
    );
    expect(refused).toMatchObject({ key: 'package_too_large_inside', params: { entries: 2 } });
    const small = await refusal(
      readPackage(s.get, apk.length, 'apk', 'android', { entries: 10, manifestBytes: 100 }),
    );
    expect(small).toMatchObject({ key: 'package_too_large_inside', params: { bytes: 100 } });
  });

  it('refuses a binary plist whose references unfold without end', async () => {
    // Objects 0..19 are arrays each naming the next one 16 times (16^20 values unfolded); 20 is a string.
    const depth = 20;
    const objects: Buffer[] = [];
    for (let i = 0; i < depth; i++)
      objects.push(Buffer.concat([Buffer.from([0xaf, 0x10, 16]), Buffer.alloc(16, i + 1)]));
    objects.push(Buffer.from([0x51, 0x78]));
    const header = Buffer.from('bplist00');
    const offsets: number[] = [];
    let at = header.length;
    for (const o of objects) {
      offsets.push(at);
      at += o.length;
    }
    const table = Buffer.alloc(offsets.length * 2);
    offsets.forEach((o, i) => table.writeUInt16BE(o, i * 2));
    const trailer = Buffer.alloc(32);
    trailer.writeUInt8(2, 6);
    trailer.writeUInt8(1, 7);
    trailer.writeBigUInt64BE(BigInt(objects.length), 8);
    trailer.writeBigUInt64BE(0n, 16);
    trailer.writeBigUInt64BE(BigInt(at), 24);
    const plist = Buffer.concat([header, ...objects, table, trailer]);
    const ipa = await zipOfFiles({ 'Payload/A.app/Info.plist': plist });
    // Unguarded, the references would take exponential time: the test's own limit would fail it.
    expect((await refusal(read(ipa, 'ipa'))).key).toBe('package_manifest_unreadable');
  });
});
