import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CpConfig } from '@rx/contracts/acs';
import { loadConfig } from '../../config.ts';
import { bearer, body, createTestApp, signInAs, type TestContext } from '../../../test/helpers.ts';

// The addresses of the big-data platform and the service workbench come from the environment
// (BI_URL, SERVICE_WORKBENCH_URL) through the config answers the console reads.
const env = (extra: Record<string, string>) => ({
  DATA_DIR: '/tmp/unused',
  SSO_SECRET: 's',
  JWT_SECRET: 'j',
  ...extra,
});

describe('external entries from configuration', () => {
  let bare: TestContext;
  let configured: TestContext;
  beforeAll(async () => {
    const none = loadConfig(env({ BI_URL: '' }));
    const set = loadConfig(
      env({ BI_URL: 'https://bi.example.com/', SERVICE_WORKBENCH_URL: 'https://cs.example.com/desk' }),
    );
    bare = await createTestApp({
      external: { biUrl: none.biUrl, serviceWorkbenchUrl: none.serviceWorkbenchUrl },
    });
    configured = await createTestApp({
      external: { biUrl: set.biUrl, serviceWorkbenchUrl: set.serviceWorkbenchUrl },
    });
  });
  afterAll(async () => {
    await bare?.app.close();
    await configured?.app.close();
  });

  const ask = async (t: TestContext, url: string) => {
    const { user } = await signInAs(t.app, 'admin');
    return t.app.inject({ url, headers: { ...bearer(user.access_token), 'accept-language': 'en' } });
  };

  it('answers the configured addresses in the CP config, and the big-data platform in the platform list', async () => {
    const config = await ask(configured, '/api/v1/acs/cp/get_config');
    expect(body<CpConfig>(config).data.external_urls).toEqual({
      bi: 'https://bi.example.com/',
      service_workbench: 'https://cs.example.com/desk',
    });
    expect(body(await ask(configured, '/api/v1/acs/user/platform_list')).data).toEqual([
      { platform: 'main', name: 'Operations console', url: '/main/' },
      { platform: 'bi', name: 'Big-data query platform', url: 'https://bi.example.com/' },
    ]);
    const link = await ask(configured, '/api/v1/acs/user/platform_link?platform=bi');
    expect(body<{ url: string }>(link).data.url).toMatch(
      /^https:\/\/bi\.example\.com\/\?is_modified_password=1&sign=/,
    );
  });

  it('with nothing configured answers null addresses and never links to a missing platform', async () => {
    const config = await ask(bare, '/api/v1/acs/cp/get_config');
    expect(config.statusCode).toBe(200);
    expect(body<CpConfig>(config).data).toMatchObject({
      publish_area: 'gn',
      external_urls: { bi: null, service_workbench: null },
    });
    expect(body(await ask(bare, '/api/v1/acs/user/platform_list')).data).toEqual([
      { platform: 'main', name: 'Operations console', url: '/main/' },
    ]);
    const link = await ask(bare, '/api/v1/acs/user/platform_link?platform=bi');
    expect(link.statusCode).toBe(404);
    expect(body(link)).toMatchObject({ code: 404001, data: null });
  });

  it('reads unset and empty variables alike', () => {
    expect(loadConfig(env({}))).toMatchObject({ biUrl: undefined, serviceWorkbenchUrl: undefined });
    expect(loadConfig(env({ SERVICE_WORKBENCH_URL: '' })).serviceWorkbenchUrl).toBeUndefined();
  });
});
