import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileItem } from '@rx/contracts';
import { bearer, body, createTestApp, signInAs, useTestApp } from '../../../test/index.ts';
import { fileBody, postFile } from '../../../test/multipart.ts';
import { HTML, png } from '../../../test/images.ts';

/**
 * The S3 path against a small S3-compatible server in this process: the real SDK signs and sends
 * real HTTP requests (path style, as with MinIO); the fake keeps objects in a map and answers
 * GetObject and NoSuchKey the way S3 does.
 */
interface Stored {
  body: Buffer;
  contentType: string | undefined;
}
const objects = new Map<string, Stored>();
const requests: { method: string; url: string; authorization: string }[] = [];
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const url = decodeURIComponent((req.url ?? '').split('?')[0]!);
    requests.push({ method: req.method ?? '', url, authorization: String(req.headers.authorization ?? '') });
    if (!String(req.headers.authorization ?? '').includes('Credential=test-key/')) {
      res
        .writeHead(403, { 'content-type': 'application/xml' })
        .end('<Error><Code>AccessDenied</Code></Error>');
      return;
    }
    if (req.method === 'PUT') {
      objects.set(url, { body: Buffer.concat(chunks), contentType: req.headers['content-type'] });
      res.writeHead(200, { etag: '"x"' }).end();
      return;
    }
    const found = objects.get(url);
    if (req.method === 'GET' && found) {
      res.writeHead(200, { 'content-type': found.contentType ?? '', 'content-length': found.body.length });
      res.end(found.body);
      return;
    }
    if (req.method === 'DELETE') {
      objects.delete(url);
      res.writeHead(204).end();
      return;
    }
    res
      .writeHead(404, { 'content-type': 'application/xml' })
      .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
  });
});

let endpoint: string;
// Registered before the app's hooks: the server listens before the app starts and closes after it.
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
/** The app's storage: the bucket of the fake server. */
const s3 = (publicBaseUrl?: string) => ({
  s3: {
    endpoint,
    region: 'us-east-1',
    bucket: 'uploads',
    accessKeyId: 'test-key',
    secretAccessKey: 'test-secret',
    forcePathStyle: true,
    ...(publicBaseUrl ? { publicBaseUrl } : {}),
  },
});
const t = useTestApp({ app: () => ({ files: s3() }), product: null });
let admin: string;
beforeAll(() => {
  admin = t.user.access_token;
});

function upload(use: string, filename: string, bytes: Buffer) {
  return postFile(t.app, admin, use, fileBody(filename, bytes));
}

describe('uploads in S3-compatible storage', () => {
  it('puts the checked bytes in the bucket under the server key, and serves them back from there', async () => {
    const image = png(20, 10);
    const res = await upload('image', 'banner.png', image);
    expect(res.statusCode, res.body).toBe(200);
    const item = body<FileItem>(res).data;
    expect(item.sha256).toBe(createHash('sha256').update(image).digest('hex'));
    const key = [...objects.keys()].find((name) => name.endsWith(`/${item.id}`));
    expect(key).toMatch(new RegExp(`^/uploads/files/\\d+/${item.id}$`));
    expect(objects.get(key!)!.body.equals(image)).toBe(true);
    expect(objects.get(key!)!.contentType).toBe('image/png');
    // Signed with the configured key (SigV4).
    expect(requests.find((r) => r.method === 'PUT')!.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test-key\//,
    );

    // No public base URL: the image is still reached through this server, proxied from the bucket.
    expect(item.url).toBe(`/files/${item.id}`);
    const open = await t.app.inject({ url: item.url });
    expect(open.statusCode).toBe(200);
    expect(open.rawPayload.equals(image)).toBe(true);
    const served = await t.app.inject({ url: `/api/v1/files/${item.id}`, headers: bearer(admin) });
    expect(served.rawPayload.equals(image)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('puts nothing in the bucket for a refused file', async () => {
    const before = objects.size;
    const puts = requests.filter((r) => r.method === 'PUT').length;
    const res = await upload('image', 'fake.png', HTML);
    expect(res.statusCode).toBe(400);
    expect(objects.size).toBe(before);
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(puts);
  });

  it('answers 404 when the object is gone from the bucket', async () => {
    const item = body<FileItem>(await upload('image', 'gone.png', png(2, 2))).data;
    for (const key of objects.keys()) if (key.endsWith(item.id)) objects.delete(key);
    const res = await t.app.inject({ url: `/api/v1/files/${item.id}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(404);
    expect(body(res).code).toBe(404001);
  });
});

describe('a public bucket', () => {
  it("links images to S3_PUBLIC_BASE_URL and the bucket's key", async () => {
    const cdn = await createTestApp({ files: s3('https://cdn.example.com/assets/') });
    try {
      const token = (await signInAs(cdn.app, 'admin')).user.access_token;
      const res = await postFile(cdn.app, token, 'image', fileBody('cdn.png', png(4, 4)));
      const item = body<FileItem>(res).data;
      expect(item.url).toMatch(new RegExp(`^https://cdn\\.example\\.com/assets/files/\\d+/${item.id}$`));
    } finally {
      await cdn.app.close();
    }
  });
});
