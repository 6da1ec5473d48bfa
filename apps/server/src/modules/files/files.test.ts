import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_USE_LIMITS, IMAGE_LIMITS, fileMessage, type FileItem, type FileUse } from '@rx/contracts';
import { bearer, body, createTestApp, signInAs, type TestContext } from '../../../test/helpers.ts';
import { logsOf, rowCount } from '../../../test/api.ts';
import { fileBody, multipart } from '../../../test/multipart.ts';
import { GIF, HTML, SVG, png, pngBomb } from '../../../test/images.ts';
import { xmlEntry, zipOf } from '../../../test/zips.ts';
import { files } from './tables.ts';
import { openFileStorage } from './routes.ts';

let t: TestContext;
let dataDir: string;
let admin: string;
let other: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rx-files-test-'));
  t = await createTestApp({ files: { dataDir } });
  admin = (await signInAs(t.app, 'admin')).user.access_token;
  other = (await signInAs(t.app, 'ops_hw')).user.access_token;
});
afterAll(async () => {
  await t.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function upload(
  use: string,
  filename: string,
  bytes: Buffer | string,
  options: { token?: string; type?: string; lang?: string } = {},
) {
  const { payload, contentType } = fileBody(filename, bytes, options.type ?? 'application/octet-stream');
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/files?use=${use}`,
    headers: {
      ...bearer(options.token ?? admin),
      'content-type': contentType,
      ...(options.lang ? { 'accept-language': options.lang } : {}),
    },
    payload,
  });
}

/** Every stored file under the data folder (uploads in progress included). */
function storedFiles(): string[] {
  const root = path.join(dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((name) =>
    fs.statSync(path.join(root, name)).isFile(),
  );
}

/** Sends a refused file and checks nothing was kept: no row, no bytes on disk. */
async function expectRefused(
  use: FileUse,
  filename: string,
  bytes: Buffer | string,
  status: number,
  key: Parameters<typeof fileMessage>[0],
) {
  const rows = await rowCount(t, files);
  const before = storedFiles().length;
  const res = await upload(use, filename, bytes, { lang: 'en' });
  expect(res.statusCode, res.body).toBe(status);
  expect(body(res)).toMatchObject({ code: 400001, data: { fields: { file: fileMessage(key, 'en', use) } } });
  expect(body(res).msg).toBe(fileMessage(key, 'en', use));
  expect(await rowCount(t, files)).toBe(rows);
  expect(storedFiles()).toHaveLength(before);
}

describe('uploads', () => {
  it('stores a PNG, answers its id, url, sha256, size and type, and serves it back byte for byte', async () => {
    const image = png(48, 32);
    const res = await upload('image', 'icon.png', image, { type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    const item = body<FileItem>(res).data;
    expect(item).toMatchObject({
      sha256: sha256(image),
      size: image.length,
      content_type: 'image/png',
      name: 'icon.png',
      use: 'image',
      url: `/files/${item.id}`,
    });
    expect(item.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [row] = await t.database.db.select().from(files);
    expect(row).toMatchObject({ width: 48, height: 32, storage: 'local' });
    // The bytes on disk are the upload's, under the server's own key.
    expect(fs.readFileSync(path.join(dataDir, 'files', String(row!.cpId), item.id)).equals(image)).toBe(true);

    const served = await t.app.inject({ url: `/api/v1/files/${item.id}`, headers: bearer(admin) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
    expect(sha256(served.rawPayload)).toBe(item.sha256);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=31536000, immutable',
      etag: `"${item.sha256}"`,
    });
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="icon.png"/);

    // The public address players and games use: no token, images only, cacheable by anyone.
    const open = await t.app.inject({ url: item.url });
    expect(open.statusCode).toBe(200);
    expect(open.rawPayload.equals(image)).toBe(true);
    expect(open.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(open.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const again = await t.app.inject({ url: item.url, headers: { 'if-none-match': `"${item.sha256}"` } });
    expect(again.statusCode).toBe(304);

    const [log] = await logsOf(t, 'file', item.id);
    expect(log).toMatchObject({ action: 'create', targetName: 'icon.png', username: 'admin' });
  });

  it('keeps a non-Latin file name, for display and download', async () => {
    const res = await upload('openid_list', '春节活动名单.csv', 'openid\nabc\n');
    const item = body<FileItem>(res).data;
    expect(item.name).toBe('春节活动名单.csv');
    const served = await t.app.inject({ url: item.url, headers: bearer(admin) });
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="______.csv"; filename*=UTF-8''${encodeURIComponent('春节活动名单.csv')}`,
    );
  });

  it('takes the type from the bytes: a GIF named .png is stored as a GIF', async () => {
    const res = await upload('image', 'photo.png', GIF, { type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<FileItem>(res).data.content_type).toBe('image/gif');
  });

  it('refuses what is not really an image, and keeps nothing', async () => {
    await expectRefused('image', 'icon.png', HTML, 400, 'not_image');
    await expectRefused('image', 'logo.svg', SVG, 400, 'wrong_type');
    // An SVG named .png is caught by its bytes.
    await expectRefused('image', 'logo.png', SVG, 400, 'not_image');
    // A PNG signature and nothing readable after it.
    await expectRefused('image', 'broken.png', png(4, 4).subarray(0, 12), 400, 'not_image');
  });

  it('refuses an image whose header claims more pixels than the limit (a decompression bomb)', async () => {
    const bomb = pngBomb(16_000, 16_000);
    expect(bomb.length).toBeLessThan(100);
    await expectRefused('image', 'icon.png', bomb, 400, 'too_many_pixels');
    await expectRefused('image', 'wide.png', pngBomb(IMAGE_LIMITS.maxSide + 1, 1), 400, 'too_many_pixels');
    const justOver = Math.floor(IMAGE_LIMITS.maxPixels / 5_000) + 1;
    await expectRefused('image', 'tall.png', pngBomb(5_000, justOver), 400, 'too_many_pixels');
    // At the limit the header passes (the bytes are still a PNG the sniffer reads).
    const res = await upload('image', 'edge.png', pngBomb(5_000, IMAGE_LIMITS.maxPixels / 5_000));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a zip as an openid list, and accepts a real one', async () => {
    const zip = zipOf([xmlEntry('ids.csv', 'openid\nabc\n')]);
    await expectRefused('openid_list', 'ids.zip', zip, 400, 'wrong_type');
    await expectRefused('openid_list', 'ids.csv', zip, 400, 'not_openid_list');
    await expectRefused('openid_list', 'ids.csv', `openid\n${'x'.repeat(200)}\n`, 400, 'not_openid_list');
    const list = 'openid\r\noA1b2C3\r\noD4e5F6\r\n';
    const res = await upload('openid_list', 'ids.csv', list, { type: 'text/csv' });
    expect(res.statusCode, res.body).toBe(200);
    const item = body<FileItem>(res).data;
    expect(item).toMatchObject({ content_type: 'text/csv; charset=utf-8', url: `/api/v1/files/${item.id}` });
    const served = await t.app.inject({ url: item.url, headers: bearer(admin) });
    expect(served.body).toBe(list);
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="ids.csv"/);
    // Only images have a public address.
    expect((await t.app.inject({ url: `/files/${item.id}` })).statusCode).toBe(404);
  });

  it("refuses a file over the use's size limit with 413", async () => {
    const limit = FILE_USE_LIMITS.image.maxBytes;
    const big = Buffer.concat([png(8, 8), Buffer.alloc(limit)]);
    await expectRefused('image', 'huge.png', big, 413, 'too_large');
    // Exactly at the limit is still accepted (and read as the PNG it starts with).
    const atLimit = Buffer.concat([png(8, 8)]);
    const padded = Buffer.concat([atLimit, Buffer.alloc(limit - atLimit.length)]);
    const res = await upload('image', 'edge.png', padded);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<FileItem>(res).data.size).toBe(limit);
  });

  it('answers 413 with its envelope over a real connection too (a 40 MB body, not a reset)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('file', new Blob([png(8, 8), new Uint8Array(40 * 1024 * 1024)]), 'big.png');
    const res = await fetch(`${address}/api/v1/files?use=image`, {
      method: 'POST',
      body: form,
      headers: { ...bearer(admin), 'accept-language': 'en' },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 400001, msg: fileMessage('too_large', 'en', 'image') });
  });

  it("answers in the caller's language", async () => {
    const res = await upload('image', 'x.svg', SVG, { lang: 'ar' });
    expect(body(res).msg).toBe(fileMessage('wrong_type', 'ar', 'image'));
  });

  it('refuses a request without a file, or for an unknown use', async () => {
    const empty = multipart([{ name: 'note', value: 'no file here' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files?use=image',
      headers: { ...bearer(admin), 'content-type': empty.contentType },
      payload: empty.payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(body(res).code).toBe(400001);
    expect((await upload('avatar', 'a.png', png(2, 2))).statusCode).toBe(400);
    const anonymous = fileBody('a.png', png(2, 2));
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files?use=image',
      headers: { 'content-type': anonymous.contentType },
      payload: anonymous.payload,
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('keeps a file inside its CP: another CP gets 404', async () => {
    const image = png(3, 3);
    const item = body<FileItem>(await upload('image', 'mine.png', image)).data;
    const theirs = await t.app.inject({ url: `/api/v1/files/${item.id}`, headers: bearer(other) });
    expect(theirs.statusCode).toBe(404);
    expect(body(theirs).code).toBe(404001);
    const list = body<FileItem>(await upload('openid_list', 'ids.txt', 'abc\n')).data;
    expect((await t.app.inject({ url: list.url, headers: bearer(other) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: list.url })).statusCode).toBe(401);
    // Their own upload is theirs to read.
    const own = body<FileItem>(await upload('image', 'hw.png', image, { token: other })).data;
    expect((await t.app.inject({ url: `/api/v1/files/${own.id}`, headers: bearer(other) })).statusCode).toBe(
      200,
    );
  });

  it('stores a package by its zip signature', async () => {
    const apk = zipOf([xmlEntry('AndroidManifest.xml', '<manifest/>')]);
    const res = await upload('package', 'game.apk', apk);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<FileItem>(res).data.content_type).toBe('application/vnd.android.package-archive');
    await expectRefused('package', 'game.apk', HTML, 400, 'not_package');
  });

  it('takes a package larger than the JSON body limit (uploads stream, they are not parsed bodies)', async () => {
    const big = Buffer.concat([zipOf([xmlEntry('a.xml', '<a/>')]), Buffer.alloc(11 * 1024 * 1024, 7)]);
    const res = await upload('package', 'big.zip', big);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<FileItem>(res).data).toMatchObject({ size: big.length, sha256: sha256(big) });
  });

  it('removes uploads a crash left unfinished a day ago, and none in progress', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rx-files-sweep-'));
    const incoming = path.join(folder, 'files', '.incoming');
    fs.mkdirSync(incoming, { recursive: true });
    fs.writeFileSync(path.join(incoming, 'old'), 'x');
    fs.writeFileSync(path.join(incoming, 'new'), 'x');
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    fs.utimesSync(path.join(incoming, 'old'), dayAgo, dayAgo);
    const storage = await openFileStorage({ dataDir: folder });
    expect(fs.readdirSync(storage.incoming)).toEqual(['new']);
    fs.rmSync(folder, { recursive: true, force: true });
  });
});
