import { describe, expect, it } from 'vitest';
import {
  landingPagesResource,
  type LandingPage,
  type LandingPageCreate,
  type LandingVersion,
} from '@rx/contracts';
import { body, describeResource, useTestApp } from '../../../test/index.ts';

const t = useTestApp();

const page = (n: number, extra: Partial<LandingPageCreate> = {}): LandingPageCreate => ({
  slug: `page-${n}-${Date.now().toString(36)}`,
  name: `Page ${n}`,
  default_lang: 'zh',
  variants: [{ lang: 'zh', title: `标题 ${n}` }],
  ...extra,
});

describeResource(landingPagesResource, {
  sample: (n) => page(n),
  change: { name: 'Renamed page' },
  invalid: { body: { ...page(0), slug: 'Not A Slug!' }, field: 'slug' },
});

const visit = (slug: string, headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ method: 'GET', url: `/l/${slug}${query}`, headers });

describe('landing pages', () => {
  it('serves the published version as sanitised HTML with its Open Graph tags; rollback serves the earlier one', async () => {
    const created = body<LandingPage>(
      await t.admin.post(
        '/api/v1/landing-pages',
        page(1, {
          slug: 'spring-invite',
          default_lang: 'en',
          variants: [
            {
              lang: 'en',
              title: 'Spring <festival>',
              description: 'Join "us"',
              body_html:
                '<p onclick="x()">Hello<script>alert(1)</script> <b>friend</b></p><img src="javascript:alert(1)">',
              og_title: 'Spring OG',
              og_image: 'https://cdn.example.com/og.png',
            },
            { lang: 'ar', title: 'عيد الربيع' },
          ],
          store_buttons: [{ store: 'app_store', url: 'https://apps.apple.com/app/id1' }],
          deep_link: 'mygame://invite?from=landing',
        }),
      ),
    ).data;
    expect(created.variants[0]!.body_html).toBe('<p>Hello <b>friend</b></p>');
    // Not published yet: nothing is served.
    expect((await visit('spring-invite')).statusCode).toBe(404);

    const v1 = body<LandingPage>(
      await t.admin.post(`/api/v1/landing-pages/${created.id}/publish`, { version: created.version }),
    ).data;
    expect(v1).toMatchObject({ live_version: 1, versions: 1 });
    const first = await visit('spring-invite', { 'accept-language': 'fr, en;q=0.8' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/html');
    expect(first.body).toContain('<title>Spring &lt;festival&gt;</title>');
    expect(first.body).toContain('<meta property="og:title" content="Spring OG">');
    expect(first.body).toContain('<meta property="og:image" content="https://cdn.example.com/og.png">');
    expect(first.body).toContain('<meta property="og:description" content="Join &quot;us&quot;">');
    expect(first.body).toContain('href="mygame://invite?from=landing"');
    expect(first.body).toContain('data-store="app_store" href="https://apps.apple.com/app/id1"');
    expect(first.body).not.toMatch(/<script|onclick|javascript:/);
    const arabic = await visit('spring-invite', {}, '?lang=ar');
    expect(arabic.body).toContain('<html lang="ar" dir="rtl"');
    expect(arabic.body).toContain('عيد الربيع');

    // The draft changes; the public page stays on version 1 until published.
    const edited = body<LandingPage>(
      await t.admin.put(`/api/v1/landing-pages/${created.id}`, {
        variants: [{ lang: 'en', title: 'Summer' }],
        version: v1.version,
      }),
    ).data;
    expect((await visit('spring-invite')).body).toContain('Spring');
    const v2 = body<LandingPage>(
      await t.admin.post(`/api/v1/landing-pages/${created.id}/publish`, { version: edited.version }),
    ).data;
    expect(v2.live_version).toBe(2);
    expect((await visit('spring-invite')).body).toContain('<title>Summer</title>');

    const back = body<LandingPage>(
      await t.admin.post(`/api/v1/landing-pages/${created.id}/rollback`, { version: v2.version, to: 1 }),
    ).data;
    expect(back.live_version).toBe(1);
    expect((await visit('spring-invite')).body).toContain('<title>Spring &lt;festival&gt;</title>');
    const unknown = await t.admin.post(`/api/v1/landing-pages/${created.id}/rollback`, {
      version: back.version,
      to: 9,
    });
    expect(body(unknown).code).toBe(422001);
    const stale = await t.admin.post(`/api/v1/landing-pages/${created.id}/rollback`, {
      version: v2.version,
      to: 2,
    });
    expect(body(stale).code).toBe(409001);

    const versions = body<{ list: LandingVersion[] }>(
      await t.admin.get(`/api/v1/landing-pages/${created.id}/versions`),
    ).data.list;
    expect(versions.map((v) => [v.number, v.title, v.live])).toEqual([
      [2, 'Summer', false],
      [1, 'Spring <festival>', true],
    ]);
    // Every served page was counted.
    const counted = body<LandingPage>(await t.admin.get(`/api/v1/landing-pages/${created.id}`)).data;
    expect(counted.visits).toBe(5);
    expect((await t.logsOf('landing_page', created.id)).map((l) => l.action)).toEqual(
      expect.arrayContaining(['create', 'publish', 'rollback']),
    );
  });

  it('refuses a taken slug, a default language without its version, a wrong store address', async () => {
    await t.admin.post('/api/v1/landing-pages', page(2, { slug: 'taken-slug' }));
    const taken = await t.admin.post('/api/v1/landing-pages', page(3, { slug: 'taken-slug' }));
    expect(body(taken)).toMatchObject({ code: 400001, data: { fields: { slug: expect.any(String) } } });
    const noDefault = await t.admin.post('/api/v1/landing-pages', page(4, { default_lang: 'ja' }));
    expect(body(noDefault)).toMatchObject({
      code: 400001,
      data: { fields: { default_lang: expect.any(String) } },
    });
    const store = await t.admin.post(
      '/api/v1/landing-pages',
      page(5, { store_buttons: [{ store: 'google_play', url: 'http://play.google.com/x' }] }),
    );
    expect(body(store).code).toBe(400001);
    expect((await visit('NOT_A_SLUG')).statusCode).toBe(400);
    expect((await visit('no-such-page')).statusCode).toBe(404);
  });

  it('needs its permissions to publish; another CP cannot publish or roll back', async () => {
    const created = body<LandingPage>(await t.admin.post('/api/v1/landing-pages', page(6))).data;
    const viewer = await t.staff(['share/see/landing_page']);
    expect(body(await viewer.get(`/api/v1/landing-pages/${created.id}/versions`)).code).toBe(0);
    const refused = await viewer.post(`/api/v1/landing-pages/${created.id}/publish`, {
      version: created.version,
    });
    expect(body(refused).code).toBe(403001);
    const hw = await t.signIn('ops_hw', 'dawn');
    expect(
      body(await hw.post(`/api/v1/landing-pages/${created.id}/publish`, { version: created.version })).code,
    ).toBe(404001);
    expect(body(await hw.get(`/api/v1/landing-pages/${created.id}/versions`)).code).toBe(404001);
  });
});
