import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@rx/contracts/acs';
import { storage } from '@/shared/storage.ts';
import { memoryStorage } from '@/shared/memory-storage.ts';
import { acs } from './acs.ts';
import { createSessionGuard, passwordDetour, type InstallRoutes } from './guard.ts';
import { useSession } from './session.ts';

vi.mock('../shared/i18n.ts', () => ({ setLanguage: vi.fn(async () => {}) }));
vi.mock('./product/store.ts', () => ({ loadProducts: vi.fn(async () => {}) }));
vi.mock('./acs.ts', () => ({
  acs: {
    linkLogin: vi.fn(),
    cpConfig: vi.fn(async () => ({ gw_domain: 'gw', publish_area: 'gn', cp_name: 'CP' })),
    permissions: vi.fn(async () => ['see/home']),
    platformList: vi.fn(async () => []),
  },
}));

const user: UserInfo = {
  id: 'u1',
  username: 'alice',
  access_token: 'a',
  refresh_token: 'r',
  cpid: 'cp9',
  usertype: 2,
  role_info: [{ identifier: 'ops' }],
  default_lang: 'th',
  is_modified_password: 1,
};

const LINK = `is_modified_password=1&sign=${'f'.repeat(64)}&trace_id=trace-0001&ts=1700000000&user_id=u1`;

let installRoutes: ReturnType<typeof vi.fn<InstallRoutes>>;
let sessionGuard: ReturnType<typeof createSessionGuard>;

/** Runs the guard for an address; resolves the Response it throws, or null when navigation goes on. */
async function guard(path: string): Promise<Response | null> {
  const args = { request: new Request(`http://console.test${path}`), params: {}, context: {} };
  try {
    await sessionGuard(args as unknown as Parameters<typeof sessionGuard>[0], async () => ({}));
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('window', { location: { origin: 'http://console.test' } });
  useSession.setState({ user: null, cpConfig: null, permissions: [], platforms: [], ready: false });
  vi.mocked(acs.linkLogin).mockReset();
  vi.mocked(acs.permissions).mockClear();
  installRoutes = vi.fn<InstallRoutes>();
  sessionGuard = createSessionGuard(installRoutes);
});

