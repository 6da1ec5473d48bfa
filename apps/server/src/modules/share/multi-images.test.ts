import { describe, expect, it } from 'vitest';
import type { FileItem, ShareMultiImage } from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { png } from '../../../test/images.ts';
import { fileBody, postFile } from '../../../test/multipart.ts';
import { mp4 } from '../../../test/videos.ts';
import { shareMultiImages } from './tables.ts';

const t = useTestApp();

const fields = (res: { body: string }) => Object.keys(body<{ fields: object }>(res as never).data.fields);

async function upload(width: number, height: number, video = false): Promise<string> {
  const file = video
    ? fileBody('clip.mp4', mp4(5, width, height), 'video/mp4')
    : fileBody('post.png', png(width, height), 'image/png');
  const res = await postFile(t.app, t.user.access_token, video ? 'video' : 'image', file);
  expect(res.statusCode, res.body).toBe(200);
  return body<FileItem>(res).data.url;
}

describe('multi-image posts (TikTok photo mode)', () => {
  it('keeps a post to the platform: at most 12 images, each of its ratio and size, stored with their sides', async () => {
    const portrait = await upload(720, 1280);
    const square = await upload(400, 400);
    const made = await t.admin.post('/api/v1/share-multi-images?platform=tiktok', {
      name: '新角色图集',
      caption: '#newhero',
      images: [{ url: portrait }, { url: square }],
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(body<ShareMultiImage>(made).data.images).toEqual([
      { url: portrait, width: 720, height: 1280 },
      { url: square, width: 400, height: 400 },
    ]);

    const before = await t.rowCount(shareMultiImages);
    // Thirteen images: past the platform's twelve.
    const many = await t.admin.post('/api/v1/share-multi-images?platform=tiktok', {
      name: 'too many',
      images: Array.from({ length: 13 }, () => ({ url: square })),
    });
    expect(fields(many)).toEqual(['images']);
    expect(body<{ fields: Record<string, string> }>(many).data.fields.images).toContain('12');
    // A panorama (4:1) is outside TikTok's 1/2.2…2.2; named by its place in the post.
    const wide = await t.admin.post('/api/v1/share-multi-images?platform=tiktok', {
      name: 'wide',
      images: [{ url: square }, { url: await upload(1600, 400) }],
    });
    expect(fields(wide)).toEqual(['images.1.url']);
    // A video in the post (a real MP4 of a portrait ratio): photo mode takes images only, no mixing.
    const mixed = await t.admin.post('/api/v1/share-multi-images?platform=tiktok', {
      name: 'mixed',
      images: [{ url: square }, { url: await upload(720, 1280, true) }],
    });
    expect(fields(mixed)).toEqual(['images.1.url']);
    // One image is not a multi-image post.
    expect(
      fields(
        await t.admin.post('/api/v1/share-multi-images?platform=tiktok', {
          name: 'one',
          images: [{ url: square }],
        }),
      ),
    ).toEqual(['images']);
    expect(await t.rowCount(shareMultiImages)).toBe(before);

    // Only the platforms with the page have the resource.
    expect(fields(await t.admin.get('/api/v1/share-multi-images?platform=wechat'))).toEqual(['platform']);
  });
});
