import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@rx/contracts/acs';
import { storage } from '../shared/storage.ts';
import { memoryStorage } from '../shared/memory-storage.ts';
import { acs } from './acs.ts';
import { sessionGuard } from './guard.ts';
import { useSession } from './session.ts';

vi.mock('../shared/i18n.ts', () => ({ setLanguage: vi.fn(async () => {}) }));
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
});

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

  it('loads config, permissions and platforms once for a saved user', async () => {
    storage.userInfo.set(user);
    await expect(guard('/main/homepage/index')).resolves.toBeNull();
    expect(useSession.getState()).toMatchObject({ ready: true, permissions: ['see/home'], user });
    expect(storage.permissions.get()).toEqual(['see/home']);
    expect(storage.platformConfig.get()).toMatchObject({ publish_area: 'gn' });

    await guard('/main/404');
    expect(acs.permissions).toHaveBeenCalledTimes(1);
  });
});
