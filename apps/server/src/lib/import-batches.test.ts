import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import type { ImportAnswer } from '@rx/contracts';
import { body, type Client, useTestApp } from '../../test/index.ts';
import { importProps, propRow, propsAdmin, propsCsv, propsNamed } from '../../test/prop-sheets.ts';
import { operationLogs } from '../db/schema.ts';
import { giftPackages } from '../modules/gift-packages/tables.ts';
import { props } from '../modules/props/tables.ts';
import { csvLine } from './csv.ts';

const t = useTestApp({ as: null });
let api: Client;
beforeAll(async () => {
  ({ api } = await propsAdmin(t));
});

describe('imports write their new rows in batches', () => {
  it('creates 900 rows over two batches, each with its own create entry in the log', async () => {
    const rows = Array.from({ length: 900 }, (_, i) => propRow(`batched_${i}`, `批 ${i}`));
    const before = await t.rowCount(props);
    const dry = body<ImportAnswer>(await importProps(api, '?dry_run=1', propsCsv(rows))).data;
    expect(dry.create).toHaveLength(900);
    expect(await t.rowCount(props)).toBe(before);

    const res = await importProps(api, '', propsCsv(rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(body<ImportAnswer>(res).data.create).toHaveLength(900);
    const stored = await t.database.db.select().from(props).where(like(props.code, 'batched_%'));
    expect(stored).toHaveLength(900);
    expect(stored.find((p) => p.code === 'batched_641')!.name.zh).toBe('批 641');
    const logs = await t.database.db
      .select()
      .from(operationLogs)
      .where(
        and(
          eq(operationLogs.targetType, 'prop'),
          eq(operationLogs.action, 'create'),
          inArray(
            operationLogs.targetId,
            stored.map((p) => String(p.id)),
          ),
        ),
      );
    expect(logs).toHaveLength(900);
    const entry = logs.find((l) => l.targetId === String(stored.find((p) => p.code === 'batched_5')!.id))!;
    expect(entry).toMatchObject({ targetName: '批 5', username: 'admin', productId: stored[0]!.productId });
    expect(entry.after).toMatchObject({ code: 'batched_5', name: { zh: '批 5' } });
  });

  it('names the one row of a batch its write refuses; valid_only applies the others', async () => {
    // A disabled prop: the sheet knows its code, the gift's own check refuses it when writing.
    const [prop] = await propsNamed(t, ['copper']);
    await t.database.db.update(props).set({ status: 'disabled' }).where(eq(props.id, prop!.id));
    const exported = (await api.get('/api/v1/gift-packages/export?format=csv')).body.replace(/^\uFEFF/, '');
    const [headerLine, sampleLine] = exported.split('\r\n') as [string, string];
    const header = headerLine.split(',');
    const sample = parse(sampleLine)[0] as string[];
    const gift = (zh: string, contents: string) =>
      header.map((h, i) =>
        h === 'id' || h === 'version' || h === 'created_at' || h === 'updated_at'
          ? ''
          : h === 'name.zh'
            ? zh
            : h === 'contents'
              ? contents
              : h === 'valid_from' || h === 'valid_to'
                ? ''
                : sample[i]!,
      );
    const file = [
      header,
      gift('批量礼包甲', 'yuanbao*1'),
      gift('批量礼包乙', 'copper*5'),
      gift('批量礼包丙', 'yuanbao*2'),
    ]
      .map((cells) => csvLine(cells))
      .join('');
    const before = await t.rowCount(giftPackages);
    const all = await api.upload('/api/v1/gift-packages/import', file);
    expect(all.statusCode, all.body).toBe(400);
    expect(body<{ errors: { row: number; field: string }[] }>(all).data.errors).toEqual([
      expect.objectContaining({ row: 3, field: 'contents' }),
    ]);
    expect(await t.rowCount(giftPackages)).toBe(before);

    const res = await api.upload('/api/v1/gift-packages/import?valid_only=1', file);
    expect(res.statusCode, res.body).toBe(200);
    const applied = body<ImportAnswer>(res).data;
    expect(applied.skipped).toEqual([3]);
    expect(applied.create.map((c) => c.row)).toEqual([2, 4]);
    expect(await t.rowCount(giftPackages)).toBe(before + 2);
  });
});
