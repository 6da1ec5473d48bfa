import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  SHARE_PLATFORMS,
  fileMessage,
  validationMessage,
  type FileItem,
  type ShareImage,
  type ShareImageCropped,
} from '@rx/contracts';
import { bearer, body, logsOf, useTestApp } from '../../../test/index.ts';
import { pngBomb } from '../../../test/images.ts';
import { fileBody, postFile } from '../../../test/multipart.ts';
import { files } from '../files/tables.ts';
import { cropForPlatform, CropRefused } from './crop.ts';

const t = useTestApp();

type Fields = { fields: Record<string, string> };
type Rgb = [number, number, number];
const RED: Rgb = [220, 30, 30];
const BLUE: Rgb = [30, 30, 220];

/** A PNG of `width` × `height`: red, with a blue rectangle `blue` (what a crop must pick out). */
async function banded(
  width: number,
  height: number,
  blue: { left: number; top: number; width: number; height: number },
) {
  const background = { r: RED[0], g: RED[1], b: RED[2] };
  const patch = await sharp({
    create: {
      width: blue.width,
      height: blue.height,
      channels: 3,
      background: { r: BLUE[0], g: BLUE[1], b: BLUE[2] },
    },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: patch, left: blue.left, top: blue.top }])
    .png()
    .toBuffer();
}

async function upload(bytes: Buffer, name = 'poster.png'): Promise<FileItem> {
  const res = await postFile(t.app, t.user.access_token, 'image', fileBody(name, bytes, 'image/png'));
  expect(res.statusCode, res.body).toBe(200);
  return body<FileItem>(res).data;
}

/** The bytes served at an image's public address. */
async function served(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** The colour of every pixel of an image, deduplicated (one colour: the region was the one chosen). */
async function coloursOf(bytes: Buffer): Promise<string[]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const seen = new Set<string>();
  for (let i = 0; i < data.length; i += info.channels) {
    // Resampling blurs a pixel or two at the edges; the colour is read to the nearest ten.
    seen.add([data[i]!, data[i + 1]!, data[i + 2]!].map((v) => Math.round(v / 10) * 10).join(','));
  }
  return [...seen];
}
const colour = (rgb: Rgb) => rgb.map((v) => Math.round(v / 10) * 10).join(',');

