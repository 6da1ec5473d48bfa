import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { incidentsResource, type Incident, type IncidentTimelineEntry } from '@rx/contracts';
import { body, describeResource, useTestApp } from '../../../test/index.ts';
import { notifications, products, users } from '../../db/schema.ts';
import { announcements } from '../announcements/index.ts';

const t = useTestApp({ product: null });
type List = { list: Incident[]; total: number };

let xianxia = 0;
describeResource(incidentsResource, {
  setup: async (app) => {
    const { productIdOf } = await import('../../../test/api.ts');
    xianxia = await productIdOf(app, 'xianxia');
  },
  sample: (n) => ({
    title: `Login fails ${n}`,
    severity: 'sev2',
    product_ids: [xianxia],
    regions: ['gn'],
    started_at: new Date().toISOString(),
  }),
  change: { summary: 'Gateway times out', postmortem: 'A certificate expired.' },
  invalid: {
    body: { title: 'x', severity: 'sev9', product_ids: [1], started_at: new Date().toISOString() },
    field: 'severity',
  },
  roundTrip: { column: 'title', value: 'Edited in a sheet' },
});

describe('incidents', () => {
  it('opens an incident, moves it forward through its timeline (never back), notifies the managers', async () => {
    const xianxiaId = await t.productIdOf('xianxia');
    const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    const unread = async () =>
      (
        await t.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, admin!.id)))
      ).filter((n) => n.link.startsWith('/offline/accidents')).length;
    const before = await unread();

    const opened = await t.admin.post('/api/v1/incidents', {
      title: `Payments down ${Date.now()}`,
      severity: 'sev1',
      product_ids: [xianxiaId],
      regions: ['gn', 'hw'],
      summary: 'Orders are not delivered',
      started_at: new Date().toISOString(),
    });
    expect(body(opened).code).toBe(0);
    const incident = body<Incident>(opened).data;
    expect(incident).toMatchObject({ status: 'investigating', resolved_at: null, created_by: 'admin' });
    expect(await unread()).toBe(before + 1);

    const post = (status: string, message: string, version: number) =>
      t.admin.post(`/api/v1/incidents/${incident.id}/updates`, { status, message, version });
    const identified = body<{ item: Incident }>(await post('identified', 'The bank gateway is down', 1)).data
      .item;
    expect(identified.status).toBe('identified');
    // Stale version: 409001; back to investigating: refused on the status; nothing written.
    expect(body(await post('monitoring', 'x', 1)).code).toBe(409001);
    const back = await post('investigating', 'Wrong', identified.version);
    expect(body(back)).toMatchObject({ code: 400001, data: { fields: { status: expect.any(String) } } });
    const resolved = body<{ item: Incident }>(await post('resolved', 'Back to normal', identified.version))
      .data.item;
    expect(resolved.status).toBe('resolved');
    expect(resolved.resolved_at).not.toBeNull();

    const timeline = body<{ list: IncidentTimelineEntry[] }>(
      await t.admin.get(`/api/v1/incidents/${incident.id}/updates`),
    ).data.list;
    expect(timeline.map((e) => [e.status, e.message, e.by])).toEqual([
      ['investigating', 'Orders are not delivered', 'admin'],
      ['identified', 'The bank gateway is down', 'admin'],
      ['resolved', 'Back to normal', 'admin'],
    ]);
    expect(await unread()).toBe(before + 3);

    const found = body<List>(
      await t.admin.get(`/api/v1/incidents?product_id=${xianxiaId}&status=resolved`),
    ).data;
    expect(found.list.map((i) => i.id)).toContain(incident.id);

    // Another CP's staff never reads its timeline nor updates it.
    const hw = await t.signIn('ops_hw');
    expect(body(await hw.get(`/api/v1/incidents/${incident.id}/updates`)).code).toBe(404001);
    expect(
      body(
        await hw.post(`/api/v1/incidents/${incident.id}/updates`, {
          status: 'resolved',
          message: 'x',
          version: resolved.version,
        }),
      ).code,
    ).toBe(404001);
  });

  it("refuses another CP's game and an announcement not of its games; links a maintenance announcement", async () => {
    const xianxiaId = await t.productIdOf('xianxia');
    const dawn = await t.productIdOf('dawn');
    const bad = await t.admin.post('/api/v1/incidents', {
      title: 'Elsewhere',
      severity: 'sev3',
      product_ids: [dawn],
      started_at: new Date().toISOString(),
    });
    expect(body(bad)).toMatchObject({ code: 400001, data: { fields: { product_ids: expect.any(String) } } });

    // A maintenance announcement of each game (written directly: its own page is another module's).
    const noticeOf = async (productId: number) => {
      const [product] = await t.database.db.select().from(products).where(eq(products.id, productId));
      const [row] = await t.database.db
        .insert(announcements)
        .values({
          cpId: product!.cpId,
          productId,
          type: 'maintenance',
          title: { zh: '停服维护', en: 'Maintenance' } as Record<string, string>,
          body: {},
        } as typeof announcements.$inferInsert)
        .returning({ id: announcements.id });
      return row!.id;
    };
    const notice = await noticeOf(xianxiaId);
    const dawnNotice = await noticeOf(dawn);
    const foreign = await t.admin.post('/api/v1/incidents', {
      title: 'Foreign notice',
      severity: 'sev3',
      product_ids: [xianxiaId],
      announcement_id: dawnNotice,
      started_at: new Date().toISOString(),
    });
    expect(body(foreign)).toMatchObject({
      code: 400001,
      data: { fields: { announcement_id: expect.any(String) } },
    });
    const linked = await t.admin.post('/api/v1/incidents', {
      title: 'Maintenance tonight',
      severity: 'sev4',
      product_ids: [xianxiaId],
      announcement_id: notice,
      started_at: new Date().toISOString(),
    });
    expect(body<Incident>(linked).data.announcement_id).toBe(notice);
  });
});
