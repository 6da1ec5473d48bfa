import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '@rx/contracts';
import { body, type Client, useTestApp } from '../../test/index.ts';
import { importProps, PROP_HEADER, propRow, propsAdmin, propsCsv } from '../../test/prop-sheets.ts';
import { deflateBomb, entriesOf, xmlEntry, zipOf, type RawEntry } from '../../test/zips.ts';
import { xlsxStream } from './xlsx.ts';

// Uploads the readers refuse, over HTTP: 400001 on `file`, with a message saying why (defect 3).

const t = useTestApp({ as: null });
let api: Client;
beforeAll(async () => {
  ({ api } = await propsAdmin(t));
});

async function* rowsOf(rows: string[][]): AsyncGenerator<string[][]> {
  yield rows;
}

async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('import files the server will not choke on', () => {
  it('answers 400001 on file for a zip bomb whose parts claim tiny sizes', { timeout: 120_000 }, async () => {
    // Parts of 60 MiB of spaces claiming 1,000 bytes each (the old reader unpacked every part,
    // trusting the headers): the shared strings and three parts no sheet needs.
    const good = await collect(xlsxStream(PROP_HEADER, rowsOf([propRow('bomb_1', '炸弹')])));
    const sixty = deflateBomb('<sst>', 60, '</sst>');
    const bomb = rebuilt(good, (entries) => [
      ...entries,
      ...['xl/sharedStrings.xml', 'a.xml', 'b.xml', 'c.xml'].map((name) => ({ name, ...sixty })),
    ]);
    expect(bomb.length).toBeLessThan(400 * 1024);
    const res = await importProps(api, '?dry_run=1', bomb, 'application/octet-stream');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      code: 400001,
      data: { fields: { file: expect.stringContaining('40') } },
    });
  });

  it('answers 400001 on file for unclosed rows, a truncated workbook and a zip of something else', async () => {
    const good = await collect(xlsxStream(PROP_HEADER, rowsOf([propRow('xlsx_ok', '好')])));
    expect(body(await importProps(api, '?dry_run=1', good, 'application/octet-stream')).data).toMatchObject({
      create: [{ key: 'xlsx_ok' }],
    });
    const sheet = 'xl/worksheets/sheet1.xml';
    const unclosed = xmlEntry(sheet, '<worksheet><sheetData>' + '<row>'.repeat(64_000));
    const rows = rebuilt(good, (entries) => entries.map((e) => (e.name === sheet ? unclosed : e)));
    const other = rebuilt(good, (entries) => entries.filter((e) => e.name !== 'xl/workbook.xml'));
    for (const file of [rows, good.subarray(0, good.length - 100), other]) {
      const res = await importProps(api, '', file, 'application/octet-stream');
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 400001, data: { fields: { file: expect.any(String) } } });
    }
  });

  it('refuses more rows than the limit, naming it, and stray quotes, naming the line', async () => {
    const many = propsCsv(
      Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => propRow(`many_${i}`, `多 ${i}`)),
    );
    const res = await importProps(api, '?dry_run=1', many);
    expect(body(res)).toMatchObject({
      code: 400001,
      data: { fields: { file: expect.stringContaining(String(IMPORT_MAX_ROWS)) } },
    });
    const quote = await importProps(
      api,
      '?dry_run=1',
      `${PROP_HEADER.join(',')}\r\nq_1,引"号,,,,,,,,,material,common,,1,0,,\r\n`,
    );
    expect(body(quote)).toMatchObject({
      code: 400001,
      data: { fields: { file: expect.stringContaining('2') } },
    });
  });
});

/** The workbook `good` with its parts changed by `edit`. */
function rebuilt(good: Buffer, edit: (entries: RawEntry[]) => RawEntry[]): Buffer {
  return zipOf(edit(entriesOf(good)));
}
