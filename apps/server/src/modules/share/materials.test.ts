import { describe, expect, it } from 'vitest';
import {
  fileMessage,
  type FileItem,
  type GameShareMaterial,
  type ShareMaterial,
  type ShareVideo,
} from '@rx/contracts';
import { body, records, sheetOf, useTestApp } from '../../../test/index.ts';
import { png } from '../../../test/images.ts';
import { fileBody, postFile } from '../../../test/multipart.ts';
import { mp4 } from '../../../test/videos.ts';
import { shareMaterialStrategies, shareVideos } from './tables.ts';

const t = useTestApp();

type List<T> = { list: T[]; total: number };
const fields = (res: { body: string }) => Object.keys(body<{ fields: object }>(res as never).data.fields);

function send(use: 'image' | 'video', name: string, bytes: Buffer, type: string) {
  return postFile(t.app, t.user.access_token, use, fileBody(name, bytes, type));
}
async function uploaded(use: 'image' | 'video', name: string, bytes: Buffer, type: string) {
  const res = await send(use, name, bytes, type);
  expect(res.statusCode, res.body).toBe(200);
  return body<FileItem>(res).data;
}

describe('share videos', () => {
  it('takes an MP4 checked on its container: a video track and 3 s to 15 min', async () => {
    const video = await uploaded('video', 'invite.mp4', mp4(5), 'video/mp4');
    expect(video).toMatchObject({ use: 'video', content_type: 'video/mp4', duration_ms: 5000 });
    expect(video.url).toMatch(/^\/files\/[A-Za-z0-9_-]{22}$/);
    // Served publicly like an image (the game hands it to the platform's share kit).
    const served = await t.app.inject({ method: 'GET', url: video.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');

    const short = await send('video', 'short.mp4', mp4(2), 'video/mp4');
    expect(short.statusCode).toBe(400);
    expect(body<{ fields: { file: string } }>(short).data.fields.file).toBe(
      fileMessage('video_duration', 'zh', 'video'),
    );
    const renamed = await send('video', 'image.mp4', png(64, 64), 'video/mp4');
    expect(body<{ fields: { file: string } }>(renamed).data.fields.file).toBe(
      fileMessage('not_video', 'zh', 'video'),
    );
    // An ftyp box with nothing playable after it.
    const hollow = Buffer.from([0, 0, 0, 16, ...Buffer.from('ftypisom'), 0, 0, 2, 0]);
    expect(fields(await send('video', 'hollow.mp4', hollow, 'video/mp4'))).toEqual(['file']);
    expect(fields(await send('video', 'clip.mov', mp4(5), 'video/quicktime'))).toEqual(['file']);
  });

  it("keeps Douyin's videos with their length, words and hashtags within its title limit", async () => {
    const video = await uploaded('video', 'douyin.mp4', mp4(4, 1080, 1920), 'video/mp4');
    const cover = await uploaded('image', 'cover.png', png(720, 1280), 'image/png');
    const made = await t.admin.post('/api/v1/share-videos?platform=douyin', {
      name: '开服视频',
      video_url: video.url,
      cover_url: cover.url,
      title: '一起来修仙',
      hashtags: ['修仙'],
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(body<ShareVideo>(made).data).toMatchObject({
      platform: 'douyin',
      duration_ms: 4000,
      width: 1080,
      height: 1920,
      scene: 'invite',
    });
    const before = await t.rowCount(shareVideos);
    const notVideo = await t.admin.post('/api/v1/share-videos?platform=douyin', {
      name: 'x',
      video_url: cover.url,
      title: 'x',
    });
    expect(fields(notVideo)).toEqual(['video_url']);
    const long = await t.admin.post('/api/v1/share-videos?platform=douyin', {
      name: 'x',
      video_url: video.url,
      title: '字'.repeat(50),
      hashtags: ['修仙', 'newgame'],
    });
    expect(fields(long)).toEqual(['title']);
    expect(await t.rowCount(shareVideos)).toBe(before);
    // Only Douyin has video materials.
    expect(fields(await t.admin.get('/api/v1/share-videos?platform=wechat'))).toEqual(['platform']);
    const list = body<List<ShareVideo>>(await t.admin.get('/api/v1/share-videos?platform=douyin')).data;
    expect(list.list.map((v) => v.name)).toEqual(['开服视频']);
  });
});

describe('share material strategies', () => {
  it("asks each kind for its own fields and platforms, from the kind's registry entry", async () => {
    const card = await uploaded('image', 'card.png', png(500, 400), 'image/png');
    const invite = await t.admin.post('/api/v1/share-materials?material=invite', {
      name: '好友邀请',
      platforms: ['wechat', 'qq'],
      title: '来和我一起修仙',
      image_url: card.url,
      target_url: 'https://game.example/invite',
      reward_text: '双方各得 100 元宝',
    });
    expect(invite.statusCode, invite.body).toBe(200);
    expect(body<ShareMaterial>(invite).data).toMatchObject({
      material: 'invite',
      platforms: ['wechat', 'qq'],
    });

    const before = await t.rowCount(shareMaterialStrategies);
    // An invite needs its image and target; a password's template is not an invite's field.
    const missing = await t.admin.post('/api/v1/share-materials?material=invite', {
      name: 'x',
      platforms: ['wechat'],
      title: 'x',
      template: '口令 {code}',
    });
    expect(fields(missing).sort()).toEqual(['image_url', 'target_url', 'template']);
    // A password holds {code}; TikTok cannot share a mini-game card.
    const password = await t.admin.post('/api/v1/share-materials?material=password', {
      name: '口令',
      platforms: ['wechat'],
      title: '复制口令',
      template: '复制这段话打开游戏',
      valid_hours: 24,
    });
    expect(fields(password)).toEqual(['template']);
    const miniGame = await t.admin.post('/api/v1/share-materials?material=mini-game', {
      name: '小游戏',
      platforms: ['douyin', 'tiktok'],
      title: '小游戏',
      image_url: card.url,
      app_id: 'wx123',
      path: 'pages/index',
    });
    expect(fields(miniGame)).toEqual(['platforms.1']);
    // WeChat's 5:4 card image is not Facebook's 1.91:1.
    const app = await t.admin.post('/api/v1/share-materials?material=app', {
      name: 'App',
      platforms: ['facebook'],
      title: 'Open the app',
      image_url: card.url,
      deep_link: 'xianxia://open',
      target_url: 'https://game.example/app',
    });
    expect(fields(app)).toEqual(['image_url']);
    expect(await t.rowCount(shareMaterialStrategies)).toBe(before);

    const okPassword = await t.admin.post('/api/v1/share-materials?material=password', {
      name: '口令',
      platforms: ['wechat', 'line'],
      title: '复制口令',
      template: '复制 {code} 打开游戏',
      valid_hours: 24,
    });
    expect(okPassword.statusCode, okPassword.body).toBe(200);
    const video = await uploaded('video', 'strategy.mp4', mp4(6), 'video/mp4');
    const videoShare = await t.admin.post('/api/v1/share-materials?material=video', {
      name: '视频',
      platforms: ['douyin'],
      title: '看视频',
      video_url: video.url,
      hashtags: ['修仙'],
    });
    expect(videoShare.statusCode, videoShare.body).toBe(200);

    // Each kind lists its own rows; another kind's id is not found through it.
    const invites = body<List<ShareMaterial>>(
      await t.admin.get('/api/v1/share-materials?material=invite'),
    ).data;
    expect(invites.list.map((m) => m.name)).toEqual(['好友邀请']);
    const id = body<ShareMaterial>(okPassword).data.id;
    expect(body(await t.admin.get(`/api/v1/share-materials/${id}?material=invite`)).code).toBe(404001);
    const byPlatform = body<List<ShareMaterial>>(
      await t.admin.get('/api/v1/share-materials?material=password&platform=line'),
    ).data;
    expect(byPlatform.total).toBe(1);
    // The game reads a kind's live rows for a platform.
    const key = await t.gameKey();
    const forLine = body<GameShareMaterial[]>(
      await t.signedCall(key, 'GET', '/api/game/v1/share/materials?material=password&platform=line'),
    ).data;
    expect(forLine.map((m) => [m.name, m.template, m.valid_hours])).toEqual([
      ['口令', '复制 {code} 打开游戏', 24],
    ]);
    const forQq = await t.signedCall(
      key,
      'GET',
      '/api/game/v1/share/materials?material=password&platform=qq',
    );
    expect(body(forQq).data).toEqual([]);
    const exported = records(
      await sheetOf(await t.admin.get('/api/v1/share-materials/export?material=password&format=csv')),
    );
    expect(exported.map((r) => [r.material, r.template, r.platforms])).toEqual([
      ['password', '复制 {code} 打开游戏', 'wechat line'],
    ]);
  });

  it("gives a kind's staff that kind only", async () => {
    const staff = await t.staff(['share/see/password_strategy', 'share/edit/password_strategy']);
    expect((await staff.get('/api/v1/share-materials?material=password')).statusCode).toBe(200);
    expect((await staff.get('/api/v1/share-materials?material=invite')).statusCode).toBe(403);
    expect(fields(await staff.get('/api/v1/share-materials?material=lottery'))).toEqual(['material']);
  });
});
