import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureHttp, http, resetHttp } from './http.ts';
import { storage } from './storage.ts';
import { memoryStorage } from './memory-storage.ts';
import { TEST_USER } from './test-user.ts';

const user = TEST_USER;

const envelope = (code: number, data: unknown = null, msg = '', status = 200) =>
  new Response(JSON.stringify({ code, data, msg }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

let notify: ReturnType<typeof vi.fn<(message: string) => void>>;
let redirect: ReturnType<typeof vi.fn<(url: string) => void>>;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function serve(handler: Handler) {
  fetchMock.mockImplementation(async (input, init = {}) =>
    handler(new URL(String(input), 'http://test'), init),
  );
}

const bearer = (init: RequestInit) => new Headers(init.headers).get('Authorization');

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  storage.userInfo.set(user);
  notify = vi.fn();
  redirect = vi.fn();
  fetchMock = vi.fn<typeof fetch>();
  configureHttp({
    fetch: fetchMock,
    notify,
    redirect,
    currentLocation: () => '/main/homepage/index?tab=2',
    translate: (key) => `t(${key})`,
    language: () => 'ja',
  });
});

afterEach(() => {
  resetHttp();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('http', () => {
  it('resolves data of a code-0 answer, with the token, language and JSON body', async () => {
    serve(() => envelope(0, { ok: true }));
    await expect(http.post('/acs/permission/get_all', { user_id: 'u1' })).resolves.toEqual({ ok: true });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/acs/permission/get_all');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer access-1');
    expect(headers.get('Accept-Language')).toBe('ja');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe(JSON.stringify({ user_id: 'u1' }));
    expect(notify).not.toHaveBeenCalled();
  });

  it('adds query parameters and skips empty ones', async () => {
    serve(() => envelope(0, []));
    await http.get('acs/user/platform_list', { a: 1, b: undefined, c: 'x y' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/acs/user/platform_list?a=1&c=x+y');
  });

  it('shows the server message as a toast and rejects with an ApiError', async () => {
    serve(() => envelope(409001, { version: 3 }, 'Someone else changed this record.', 409));
    const error = await http.get('/things').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 409001,
      msg: 'Someone else changed this record.',
      data: { version: 3 },
      status: 409,
    });
    expect(notify).toHaveBeenCalledExactlyOnceWith('Someone else changed this record.');
  });

  it('keeps quiet when the caller asks for silence', async () => {
    serve(() => envelope(422001, null, 'refused', 422));
    await expect(http.get('/things', undefined, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(notify).not.toHaveBeenCalled();
  });

  it('translates an HTTP status that comes without an envelope', async () => {
    serve(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(http.get('/things')).rejects.toMatchObject({ code: 502, status: 502, msg: 't(http.502)' });
    expect(notify).toHaveBeenCalledWith('t(http.502)');

    serve(() => new Response('teapot', { status: 418 }));
    await expect(http.get('/things')).rejects.toMatchObject({ msg: 't(http.default)' });
  });

  it('reports an unreachable server', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(http.get('/things')).rejects.toMatchObject({ code: -1, status: 0, msg: 't(http.network)' });
    expect(notify).toHaveBeenCalledWith('t(http.network)');
  });

  it('refreshes once for concurrent 305002 answers, stores the new tokens and retries', async () => {
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    serve(async (url, init) => {
      if (url.pathname === '/api/v1/acs/user/rejwt') {
        expect(url.searchParams.get('rejwt')).toBe('refresh-1');
        expect(bearer(init)).toBeNull();
        await refreshGate;
        return envelope(0, { access_token: 'access-2', refresh_token: 'refresh-2' });
      }
      if (bearer(init) === 'Bearer access-1') return envelope(305002, null, 'expired', 401);
      return envelope(0, url.pathname);
    });

    const answers = Promise.all([http.get('/a'), http.get('/b'), http.post('/c', {})]);
    // Let all three hit the expired token before the refresh answers.
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('rejwt'))).toHaveLength(1),
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    releaseRefresh();

    await expect(answers).resolves.toEqual(['/api/v1/a', '/api/v1/b', '/api/v1/c']);
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('rejwt'))).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(7);
    expect(storage.userInfo.get()).toMatchObject({
      access_token: 'access-2',
      refresh_token: 'refresh-2',
      id: 'u1',
    });
    expect(notify).not.toHaveBeenCalled();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('retries without refreshing again when another request already renewed the token', async () => {
    serve((url, init) => {
      if (url.pathname.endsWith('/rejwt')) throw new Error('must not refresh');
      return bearer(init) === 'Bearer access-1'
        ? envelope(305003, null, 'invalid', 401)
        : envelope(0, 'fresh');
    });
    const late = http.get('/late');
    storage.userInfo.set({ ...user, access_token: 'access-2' });
    await expect(late).resolves.toBe('fresh');
  });

  describe('refreshing before sending a token known to be expired', () => {
    const jwt = (secondsLeft: number, n: number) => {
      const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
      return `${part({ alg: 'HS256' })}.${part({ sub: 'u1', n, exp: Math.floor(Date.now() / 1000) + secondsLeft })}.sig`;
    };

    it('renews once for every request of a page load, and none of them earns a 401', async () => {
      const expired = jwt(-60, 1);
      const fresh = jwt(900, 2);
      storage.userInfo.set({ ...user, access_token: expired });
      let refused = 0;
      serve((url, init) => {
        if (url.pathname.endsWith('/rejwt')) return envelope(0, { access_token: fresh, refresh_token: 'r2' });
        if (bearer(init) !== `Bearer ${fresh}`) {
          refused += 1;
          return envelope(305002, null, 'expired', 401);
        }
        return envelope(0, url.pathname);
      });

      const paths = ['/a', '/b', '/c', '/d'];
      await expect(Promise.all(paths.map((p) => http.get(p)))).resolves.toEqual(
        paths.map((p) => `/api/v1${p}`),
      );
      expect(refused).toBe(0);
      expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('rejwt'))).toHaveLength(1);
      expect(fetchMock).toHaveBeenCalledTimes(5);
      expect(storage.userInfo.get()?.access_token).toBe(fresh);
    });

    it('counts a token within the skew as expired, and sends a valid one as it is', async () => {
      const fresh = jwt(900, 2);
      serve((url) =>
        url.pathname.endsWith('/rejwt')
          ? envelope(0, { access_token: fresh, refresh_token: 'r2' })
          : envelope(0, 'ok'),
      );
      storage.userInfo.set({ ...user, access_token: jwt(5, 1) });
      await http.get('/a');
      expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual([
        '/api/v1/acs/user/rejwt?rejwt=refresh-1',
        '/api/v1/a',
      ]);
      await http.get('/b');
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(bearer(fetchMock.mock.calls[2]![1]!)).toBe(`Bearer ${fresh}`);
    });

    it('sends the user to sign in when the early refresh fails, without sending the request', async () => {
      storage.userInfo.set({ ...user, access_token: jwt(-60, 1) });
      serve((url) =>
        url.pathname.endsWith('/rejwt') ? envelope(305001, null, 'over', 401) : envelope(0, 'x'),
      );
      await expect(http.get('/a')).rejects.toMatchObject({ code: 305002, status: 401 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(redirect).toHaveBeenCalledExactlyOnceWith('/login?redirect=1&cpid=cp9');
      expect(notify).not.toHaveBeenCalled();
    });

    it('stops judging expiry when a fresh token already looks expired (a clock far ahead)', async () => {
      storage.userInfo.set({ ...user, access_token: jwt(-60, 1) });
      serve((url) =>
        url.pathname.endsWith('/rejwt')
          ? envelope(0, { access_token: jwt(-30, 2), refresh_token: 'r2' })
          : envelope(0, 'ok'),
      );
      await http.get('/a');
      await http.get('/b');
      // One refresh, then the server's answers decide: no refresh before every request.
      expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('rejwt'))).toHaveLength(1);
      expect(fetchMock).toHaveBeenCalledTimes(3);
    });
  });

  it('sends the user to sign in with redirect=1 and the cpid when the refresh fails', async () => {
    serve((url) =>
      url.pathname.endsWith('/rejwt')
        ? envelope(305001, null, 'over', 401)
        : envelope(305004, null, 'stale', 401),
    );

    const results = await Promise.allSettled([http.get('/a'), http.get('/b')]);

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(redirect).toHaveBeenCalledExactlyOnceWith('/login?redirect=1&cpid=cp9');
    expect(storage.returnTo.get()).toBe('/main/homepage/index?tab=2');
    expect(sessionStorage.getItem('rx-console:return-to')).toBe(JSON.stringify('/main/homepage/index?tab=2'));
    expect(notify).not.toHaveBeenCalled();
  });

  it('goes to the sign-in page on 305001 and keeps the user info', async () => {
    serve(() => envelope(305001, null, 'session over', 401));
    await expect(http.get('/a')).rejects.toMatchObject({ code: 305001 });
    expect(redirect).toHaveBeenCalledExactlyOnceWith('/login');
    expect(storage.userInfo.get()).toEqual(user);
    expect(notify).not.toHaveBeenCalled();
  });

  it('opens the forced-change page on 403003, to come back to the page the user was on', async () => {
    serve(() => envelope(403003, null, 'change it first', 403));
    await expect(http.get('/notifications')).rejects.toMatchObject({ code: 403003, status: 403 });
    expect(redirect).toHaveBeenCalledExactlyOnceWith('/main/set-password?to=%2Fhomepage%2Findex%3Ftab%3D2');
    // The guard keeps the user there until the password is changed.
    expect(storage.userInfo.get()).toMatchObject({ access_token: 'access-1', is_modified_password: 0 });
    expect(notify).not.toHaveBeenCalled();
  });

  it('stays on the forced-change page when a call from it answers 403003', async () => {
    configureHttp({ currentLocation: () => '/main/set-password?to=%2Fprops' });
    serve(() => envelope(403003, null, 'change it first', 403));
    await expect(http.get('/acs/cp/get_config')).rejects.toMatchObject({ code: 403003 });
    expect(redirect).not.toHaveBeenCalled();
  });

  it('aborts after the timeout and reports it', async () => {
    vi.useFakeTimers();
    configureHttp({ timeoutMs: 120_000 });
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );

    const pending = http.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);

    await expect(pending).resolves.toMatchObject({ code: 408, status: 408, msg: 't(http.408)' });
    expect(notify).toHaveBeenCalledExactlyOnceWith('t(http.408)');
  });

  it('lets a caller cancel without a toast', async () => {
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = http.get('/slow', undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('http: products, downloads and uploads', () => {
  it('sends the chosen product as X-Product-Id', async () => {
    storage.productId.set(7);
    serve(() => envelope(0, []));
    await http.get('/props', { page: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/props?page=1');
    expect(new Headers(init?.headers).get('X-Product-Id')).toBe('7');
  });

  it('answers a streamed file as a Blob with its name, and an envelope error as an error', async () => {
    serve(
      () =>
        new Response('id,name\n1,Gold\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition':
              'attachment; filename="props.csv"; filename*=UTF-8\'\'%E9%81%93%E5%85%B7.csv',
          },
        }),
    );
    const file = await http.download('/props/export', { format: 'csv' });
    expect(file.filename).toBe('道具.csv');
    expect(await file.blob.text()).toBe('id,name\n1,Gold\n');

    serve(() => envelope(403001, null, 'no permission', 403));
    await expect(http.download('/props/export', { format: 'csv' })).rejects.toMatchObject({ code: 403001 });
    expect(notify).toHaveBeenCalledWith('no permission');
  });

  it('sends a Blob body as it is, with its type', async () => {
    serve(() => envelope(0, { create: [] }));
    await http.post('/props/import', new Blob(['a,b'], { type: 'text/csv' }), { query: { dry_run: 1 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/props/import?dry_run=1');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('text/csv');
    expect(init?.body).toBeInstanceOf(Blob);
  });
});
