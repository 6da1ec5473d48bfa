import { imageSize } from 'image-size';
import {
  FILE_USE_LIMITS,
  IMAGE_LIMITS,
  OPENID_LIST_LIMITS,
  type FileMessageKey,
  type FileUse,
} from '@rx/contracts';

/**
 * What the bytes of an upload really are. The browser's claimed type and the file's name are never
 * believed: an image must start like a PNG, JPEG, GIF or WebP and have dimensions its header gives;
 * a package must be a zip archive; an openid list must be UTF-8 text in short lines.
 */

export type Sniffed =
  { ok: true; contentType: string; width?: number; height?: number } | { ok: false; key: FileMessageKey };

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The raster formats by their magic bytes, and the name image-size gives each. */
const IMAGE_MAGIC: { type: string; sizeType: string; test: (b: Uint8Array) => boolean }[] = [
  { type: 'image/png', sizeType: 'png', test: (b) => startsWith(b, [0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a]) },
  { type: 'image/jpeg', sizeType: 'jpg', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    type: 'image/gif',
    sizeType: 'gif',
    test: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
  },
  {
    type: 'image/webp',
    sizeType: 'webp',
    test: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  },
];

/** An image: the magic bytes, then dimensions read from the header (image-size) agreeing with them. */
export function sniffImage(bytes: Uint8Array): Sniffed {
  const format = IMAGE_MAGIC.find((magic) => magic.test(bytes));
  if (!format) return { ok: false, key: 'not_image' };
  try {
    // A copy of exactly these bytes: image-size reads through the view's ArrayBuffer, and a small
    // Buffer is a slice of Node's shared pool, whose other bytes must not pass for a truncated header.
    const size = imageSize(new Uint8Array(bytes));
    const { width, height } = size;
    if (size.type !== format.sizeType || !width || !height) return { ok: false, key: 'not_image' };
    // What the header claims, before anything decodes it: more is a decompression bomb, not an icon.
    if (
      width > IMAGE_LIMITS.maxSide ||
      height > IMAGE_LIMITS.maxSide ||
      width * height > IMAGE_LIMITS.maxPixels
    ) {
      return { ok: false, key: 'too_many_pixels' };
    }
    return { ok: true, contentType: format.type, width, height };
  } catch {
    return { ok: false, key: 'not_image' };
  }
}

/** Stored type of a package by its ending (all of them are zip archives inside). */
const PACKAGE_TYPES: Record<string, string> = {
  '.apk': 'application/vnd.android.package-archive',
  '.aab': 'application/octet-stream',
  '.ipa': 'application/octet-stream',
  '.zip': 'application/zip',
};

/** A package: a zip archive's first local header. */
export function sniffPackage(head: Uint8Array, name: string): Sniffed {
  if (!startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return { ok: false, key: 'not_package' };
  const ending = Object.keys(PACKAGE_TYPES).find((end) => name.toLowerCase().endsWith(end));
  return { ok: true, contentType: PACKAGE_TYPES[ending ?? '.zip']! };
}

/** Control characters other than tab, CR and LF: binary content, never in a list of ids. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Checks an openid list as it streams in: strict UTF-8 (a zip, an image or a UTF-16 file fails),
 * no control characters, at most OPENID_LIST_LIMITS lines of at most so many characters. It holds
 * one line at most, whatever the file's size.
 */
export class OpenidListCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private lines = 0;
  private lineLength = 0;
  private failed = false;

  push(chunk: Uint8Array): void {
    if (this.failed) return;
    try {
      this.scan(this.decoder.decode(chunk, { stream: true }));
    } catch {
      this.failed = true;
    }
  }

  private scan(text: string): void {
    if (CONTROL.test(text)) {
      this.failed = true;
      return;
    }
    for (const part of text.split('\n').entries()) {
      const [index, piece] = part;
      if (index > 0) {
        this.lines += 1;
        this.lineLength = 0;
      }
      this.lineLength += piece.replace(/\r$/, '').length;
      if (this.lineLength > OPENID_LIST_LIMITS.lineLength || this.lines > OPENID_LIST_LIMITS.lines) {
        this.failed = true;
        return;
      }
    }
  }

  result(): Sniffed {
    if (!this.failed) {
      try {
        this.scan(this.decoder.decode());
        // The last line without its line break counts too.
        if (this.lines === OPENID_LIST_LIMITS.lines && this.lineLength > 0) this.failed = true;
      } catch {
        this.failed = true;
      }
    }
    return this.failed
      ? { ok: false, key: 'not_openid_list' }
      : { ok: true, contentType: 'text/csv; charset=utf-8' };
  }
}

/** The bytes a use's check needs from the start of the file: all of an image (it is small), a header otherwise. */
export function headBytes(use: FileUse): number {
  return use === 'image' ? FILE_USE_LIMITS.image.maxBytes : 64;
}
