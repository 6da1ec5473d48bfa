import { describe, expect, it } from 'vitest';
import { documentsResource, type DocumentItem, type DocumentVersion } from '@rx/contracts';
import { body, describeResource, useTestApp } from '../../../test/index.ts';

const t = useTestApp({ product: null });
type List = { list: DocumentItem[]; total: number };

describeResource(documentsResource, {
  sample: (n) => ({ title: `Runbook ${n}`, category: 'Runbooks', body: `<p>Step ${n}</p>` }),
  change: { title: 'Runbook (edited)', body: '<p>Edited</p>' },
  invalid: { body: { title: '', category: 'Runbooks' }, field: 'title' },
  roundTrip: { column: 'title', value: 'Edited in a sheet' },
});

describe('documents', () => {
  it('cleans the rich text, keeps every saved version, and searches by words and category', async () => {
    const tag = Date.now().toString(36);
    const created = await t.admin.post('/api/v1/documents', {
      title: `Payment outage playbook ${tag}`,
      category: `Ops ${tag}`,
      body: '<p>Call the <b>bank</b></p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror="alert(1)">',
      attachments: [{ name: 'Contacts', url: '/files/AAAAAAAAAAAAAAAAAAAAAA' }],
    });
    expect(body(created).code).toBe(0);
    const doc = body<DocumentItem>(created).data;
    expect(doc.body).toContain('<b>bank</b>');
    expect(doc.body).not.toMatch(/script|javascript:|onerror/);
    expect(doc).toMatchObject({ revision: 1, updated_by: 'admin' });

    const edited = body<DocumentItem>(
      await t.admin.put(`/api/v1/documents/${doc.id}`, {
        body: '<p>Call the bank, then the <i>provider</i></p>',
        version: doc.version,
      }),
    ).data;
    expect(edited.revision).toBe(2);
    const versions = body<{ list: DocumentVersion[] }>(
      await t.admin.get(`/api/v1/documents/${doc.id}/versions`),
    ).data.list;
    expect(versions.map((v) => v.revision)).toEqual([2, 1]);
    expect(versions[1]!.body).toContain('<b>bank</b>');
    expect(versions[1]!.attachments).toEqual([{ name: 'Contacts', url: '/files/AAAAAAAAAAAAAAAAAAAAAA' }]);
    expect(versions[0]!.by).toBe('admin');

    const search = async (query: string) =>
      body<List>(await t.admin.get(`/api/v1/documents?${query}`)).data.list.map((d) => d.id);
    expect(await search(`q=${encodeURIComponent(`provider ${tag}`)}`)).toEqual([doc.id]);
    expect(await search(`q=${encodeURIComponent(`bank nowhere${tag}`)}`)).toEqual([]);
    expect(await search(`category=${encodeURIComponent(`Ops ${tag}`)}`)).toEqual([doc.id]);
    const categories = body<{ categories: string[] }>(await t.admin.get('/api/v1/documents/categories')).data
      .categories;
    expect(categories).toContain(`Ops ${tag}`);

    // A bad attachment address and a body past the limit are refused; nothing changes.
    const bad = await t.admin.put(`/api/v1/documents/${doc.id}`, {
      attachments: [{ name: 'x', url: 'javascript:alert(1)' }],
      body: 'x'.repeat(200_001),
      version: edited.version,
    });
    expect(Object.keys(body<{ fields: object }>(bad).data.fields).sort()).toEqual([
      'attachments.0.url',
      'body',
    ]);
    expect(body<DocumentItem>(await t.admin.get(`/api/v1/documents/${doc.id}`)).data.revision).toBe(2);

    // Another CP reads neither the document nor its versions nor its category.
    const hw = await t.signIn('ops_hw');
    expect(body(await hw.get(`/api/v1/documents/${doc.id}/versions`)).code).toBe(404001);
    const theirs = body<{ categories: string[] }>(await hw.get('/api/v1/documents/categories')).data
      .categories;
    expect(theirs).not.toContain(`Ops ${tag}`);
    const viewer = await t.staff([]);
    expect(body(await viewer.get('/api/v1/documents/categories')).code).toBe(403001);
  });
});
