import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './http.ts';
import { configureSecondHttp, httpSecond, resetSecondHttp, secondRequest } from './http-second.ts';
import { memoryStorage } from './memory-storage.ts';
import { storage } from './storage.ts';
import { TEST_USER } from './test-user.ts';

const user = TEST_USER;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let notify: ReturnType<typeof vi.fn<(message: string) => void>>;
let logout: ReturnType<typeof vi.fn<() => void>>;
let reload: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  storage.userInfo.set(user);
  fetchMock = vi.fn<typeof fetch>();
  notify = vi.fn();
  logout = vi.fn();
  reload = vi.fn();
  configureSecondHttp({
    fetch: fetchMock,
    notify,
    logout,
    reload,
    translate: (key) => `t(${key})`,
    language: () => 'vi',
  });
});

afterEach(() => {
  resetSecondHttp();
  vi.unstubAllGlobals();
});

describe('the second HTTP client', () => {
  it('resolves data of a code-0 answer under /api/v1, with the token and language', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, data: { id: 7 }, msg: 'ok' }));
    await expect(httpSecond.post('legacy/things', { a: 1 })).resolves.toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/legacy/things');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer access-1');
    expect(headers.get('Accept-Language')).toBe('vi');
    expect(init?.body).toBe('{"a":1}');
    expect(notify).not.toHaveBeenCalled();
  });

  it('refuses an answer without a code as not this system’s API', async () => {
    fetchMock.mockResolvedValue(json({ data: [1, 2] }));
    const error = await httpSecond.get('/other').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ msg: 't(tabs:http.foreign)', data: { data: [1, 2] } });
    expect(notify).toHaveBeenCalledExactlyOnceWith('t(tabs:http.foreign)');
  });

  it('signs out and reloads on code 401 and on HTTP 401, without a toast', async () => {
    fetchMock.mockResolvedValue(json({ code: 401, data: null, msg: 'expired' }));
    await expect(httpSecond.get('/a')).rejects.toMatchObject({ code: 401, msg: 'expired' });
    fetchMock.mockResolvedValue(new Response('nope', { status: 401 }));
    await expect(httpSecond.get('/b')).rejects.toMatchObject({ code: 401, msg: 't(common:http.401)' });
    expect(logout).toHaveBeenCalledTimes(2);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows the message of another code, or Error when it has none', async () => {
    fetchMock.mockResolvedValue(json({ code: 4001, data: { field: 'name' }, msg: 'Name taken' }));
    await expect(httpSecond.get('/a')).rejects.toMatchObject({ code: 4001, data: { field: 'name' } });
    fetchMock.mockResolvedValue(json({ code: 5000, data: null, msg: '' }));
    await expect(httpSecond.get('/b')).rejects.toMatchObject({ code: 5000, msg: 't(tabs:http.error)' });
    expect(notify.mock.calls).toEqual([['Name taken'], ['t(tabs:http.error)']]);
    expect(logout).not.toHaveBeenCalled();
  });

  it('returns blob and arraybuffer answers as they are', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4]);
    fetchMock.mockImplementation(
      async () => new Response(bytes, { headers: { 'Content-Type': 'application/zip' } }),
    );
    const blob = await secondRequest<Blob>('/export', { responseType: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('application/zip');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    const buffer = await secondRequest<ArrayBuffer>('/export', { responseType: 'arraybuffer' });
    expect(new Uint8Array(buffer)).toEqual(bytes);
    // A file that happens to be JSON without a code is still the file.
    fetchMock.mockResolvedValue(json({ rows: [] }));
    await expect(secondRequest<Blob>('/export', { responseType: 'blob' })).resolves.toBeInstanceOf(Blob);
    expect(notify).not.toHaveBeenCalled();
  });

  it('translates HTTP statuses that come without an envelope, also for a failed download', async () => {
    fetchMock.mockResolvedValue(new Response('<html>', { status: 503 }));
    await expect(httpSecond.get('/a')).rejects.toMatchObject({ code: 503, msg: 't(common:http.503)' });
    fetchMock.mockResolvedValue(new Response('', { status: 418 }));
    await expect(secondRequest('/file', { responseType: 'blob' })).rejects.toMatchObject({
      code: 418,
      msg: 't(common:http.default)',
    });
    expect(notify.mock.calls).toEqual([['t(common:http.503)'], ['t(common:http.default)']]);
  });

  it('reports an unreachable server and accepts an empty 204', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(httpSecond.get('/a')).rejects.toMatchObject({ status: 0, msg: 't(common:http.network)' });
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(httpSecond.get('/a')).rejects.toMatchObject({ msg: 't(tabs:http.foreign)' });
  });
});
