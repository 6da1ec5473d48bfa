import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { ImportAnswer } from '@rx/contracts';
import { body, type Client, useTestApp } from '../../test/index.ts';
import { importProps, propRow, propsAdmin, propsNamed, propsCsv } from '../../test/prop-sheets.ts';
import { operationLogs } from '../db/schema.ts';
import { props } from '../modules/props/tables.ts';

const t = useTestApp({ as: null });
let api: Client;
beforeAll(async () => {
  ({ api } = await propsAdmin(t));
});

describe('applying the valid rows (issue 13, defect 9)', () => {
  it('is all or nothing by default; valid_only=1 applies the good rows and answers the skipped ones', async () => {
    const codes = ['valid_a', 'valid_b', 'valid_c', 'valid_d'];
    const file = propsCsv([
      propRow('valid_a', '甲'),
      propRow('valid_b', '', { type: 'gadget' }),
      propRow('valid_c', '丙', { stack_limit: 'x' }),
      propRow('valid_d', '丁'),
    ]);
    const before = await t.rowCount(props);
    const all = await importProps(api, '', file);
    expect(body(all)).toMatchObject({ code: 400001, data: { errors: expect.any(Array) } });
    expect(await t.rowCount(props)).toBe(before);

    const preview = body<ImportAnswer>(await importProps(api, '?dry_run=1&valid_only=1', file)).data;
    expect(preview).toMatchObject({ dry_run: true, skipped: [3, 4] });
    expect(preview.create.map((c) => c.key)).toEqual(['valid_a', 'valid_d']);
    expect(await t.rowCount(props)).toBe(before);

    const res = await importProps(api, '?valid_only=1', file);
    expect(res.statusCode, res.body).toBe(200);
    const applied = body<ImportAnswer>(res).data;
    expect(applied).toMatchObject({ dry_run: false, skipped: [3, 4] });
    expect(applied.create.map((c) => c.key)).toEqual(['valid_a', 'valid_d']);
    // Errors name the skipped rows, several problems of one row each with its column.
    expect(new Set(applied.errors.map((e) => e.row))).toEqual(new Set([3, 4]));
    expect(
      applied.errors
        .filter((e) => e.row === 3)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['name.zh', 'type']);
    expect((await propsNamed(t, codes)).map((p) => p.code).sort()).toEqual(['valid_a', 'valid_d']);
    const [log] = await t.database.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'import'))
      .orderBy(desc(operationLogs.id))
      .limit(1);
    expect(log!.after).toMatchObject({ create: 2, skipped: 2 });
  });

  it('skips the second of two rows with the same key and applies the first', async () => {
    const file = propsCsv([propRow('valid_e', '戊'), propRow('valid_e', '戊二'), propRow('valid_f', '己')]);
    const applied = body<ImportAnswer>(await importProps(api, '?valid_only=1', file)).data;
    expect(applied.skipped).toEqual([3]);
    const names = (await propsNamed(t, ['valid_e', 'valid_f'])).map((p) => p.name.zh);
    expect(names.sort()).toEqual(['己', '戊']);
  });
});
