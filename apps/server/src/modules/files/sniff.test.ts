import { describe, expect, it } from 'vitest';
import { OPENID_LIST_LIMITS } from '@rx/contracts';
import { GIF, HTML, SVG, png } from '../../../test/images.ts';
import { OpenidListCheck, sniffImage, sniffPackage } from './sniff.ts';

/** A JPEG's markers up to its frame header (SOF0) of `width` × `height`. */
function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255, 3]);
  const components = Buffer.from([1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, components, Buffer.from([0xff, 0xd9])]);
}

/** A lossless WebP header (VP8L) of `width` × `height`. */
function webpHeader(width: number, height: number): Buffer {
  const bits = (width - 1) | ((height - 1) << 14);
  const vp8l = Buffer.from([0x2f, bits & 255, (bits >> 8) & 255, (bits >> 16) & 255, (bits >>> 24) & 255]);
  const chunk = Buffer.concat([
    Buffer.from('VP8L'),
    Buffer.from([vp8l.length, 0, 0, 0]),
    vp8l,
    Buffer.alloc(1),
  ]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from('RIFF'), size, Buffer.from('WEBP'), chunk]);
}

function list(text: string | Buffer, pieces = 1): ReturnType<OpenidListCheck['result']> {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const check = new OpenidListCheck();
  const step = Math.ceil(bytes.length / pieces);
  for (let at = 0; at < bytes.length; at += step) check.push(bytes.subarray(at, at + step));
  return check.result();
}

describe('images', () => {
  it('knows the four raster formats by their bytes and reads their dimensions', () => {
    expect(sniffImage(png(7, 9))).toEqual({ ok: true, contentType: 'image/png', width: 7, height: 9 });
    expect(sniffImage(GIF)).toEqual({ ok: true, contentType: 'image/gif', width: 1, height: 1 });
    expect(sniffImage(jpegHeader(640, 480))).toEqual({
      ok: true,
      contentType: 'image/jpeg',
      width: 640,
      height: 480,
    });
    expect(sniffImage(webpHeader(33, 21))).toEqual({
      ok: true,
      contentType: 'image/webp',
      width: 33,
      height: 21,
    });
  });

  it('refuses markup, truncated headers and absurd dimensions', () => {
    for (const bytes of [HTML, SVG, png(3, 3).subarray(0, 16), jpegHeader(10, 10).subarray(0, 8)]) {
      expect(sniffImage(bytes)).toEqual({ ok: false, key: 'not_image' });
    }
    expect(sniffImage(png(20_000, 1))).toEqual({ ok: false, key: 'too_many_pixels' });
  });
});

describe('packages', () => {
  it('are zip archives, typed by their ending', () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0]);
    expect(sniffPackage(zip, 'game.apk')).toEqual({
      ok: true,
      contentType: 'application/vnd.android.package-archive',
    });
    expect(sniffPackage(zip, 'game.ipa')).toEqual({ ok: true, contentType: 'application/octet-stream' });
    expect(sniffPackage(HTML, 'game.apk')).toEqual({ ok: false, key: 'not_package' });
  });
});

describe('openid lists', () => {
  it('accept UTF-8 lines, however the bytes are split, with a BOM and CRLF', () => {
    expect(list('\uFEFFopenid\r\n用户甲\r\noB2\r\n', 7).ok).toBe(true);
    // A character split across two chunks is still one character.
    const text = Buffer.from('é'.repeat(OPENID_LIST_LIMITS.lineLength));
    expect(list(text, text.length).ok).toBe(true);
  });

  it('refuse binary, broken UTF-8, long lines and too many lines', () => {
    expect(list('abc\u0000def').ok).toBe(false);
    expect(list(Buffer.from([0x61, 0xff, 0x62])).ok).toBe(false);
    expect(list(Buffer.from([0x61, 0xc3])).ok).toBe(false);
    expect(list('x'.repeat(OPENID_LIST_LIMITS.lineLength + 1)).ok).toBe(false);
    expect(list('x'.repeat(OPENID_LIST_LIMITS.lineLength)).ok).toBe(true);
    const lines = (n: number, last = '\n') => 'a\n'.repeat(n - 1) + 'a' + last;
    expect(list(lines(OPENID_LIST_LIMITS.lines, '\n')), 'at the limit, final line break').toMatchObject({
      ok: true,
    });
    expect(list(lines(OPENID_LIST_LIMITS.lines, '')), 'at the limit, none').toMatchObject({ ok: true });
    expect(list(lines(OPENID_LIST_LIMITS.lines + 1, '')), 'one more').toMatchObject({ ok: false });
    expect(list(lines(OPENID_LIST_LIMITS.lines + 1, '\n')), 'one more, final break').toMatchObject({
      ok: false,
    });
  });
});
