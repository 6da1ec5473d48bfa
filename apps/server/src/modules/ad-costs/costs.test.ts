import { describe, expect, it } from 'vitest';
import type { AdCost, AdCostBatch, AdCostUploadAnswer } from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { adCostBatches, adCostRows } from './tables.ts';

// Media cost upload (overseas): a file previewed with its row errors and nothing written, then
// committed as batch 1; a second file replacing some days as batch 2; rolling batch 2 back puts
// batch 1's figures in force again; a domestic game, a viewer and another CP are refused.

const t = useTestApp();
type List = { list: AdCost[]; total: number };
const HEADER = 'day,media,account_id,campaign,cost,currency,impressions,clicks';

describe('ad costs', () => {
  it('previews, commits batches, and rolls one back to the figures it replaced', async () => {
    const hw = await t.signIn('ops_hw', 'dawn');
    const beforeRows = await t.rowCount(adCostRows);
    const wrong = [
      HEADER,
      '2031-03-01,facebook,act_1001,Spring,120.50,usd,1000,40',
      '2031-02-30,facebook,act_1001,,10,USD,,',
      '2031-03-01,facebook,act_1001,,1.234,USD,,',
      '2031-03-02,Face Book!,act_1001,,5,USD,,',
      '2031-03-01,facebook,act_1001,Again,9,USD,,',
    ].join('\r\n');
    const preview = body<AdCostUploadAnswer>(
      await hw.upload('/api/v1/ad-costs/upload?dry_run=1&file_name=march.csv', wrong),
    ).data;
    expect(preview.rows).toBe(1);
    expect(preview.errors.map((e) => `${e.row}:${e.field}`)).toEqual([
      '3:day',
      '4:cost',
      '5:media',
      '6:account_id',
    ]);
    expect(preview.sample[0]).toMatchObject({
      day: '2031-03-01',
      cost: 12_050,
      currency: 'USD',
      impressions: 1000,
    });
    const refused = await hw.upload('/api/v1/ad-costs/upload', wrong);
    expect(body(refused)).toMatchObject({ code: 400001, data: { errors: expect.any(Array) } });
    expect(await t.rowCount(adCostRows)).toBe(beforeRows);

    const first = [
      HEADER,
      '2031-03-01,facebook,act_1001,Spring,120.50,USD,1000,40',
      '2031-03-02,facebook,act_1001,Spring,80,USD,800,30',
      '2031-03-01,google,77-123,,55.5,USD,,',
    ].join('\n');
    const one = body<AdCostUploadAnswer>(
      await hw.upload('/api/v1/ad-costs/upload?file_name=march.csv', first),
    ).data;
    expect(one.batch).toMatchObject({
      rows: 3,
      status: 'active',
      totals: { USD: 25_600 },
      file_name: 'march.csv',
    });
    const inForce = async () =>
      body<List>(
        await hw.get('/api/v1/ad-costs?from=2031-03-01&to=2031-03-31&sort=day&page_size=50'),
      ).data.list.map((c) => `${c.day} ${c.media} ${c.account_id} ${c.cost} #${c.batch_number}`);
    const n1 = one.batch!.number;
    expect((await inForce()).sort()).toEqual(
      [
        `2031-03-01 facebook act_1001 12050 #${n1}`,
        `2031-03-01 google 77-123 5550 #${n1}`,
        `2031-03-02 facebook act_1001 8000 #${n1}`,
      ].sort(),
    );

    // A restated day: the preview says it replaces one figure; committed, the new figure is in force.
    const second = [
      HEADER,
      '2031-03-02,facebook,act_1001,Spring,95,USD,900,33',
      '2031-03-03,facebook,act_1001,,20,USD,,',
    ].join('\n');
    const dry = body<AdCostUploadAnswer>(await hw.upload('/api/v1/ad-costs/upload?dry_run=1', second)).data;
    expect(dry).toMatchObject({ rows: 2, replacing: 1, batch: null });
    const two = body<AdCostUploadAnswer>(await hw.upload('/api/v1/ad-costs/upload', second)).data.batch!;
    expect(two.number).toBe(n1 + 1);
    expect(await inForce()).toContain(`2031-03-02 facebook act_1001 9500 #${two.number}`);
    expect(await inForce()).not.toContain(`2031-03-02 facebook act_1001 8000 #${n1}`);
    const ofOne = body<List>(await hw.get(`/api/v1/ad-costs?batch_id=${one.batch!.id}`)).data.list;
    expect(ofOne.find((c) => c.day === '2031-03-02')?.current).toBe(false);

    // Rolled back: batch 1's figure counts again, batch 2's new day is gone; a second rollback is refused.
    const stale = await hw.post(`/api/v1/ad-costs/batches/${two.id}/rollback`, { version: two.version + 5 });
    expect(body(stale).code).toBe(409001);
    const rolled = body<AdCostBatch>(
      await hw.post(`/api/v1/ad-costs/batches/${two.id}/rollback`, { version: two.version }),
    ).data;
    expect(rolled).toMatchObject({ status: 'rolled_back', rolled_back_by: 'ops_hw' });
    expect((await inForce()).sort()).toEqual(
      [
        `2031-03-01 facebook act_1001 12050 #${n1}`,
        `2031-03-01 google 77-123 5550 #${n1}`,
        `2031-03-02 facebook act_1001 8000 #${n1}`,
      ].sort(),
    );
    const again = await hw.post(`/api/v1/ad-costs/batches/${two.id}/rollback`, { version: rolled.version });
    expect(body(again).code).toBe(422001);
    const batches = body<{ list: AdCostBatch[] }>(await hw.get('/api/v1/ad-costs/batches')).data.list;
    expect(batches.slice(0, 2).map((b) => [b.number, b.status])).toEqual([
      [two.number, 'rolled_back'],
      [n1, 'active'],
    ]);
    // The declared sort and filter: oldest first, and by status.
    const listed = (query: string) =>
      hw.get(`/api/v1/ad-costs/batches?${query}`).then((r) => body<{ list: AdCostBatch[] }>(r).data.list);
    const oldestFirst = (await listed('sort=id&page_size=100')).map((b) => b.number);
    expect(oldestFirst.indexOf(n1)).toBeGreaterThanOrEqual(0);
    expect(oldestFirst.indexOf(n1)).toBeLessThan(oldestFirst.indexOf(two.number));
    const rolledBack = await listed('status=rolled_back&page_size=100');
    expect(rolledBack.map((b) => b.number)).toContain(two.number);
    expect(new Set(rolledBack.map((b) => b.status))).toEqual(new Set(['rolled_back']));
    expect((await t.logsOf('ad_cost_batch', two.id)).map((l) => l.action).sort()).toEqual([
      'import',
      'rollback',
    ]);

    const exported = await hw.get('/api/v1/ad-costs/export?format=csv&from=2031-03-01&to=2031-03-31');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('120.50');
  });

  it('refuses a file without its columns, domestic games, a viewer’s upload and another CP', async () => {
    const hw = await t.signIn('ops_hw', 'dawn');
    const noCost = await hw.upload(
      '/api/v1/ad-costs/upload?dry_run=1',
      'day,media,account_id\n2031-04-01,facebook,a',
    );
    expect(body(noCost)).toMatchObject({ code: 400001, data: { fields: { file: expect.any(String) } } });
    expect(body(await t.admin.get('/api/v1/ad-costs')).code).toBe(422001);

    const made = body<AdCostUploadAnswer>(
      await hw.upload('/api/v1/ad-costs/upload', `${HEADER}\n2031-04-02,tiktok,tt_9,,3,USD,,`),
    ).data.batch!;
    const batchRow = await t.rowCount(adCostBatches);
    expect(batchRow).toBeGreaterThan(0);
    const viewer = await t.staff(['launch/see/expend_report'], 'dawn', 'ops_hw');
    expect(body<List>(await viewer.get('/api/v1/ad-costs?media=tiktok')).data.total).toBeGreaterThan(0);
    expect(
      body(await viewer.upload('/api/v1/ad-costs/upload', `${HEADER}\n2031-04-03,tiktok,tt_9,,3,USD,,`)).code,
    ).toBe(403001);
    expect(
      body(await viewer.post(`/api/v1/ad-costs/batches/${made.id}/rollback`, { version: made.version })).code,
    ).toBe(403001);
    // The domestic CP's admin cannot reach the overseas CP's batch.
    const other = await t.signIn('admin');
    expect(
      body(await other.post(`/api/v1/ad-costs/batches/${made.id}/rollback`, { version: made.version })).code,
    ).not.toBe(0);
  });
});