describe('share image crops', () => {
  it("makes the platform's exact size of the chosen region of a wrong-ratio image", async () => {
    // 1000×400 is 2.5:1, not WeChat's 5:4: the right half (500×400, 5:4) is blue.
    const original = await upload(await banded(1000, 400, { left: 500, top: 0, width: 500, height: 400 }));
    const refused = await t.admin.post('/api/v1/share-images?platform=wechat', {
      name: 'wide',
      image_url: original.url,
    });
    expect(body(refused).code).toBe(400001);

    const res = await t.admin.post('/api/v1/share-images/crop?platform=wechat', {
      image_url: original.url,
      left: 500,
      top: 0,
      width: 500,
      height: 400,
    });
    expect(res.statusCode, res.body).toBe(200);
    const made = body<ShareImageCropped>(res).data;
    expect(made).toMatchObject({ width: 500, height: 400 });
    expect(made.url).not.toBe(original.url);
    const bytes = await served(made.url);
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 500, height: 400, format: 'png' });
    expect(await coloursOf(bytes)).toEqual([colour(BLUE)]);
    // Kept as an upload of the CP (logged like one), and the share image takes it.
    expect(await logsOf(t, 'file', made.id)).toHaveLength(1);
    const image = await t.admin.post('/api/v1/share-images?platform=wechat', {
      name: 'cropped',
      image_url: made.url,
    });
    expect(image.statusCode, image.body).toBe(200);
    expect(body<ShareImage>(image).data).toMatchObject({ width: 500, height: 400, image_url: made.url });
  });

  it("resizes a larger crop to the platform's size: Facebook's 1200×630 from a square", async () => {
    // 2000×2000; the top 2000×1047 band (1.91:1) is blue, the rest red.
    const original = await upload(await banded(2000, 2000, { left: 0, top: 0, width: 2000, height: 1047 }));
    const res = await t.admin.post('/api/v1/share-images/crop?platform=facebook', {
      image_url: original.url,
      left: 0,
      top: 0,
      width: 2000,
      height: 1047,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<ShareImageCropped>(res).data).toMatchObject({ width: 1200, height: 630 });
    const bytes = await served(body<ShareImageCropped>(res).data.url);
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect(await coloursOf(bytes)).toEqual([colour(BLUE)]);
  });

  it('refuses an image too small for the platform, a box of another ratio or past the image, and keeps nothing', async () => {
    const before = await t.rowCount(files);
    // 400×300: its largest 5:4 box, 375×300, is under WeChat's 500×400.
    const small = await upload(await banded(400, 300, { left: 0, top: 0, width: 1, height: 1 }));
    const tooSmall = await t.app.inject({
      method: 'POST',
      url: '/api/v1/share-images/crop?platform=wechat',
      headers: { ...bearer(t.user.access_token), 'x-product-id': String(t.productId), 'x-lang': 'ar' },
      payload: { image_url: small.url, left: 12, top: 0, width: 375, height: 300 },
    });
    expect(tooSmall.statusCode, tooSmall.body).toBe(400);
    expect(body<Fields>(tooSmall).data.fields.crop).toBe(
      validationMessage('image_too_small', 'ar', { width: 500, height: 400 }),
    );

    const big = await upload(await banded(1000, 800, { left: 0, top: 0, width: 1, height: 1 }));
    const square = await t.admin.post('/api/v1/share-images/crop?platform=wechat', {
      image_url: big.url,
      left: 0,
      top: 0,
      width: 800,
      height: 800,
    });
    expect(body<Fields>(square).data.fields.crop).toBe(
      validationMessage('image_ratio', 'zh', { ratio: '1.25:1' }),
    );
    const past = await t.admin.post('/api/v1/share-images/crop?platform=wechat', {
      image_url: big.url,
      left: 1,
      top: 0,
      width: 1000,
      height: 800,
    });
    expect(body<Fields>(past).data.fields.crop).toBe(
      validationMessage('crop_outside_image', 'zh', { width: 1000, height: 800 }),
    );
    const elsewhere = await t.admin.post('/api/v1/share-images/crop?platform=wechat', {
      image_url: 'https://example.com/a.png',
      left: 0,
      top: 0,
      width: 500,
      height: 400,
    });
    expect(Object.keys(body<Fields>(elsewhere).data.fields)).toEqual(['image_url']);
    // The two uploads only: no refused crop was kept.
    expect(await t.rowCount(files)).toBe(before + 2);
  });

  it('refuses a decompression bomb before decoding it, and a header whose pixels are missing', async () => {
    const wechat = SHARE_PLATFORMS.find((p) => p.code === 'wechat')!.constraints;
    const box = { left: 0, top: 0, width: 5000, height: 4000 };
    // 30,000 × 30,000 claimed in a few dozen bytes: 3.6 GB once decoded.
    const bomb = cropForPlatform(pngBomb(30_000, 30_000), box, wechat, 'en');
    await expect(bomb).rejects.toBeInstanceOf(CropRefused);
    await expect(bomb).rejects.toThrow(fileMessage('too_many_pixels', 'en', 'image'));
    // Within the limits but no pixel data: refused as not an image, not decoded as blank.
    await expect(cropForPlatform(pngBomb(5000, 4000), box, wechat, 'en')).rejects.toThrow(
      fileMessage('not_image', 'en', 'image'),
    );
    // The upload refuses the bomb too, so none reaches a crop through the API.
    const res = await postFile(
      t.app,
      t.user.access_token,
      'image',
      fileBody('bomb.png', pngBomb(30_000, 30_000), 'image/png'),
    );
    expect(body<Fields>(res).data.fields.file).toBe(fileMessage('too_many_pixels', 'zh', 'image'));
  });

  it('needs the platform image edit permission', async () => {
    const original = await upload(await banded(1000, 400, { left: 0, top: 0, width: 1, height: 1 }));
    const viewer = await t.staff(['share/see/wechat_image']);
    const res = await viewer.post('/api/v1/share-images/crop?platform=wechat', {
      image_url: original.url,
      left: 0,
      top: 0,
      width: 500,
      height: 400,
    });
    expect(body(res).code).toBe(403001);
  });

  it("crops a card's image for the card editor (`/share-cards/crop`), whom the images' crop refuses", async () => {
    const original = await upload(await banded(1000, 400, { left: 0, top: 0, width: 500, height: 400 }));
    const editor = await t.staff(['share/see/wechat_card', 'share/edit/wechat_card']);
    const box = { image_url: original.url, left: 0, top: 0, width: 500, height: 400 };
    expect(body(await editor.post('/api/v1/share-images/crop?platform=wechat', box)).code).toBe(403001);
    const wide = await editor.post('/api/v1/share-cards?platform=wechat', {
      title: 'wide',
      image_url: original.url,
    });
    expect(Object.keys(body<Fields>(wide).data.fields)).toEqual(['image_url']);

    const res = await editor.post('/api/v1/share-cards/crop?platform=wechat', box);
    expect(res.statusCode, res.body).toBe(200);
    const made = body<ShareImageCropped>(res).data;
    expect(made).toMatchObject({ width: 500, height: 400 });
    expect(await coloursOf(await served(made.url))).toEqual([colour(BLUE)]);
    const card = await editor.post('/api/v1/share-cards?platform=wechat', {
      title: 'cropped',
      image_url: made.url,
    });
    expect(card.statusCode, card.body).toBe(200);
    // Seeing the cards is not enough to make an image.
    const viewer = await t.staff(['share/see/wechat_card']);
    expect(body(await viewer.post('/api/v1/share-cards/crop?platform=wechat', box)).code).toBe(403001);
  });
});
