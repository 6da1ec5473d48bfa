import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILE_USE_LIMITS, fileMessage } from '@rx/contracts/files';
import { ApiError, configureHttp, resetHttp } from '@/shared/http.ts';
import { currentLanguage } from '@/shared/i18n.ts';
import { memoryStorage } from '@/shared/memory-storage.ts';
import { storage } from '@/shared/storage.ts';
import { refusalOf, sendFile } from './send-file.ts';
import { TEST_USER } from '@/shared/test-user.ts';

const user = TEST_USER;

type Reply = { status: number; body: unknown };

/** XMLHttpRequest as the upload uses it: each send takes the next reply, after one progress event. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static replies: Reply[] = [];
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    const reply = FakeXhr.replies.shift()!;
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = reply.status;
      this.responseText = JSON.stringify(reply.body);
      this.onload?.();
    });
  }
  abort() {
    this.onabort?.();
  }
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'icon.png', { type: 'image/png' });
const stored = { id: 'a'.repeat(22), url: `/files/${'a'.repeat(22)}`, sha256: 'f'.repeat(64), size: 4 };
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  FakeXhr.sent = [];
  FakeXhr.replies = [];
  storage.userInfo.set(user);
  fetchMock = vi.fn<typeof fetch>();
  configureHttp({ fetch: fetchMock, notify: vi.fn(), redirect: vi.fn(), translate: (key) => `t(${key})` });
});
afterEach(() => {
  resetHttp();
  vi.unstubAllGlobals();
});

describe('refusalOf', () => {
  it("refuses before sending what the server would, in the server's words", () => {
    const lang = currentLanguage();
    expect(refusalOf({ name: 'logo.svg', size: 10 }, 'image')).toBe(fileMessage('wrong_type', lang, 'image'));
    expect(refusalOf({ name: 'big.PNG', size: FILE_USE_LIMITS.image.maxBytes + 1 }, 'image')).toBe(
      fileMessage('too_large', lang, 'image'),
    );
    expect(refusalOf({ name: 'empty.png', size: 0 }, 'image')).toBe(fileMessage('no_file', lang, 'image'));
    expect(refusalOf({ name: 'icon.PNG', size: FILE_USE_LIMITS.image.maxBytes }, 'image')).toBeNull();
    expect(refusalOf({ name: 'ids.zip', size: 10 }, 'openid_list')).toBe(
      fileMessage('wrong_type', lang, 'openid_list'),
    );
  });
});

describe('sendFile', () => {
  it('posts the file as multipart with the token, reports progress and resolves what was stored', async () => {
    FakeXhr.replies.push({ status: 200, body: { code: 0, data: stored, msg: 'ok' } });
    const progress: number[] = [];
    await expect(sendFile(png(), 'image', (p) => progress.push(p))).resolves.toEqual(stored);
    const [xhr] = FakeXhr.sent;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/v1/files?use=image' });
    expect(xhr!.headers.Authorization).toBe('Bearer access-1');
    expect((xhr!.body!.get('file') as File).name).toBe('icon.png');
    expect(progress).toEqual([50, 100]);
  });

  it("rejects with the server's reason for the file", async () => {
    const reason = 'The file is not a valid image (PNG, JPEG, GIF or WebP).';
    FakeXhr.replies.push({
      status: 400,
      body: { code: 400001, data: { fields: { file: reason } }, msg: reason },
    });
    const failure = await sendFile(png(), 'image', () => undefined).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 400001, status: 400, message: reason });
  });

  it('renews an expired token through the shared client and sends again with the new one', async () => {
    FakeXhr.replies.push(
      { status: 401, body: { code: 305002, data: null, msg: 'expired' } },
      { status: 200, body: { code: 0, data: stored, msg: 'ok' } },
    );
    let asked = 0;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      const answer = url.includes('/acs/user/rejwt')
        ? { code: 0, data: { access_token: 'access-2', refresh_token: 'refresh-2' }, msg: '' }
        : { code: asked++ === 0 ? 305002 : 0, data: { list: [] }, msg: '' };
      return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
    });
    await expect(sendFile(png(), 'image', () => undefined)).resolves.toEqual(stored);
    expect(FakeXhr.sent.map((xhr) => xhr.headers.Authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
  });
});
