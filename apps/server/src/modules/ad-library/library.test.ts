import { describe, expect, it } from 'vitest';
import {
  adAppsResource,
  adTitlesResource,
  type AdAccount,
  type AdAuthorizeAnswer,
  type AdBatch,
  type AdLibraryEntry,
} from '@rx/contracts';
import { body, describeResource, useTestApp } from '../../../test/index.ts';

// The ad tools' simple lists: the generic behaviour of two kinds with different fields (titles,
// applications), then what is specific: each kind's own fields and rules, kinds kept apart, usage
// counts from batch ads, permissions per page and CPs apart.

describeResource(adTitlesResource, {
  sample: (n) => ({ text: `仙侠新服开启第${n}区`, media: n % 2 ? 'jrtt' : '' }),
  change: { text: '登录即领神宠坐骑', note: 'spring' },
  invalid: { body: { text: '短' }, field: 'text' },
  roundTrip: { column: 'note', value: 'edited in a sheet' },
});

describeResource(adAppsResource, {
  sample: (n) => ({
    text: `Xianxia ${n}`,
    media: 'tencent',
    app_id: `1100${n}`,
    package_name: `com.rx.xx${n}`,
  }),
  change: { package_name: 'com.rx.renamed' },
  invalid: { body: { text: 'No medium', app_id: '1' }, field: 'media' },
  roundTrip: { column: 'app_id', value: '99887766' },
});

type List = { list: AdLibraryEntry[]; total: number };

describe('ad library', () => {
  const t = useTestApp();
  const admin = t.admin;

  it('keeps each kind to its own fields and its own rows', async () => {
    const title = await admin.post('/api/v1/ad-titles', { text: '首充六元送神兵', app_id: '123' });
    expect(body(title)).toMatchObject({ code: 400001, data: { fields: { app_id: expect.any(String) } } });
    const long = await admin.post('/api/v1/ad-titles', { text: 'x'.repeat(31) });
    expect(body(long)).toMatchObject({ code: 400001, data: { fields: { text: expect.any(String) } } });
    const nul = await admin.post('/api/v1/ad-copies', { text: 'bad\u0000copy' });
    expect(body(nul)).toMatchObject({ code: 400001, data: { fields: { text: expect.any(String) } } });
    const pkg = await admin.post('/api/v1/ad-apps', {
      text: 'Bad package',
      media: 'jrtt',
      app_id: '1',
      package_name: 'not a package',
    });
    expect(body(pkg)).toMatchObject({ code: 400001, data: { fields: { package_name: expect.any(String) } } });

    const label = body<AdLibraryEntry>(await admin.post('/api/v1/ad-labels', { text: '春节' })).data;
    expect(label).toMatchObject({ text: '春节', media: '', app_id: '', usage_count: 0 });
    const twice = await admin.post('/api/v1/ad-labels', { text: '春节' });
    expect(body(twice)).toMatchObject({ code: 400001, data: { fields: { text: expect.any(String) } } });
    // The same text is another kind's own row (each kind is a table of its own).
    const source = body<AdLibraryEntry>(await admin.post('/api/v1/ad-sources', { text: '春节' })).data;
    expect(body<List>(await admin.get('/api/v1/ad-sources?q=春节')).data.list.map((s) => s.id)).toEqual([
      source.id,
    ]);
    expect(body<List>(await admin.get('/api/v1/ad-labels?q=春')).data.list.map((l) => l.id)).toEqual([
      label.id,
    ]);
    expect((await t.logsOf('ad_label', label.id))[0]).toMatchObject({ action: 'create' });
  });

  it('counts the batch ads that used a title or a copy', async () => {
    const start = body<AdAuthorizeAnswer>(await admin.post('/api/v1/ad-accounts/authorize?media=jrtt')).data;
    await admin.post('/api/v1/ad-accounts/authorize/callback?media=jrtt', {
      code: 'fake-agent-71',
      state: start.state,
    });
    const accounts = body<{ list: AdAccount[] }>(
      await admin.get('/api/v1/ad-accounts?media=jrtt&q=jrtt-agent-71-'),
    ).data.list;
    expect(accounts.length).toBeGreaterThan(1);
    const used = body<AdLibraryEntry>(await admin.post('/api/v1/ad-titles', { text: '七日登录送神宠' })).data;
    const unused = body<AdLibraryEntry>(
      await admin.post('/api/v1/ad-titles', { text: '从未用过的标题' }),
    ).data;
    const copy = body<AdLibraryEntry>(await admin.post('/api/v1/ad-copies', { text: '七日登录送神宠' })).data;
    const res = await admin.post('/api/v1/ad-batches?media=jrtt', {
      name: 'uses a title',
      ad_account_ids: accounts.map((a) => a.id),
      titles: ['七日登录送神宠'],
      budget: 50_000,
      bid: 120,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<AdBatch>(res).data.total).toBe(accounts.length);

    const titles = body<List>(await admin.get('/api/v1/ad-titles?page_size=100')).data.list;
    expect(titles.find((x) => x.id === used.id)?.usage_count).toBe(accounts.length);
    expect(titles.find((x) => x.id === unused.id)?.usage_count).toBe(0);
    expect(body<AdLibraryEntry>(await admin.get(`/api/v1/ad-copies/${copy.id}`)).data.usage_count).toBe(
      accounts.length,
    );
  });

  it('needs the page’s permissions; another CP never sees the rows', async () => {
    const app = body<AdLibraryEntry>(
      await admin.post('/api/v1/ad-apps', { text: 'Cloud Sword', media: 'jrtt', app_id: '5566' }),
    ).data;
    const viewer = await t.staff(['launch/see/application']);
    expect(body<List>(await viewer.get('/api/v1/ad-apps?media=jrtt')).data.list.map((a) => a.id)).toContain(
      app.id,
    );
    expect(body(await viewer.post('/api/v1/ad-apps', { text: 'x', media: 'jrtt', app_id: '1' })).code).toBe(
      403001,
    );
    expect(body(await viewer.get('/api/v1/ad-titles')).code).toBe(403001);
    const hw = await t.signIn('ops_hw');
    expect(body<List>(await hw.get('/api/v1/ad-apps')).data?.list ?? []).not.toContainEqual(
      expect.objectContaining({ id: app.id }),
    );
    expect(body(await hw.get(`/api/v1/ad-apps/${app.id}`)).code).not.toBe(0);
  });
});