const location = (response: Response | null) => response?.headers.get('Location');
const installedPaths = () => installRoutes.mock.calls[0]![0].map((page) => page.path);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sessionGuard', () => {
  it('signs in with a link, saves the user and project version, and cleans the address', async () => {
    vi.mocked(acs.linkLogin).mockResolvedValue(user);
    const response = await guard(`/main/homepage/index?tab=1&${LINK}&usertype=2&project_version=7&cpid=cp9`);

    expect(acs.linkLogin).toHaveBeenCalledWith({
      is_modified_password: 1,
      sign: 'f'.repeat(64),
      trace_id: 'trace-0001',
      ts: 1700000000,
      user_id: 'u1',
      usertype: 2,
    });
    expect(storage.userInfo.get()).toEqual(user);
    expect(storage.projectVersion.get()).toBe('7');
    expect(response?.headers.get('Location')).toBe('/homepage/index?tab=1');
    expect(response?.headers.has('X-Remix-Replace')).toBe(true);
  });

  it('honours a console redirect after a link sign-in', async () => {
    vi.mocked(acs.linkLogin).mockResolvedValue(user);
    const response = await guard(
      `/main/?${LINK}&redirect=${encodeURIComponent('/main/useraccount/refund?x=1')}`,
    );
    expect(response?.headers.get('Location')).toBe('/useraccount/refund?x=1');
  });

  it('follows a redirect whose query holds Chinese, encoded as an address', async () => {
    vi.mocked(acs.linkLogin).mockResolvedValue(user);
    const response = await guard(
      `/main/?${LINK}&redirect=${encodeURIComponent('/main/basic/gift-list?q=维护补偿')}`,
    );
    expect(response?.headers.get('Location')).toBe(`/basic/gift-list?q=${encodeURIComponent('维护补偿')}`);
  });

  it('ignores a redirect outside the console', async () => {
    vi.mocked(acs.linkLogin).mockResolvedValue(user);
    const response = await guard(`/main/?${LINK}&redirect=${encodeURIComponent('https://evil.test/main/')}`);
    expect(response?.headers.get('Location')).toBe('/');
  });

  it('sends the user to the sign-in page when the link is refused', async () => {
    vi.mocked(acs.linkLogin).mockRejectedValue(new Error('401004'));
    const response = await guard(`/main/?${LINK}`);
    expect(response?.headers.get('Location')).toBe('http://console.test/login');
    expect(response?.headers.has('X-Remix-Reload-Document')).toBe(true);
    expect(storage.userInfo.get()).toBeNull();
  });

  it('needs all five link fields', async () => {
    const response = await guard(`/main/?${LINK.replace(/&user_id=u1/, '')}`);
    expect(acs.linkLogin).not.toHaveBeenCalled();
    expect(response?.headers.get('Location')).toBe('http://console.test/login');
  });

  it('loads config, permissions and platforms once, adds the permitted routes and navigates again', async () => {
    storage.userInfo.set(user);
    const first = await guard('/main/homepage/index?tab=2');
    expect(location(first)).toBe('/homepage/index?tab=2');
    expect(first?.headers.has('X-Remix-Replace')).toBe(true);
    expect(useSession.getState()).toMatchObject({ ready: true, permissions: ['see/home'], user });
    expect(storage.permissions.get()).toEqual(['see/home']);
    expect(storage.platformConfig.get()).toMatchObject({ publish_area: 'gn' });
    expect(installedPaths()).toContain('/homepage/index');
    expect(installedPaths()).not.toContain('/basic/gift-list');

    await expect(guard('/main/homepage/index?tab=2')).resolves.toBeNull();
    await expect(guard('/main/404')).resolves.toBeNull();
    expect(acs.permissions).toHaveBeenCalledTimes(1);
    expect(installRoutes).toHaveBeenCalledTimes(1);
  });

  it('adds only the pages of the publish area, all of them for admin', async () => {
    storage.userInfo.set({ ...user, role_info: [{ identifier: 'admin' }] });
    await guard('/main/');
    expect(installedPaths()).toContain('/useraccount/refund/detail/:orderNo?');
    expect(installedPaths()).toContain('/system/staff');
    expect(installedPaths()).not.toContain('/newrxlaunch/payment-hw/goods-management');
  });

  it('keeps a user on the initial password on the set-password screen', async () => {
    storage.userInfo.set({ ...user, is_modified_password: 0 });
    const first = await guard('/main/useraccount/refund?x=1');
    expect(location(first)).toBe(`/set-password?to=${encodeURIComponent('/useraccount/refund?x=1')}`);
    expect(installRoutes).toHaveBeenCalledTimes(1);
    expect(location(await guard('/main/homepage/index'))).toBe('/set-password?to=%2Fhomepage%2Findex');
    await expect(guard('/main/set-password?to=%2F')).resolves.toBeNull();

    useSession.setState({ user: { ...user, is_modified_password: 1 } });
    await expect(guard('/main/homepage/index')).resolves.toBeNull();
  });

  it('loads the session once for overlapping navigations, and matches each again', async () => {
    storage.userInfo.set(user);
    const [first, second] = await Promise.all([
      guard('/main/homepage/index'),
      guard('/main/basic/gift-list'),
    ]);
    expect(location(first)).toBe('/homepage/index');
    expect(location(second)).toBe('/basic/gift-list');
    expect(acs.permissions).toHaveBeenCalledTimes(1);
    expect(installRoutes).toHaveBeenCalledTimes(1);
  });

  it('reloads the document when another user signs in within it', async () => {
    storage.userInfo.set(user);
    await guard('/main/homepage/index');
    vi.mocked(acs.linkLogin).mockResolvedValue({ ...user, id: 'u2' });
    expect(location(await guard(`/main/homepage/index?${LINK}`))).toBe('/homepage/index');
    const again = await guard('/main/homepage/index');
    expect(again?.headers.has('X-Remix-Reload-Document')).toBe(true);
    expect(location(again)).toBe('http://console.test/main/homepage/index');
    expect(installRoutes).toHaveBeenCalledTimes(1);
  });
});

describe('passwordDetour', () => {
  it('applies to users on the initial password only', () => {
    expect(passwordDetour({ is_modified_password: 1 }, '/x')).toBeUndefined();
    expect(passwordDetour({ is_modified_password: 0 }, '/x')).toBe('/set-password?to=%2Fx');
    expect(passwordDetour({ is_modified_password: 0 }, '/set-password')).toBeUndefined();
  });
});
