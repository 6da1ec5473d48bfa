import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { csQualityAccess, type CsRubric, type ImportAnswer } from '@rx/contracts';
import { body, checkRoundTrip, records, sheetOf, useTestApp } from '../../../test/index.ts';
import { operationLogs } from '../../db/schema.ts';
import { itemsCell, itemsFromCell } from './quality-io.ts';

// Quality rubrics as a sheet: the export and import round trip (CSV and XLSX), a bad file that
// changes nothing, labels with the separators in them, and who may export and import.

const t = useTestApp();
const admin = t.admin;
const tag = Date.now().toString(36);
const path = '/api/v1/cs/quality-rubrics';

async function rubric(name: string, items: CsRubric['items']): Promise<CsRubric> {
  const res = await admin.post(path, { name, items });
  expect(res.statusCode, res.body).toBe(200);
  return body<CsRubric>(res).data;
}
const rubrics = async () =>
  body<{ list: CsRubric[] }>(await admin.get(path)).data.list.filter((r) => r.name.endsWith(tag));

describe('quality rubrics import and export', () => {
  it('keeps labels with separators in them through a cell', () => {
    const items = [
      { label: 'a|b=c\\d', max: 5 },
      { label: 'Plain', max: 100 },
    ];
    expect(itemsCell(items)).toBe('a\\|b\\=c\\\\d=5|Plain=100');
    expect(itemsFromCell(itemsCell(items))).toEqual(items);
    expect(itemsFromCell('')).toEqual([]);
    expect(itemsFromCell('Greeting')[0]!.max).toBeNaN();
  });

  it('exports and imports back unchanged, applies an edited cell, and logs both', async () => {
    await rubric(`greet${tag}`, [
      { label: 'Greeting', max: 10 },
      { label: 'Tone | manner', max: 20 },
    ]);
    await rubric(`solve${tag}`, [{ label: 'Solution = fix', max: 30 }]);
    const { id } = await checkRoundTrip(admin, path, {
      row: (r) => r.name === `solve${tag}`,
      column: 'items',
      value: 'Solution=40|Follow-up=10',
    });
    const after = body<CsRubric>(await admin.get(`${path}/${id}`)).data;
    expect(after).toMatchObject({
      items: [
        { label: 'Solution', max: 40 },
        { label: 'Follow-up', max: 10 },
      ],
      max_total: 50,
    });
    const tableLogs = await t.database.db
      .select({ action: operationLogs.action })
      .from(operationLogs)
      .where(eq(operationLogs.targetType, 'cs-quality-rubrics'));
    expect(tableLogs.map((l) => l.action)).toEqual(expect.arrayContaining(['export', 'import']));
    expect((await t.logsOf('cs_quality_rubric', id)).map((l) => l.action)).toEqual(['update', 'create']);
  });

  it('refuses a bad file with its row errors and changes nothing', async () => {
    const before = await rubrics();
    const csv =
      'name,items,enabled\n' +
      `new${tag},Greeting=5,true\n` + // fine alone, but the file is refused as a whole
      `bad1${tag},Greeting=500,true\n` + // a maximum over 100
      `bad2${tag},Greeting,yes\n` + // no maximum
      `greet${tag},,true\n` + // no items
      `,Greeting=5,maybe\n`; // no name, not a boolean
    const dry = body<ImportAnswer>(await admin.upload(`${path}/import?dry_run=1`, csv)).data;
    expect(dry.dry_run).toBe(true);
    expect(dry.errors.map((e) => [e.row, e.field])).toEqual(
      expect.arrayContaining([
        [3, 'items'],
        [4, 'items'],
        [5, 'items'],
        [6, 'name'],
        [6, 'enabled'],
      ]),
    );
    expect(dry.errors.some((e) => e.row === 2)).toBe(false);
    const run = await admin.upload(`${path}/import`, csv);
    expect(body(run).code, run.body).toBe(400001);
    expect(await rubrics()).toEqual(before);
    // A file without the items column is refused before any row is read.
    const missing = await admin.upload(`${path}/import?dry_run=1`, `name,enabled\nx${tag},true\n`);
    expect(body<{ fields: Record<string, string> }>(missing).data.fields).toHaveProperty('file');
    // valid_only applies the good row alone.
    const some = body<ImportAnswer>(await admin.upload(`${path}/import?valid_only=1`, csv)).data;
    expect(some.create).toHaveLength(1);
    expect((await rubrics()).map((r) => r.name)).toContain(`new${tag}`);
  });

  it('exports with the export permission and imports with edit, and another CP sees none of it', async () => {
    const p = csQualityAccess.permissions;
    const viewer = await t.staff([p.see]);
    expect(body(await viewer.get(`${path}/export?format=csv`)).code).toBe(403001);
    expect(body(await viewer.upload(`${path}/import?dry_run=1`, 'name,items,enabled\n')).code).toBe(403001);
    const exporter = await t.staff([p.see, p.export]);
    const res = await exporter.get(`${path}/export?format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(records(await sheetOf(res)).map((r) => r.name)).toContain(`greet${tag}`);
    const editor = await t.staff([p.see, p.edit]);
    const dry = await editor.upload(`${path}/import?dry_run=1`, `name,items,enabled\nx${tag},A=1,true\n`);
    expect(body<ImportAnswer>(dry).data.create).toHaveLength(1);

    const otherCp = await t.signIn(await t.adminOf('ops_hw'), 'dawn');
    const theirs = await otherCp.get(`${path}/export?format=csv`);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.body).not.toContain(tag);
    const mine = (await rubrics())[0]!;
    expect(body(await otherCp.get(`${path}/${mine.id}`)).code).toBe(404001);
  });
});
