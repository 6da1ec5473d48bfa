import { parse as parseRaw } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvLine, parseCsv, readCsv } from './csv.ts';
import { FILE_LIMITS, TableFileError } from './file-limits.ts';
import { runSteps } from './steps.ts';
import { readXlsx } from './xlsx-read.ts';
import { xlsxStream } from './xlsx.ts';
import { ZipReader, zipStream } from './zip.ts';
import { deflateBomb, xmlEntry, zipOf, type RawEntry } from '../../test/zips.ts';

const MiB = 1024 * 1024;
/** The most one inflate step can produce: 4 KiB of input at deflate's ~1032:1 ceiling. */
const STEP_OUTPUT = 4 * 1024 * 1032;

async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const WORKBOOK =
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>';
const RELS =
  '<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>';

/** A workbook whose sheet is the given entry. */
function workbookWith(sheet: Omit<RawEntry, 'name'>): Buffer {
  return zipOf([
    xmlEntry('xl/workbook.xml', WORKBOOK),
    xmlEntry('xl/_rels/workbook.xml.rels', RELS),
    { ...sheet, name: 'xl/worksheets/sheet1.xml' },
  ]);
}
const sheetOf = (xml: string) => xmlEntry('', xml);

async function refusal(read: () => unknown): Promise<TableFileError> {
  try {
    await read();
  } catch (error) {
    if (error instanceof TableFileError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('XLSX uploads that try to explode', () => {
  // Unpacking the 40 MiB the limit allows takes a few seconds of CPU on a loaded machine.
  it(
    'stops a zip bomb (a small file claiming small sizes, inflating to 241 MiB) at the limit',
    { timeout: 120_000 },
    async () => {
      const bomb = workbookWith(deflateBomb('<worksheet><sheetData>', 241));
      expect(bomb.length).toBeLessThan(300 * 1024);
      const error = await refusal(() => readXlsx(bomb));
      expect(error.key).toBe('file_too_large');
      // Counted, not timed: it stopped within one step of the per-part limit, far from 241 MiB.
      expect(error.inflated).toBeGreaterThan(FILE_LIMITS.entryBytes);
      expect(error.inflated).toBeLessThanOrEqual(FILE_LIMITS.entryBytes + STEP_OUTPUT);
    },
  );

  it('counts all parts together: two parts under the part limit but over the total', async () => {
    const part = (name: string) => ({ name, ...deflateBomb('<a>', 3, '</a>') });
    const zip = await ZipReader.open(zipOf([part('one'), part('two')]), { total: 5 * MiB, entry: 4 * MiB });
    runSteps(zip.inflate('one', () => {}));
    expect(zip.inflated).toBe(3 * MiB + 7);
    const error = await refusal(() => runSteps(zip.inflate('two', () => {})));
    expect(error.key).toBe('file_too_large');
    expect(error.inflated).toBeGreaterThan(5 * MiB);
    expect(error.inflated).toBeLessThanOrEqual(5 * MiB + STEP_OUTPUT);
  });

  it('allows the workbook part only a little', async () => {
    const file = zipOf([{ name: 'xl/workbook.xml', ...deflateBomb('<workbook>', 20) }]);
    const error = await refusal(() => readXlsx(file));
    expect(error.key).toBe('file_too_large');
    expect(error.inflated).toBeLessThanOrEqual(MiB + STEP_OUTPUT);
  });

  it('refuses 64,000 unclosed <row> tags in a 1 KB sheet at the second one', async () => {
    const xml = '<worksheet><sheetData>' + '<row>'.repeat(64_000);
    const sheet = sheetOf(xml);
    expect(sheet.data.length).toBeLessThan(1200);
    expect((await refusal(() => readXlsx(workbookWith(sheet)))).key).toBe('bad_file');
  });

  it('refuses more rows than the limit, reading no further', async () => {
    const xml = '<worksheet><sheetData>' + '<row><c t="inlineStr"><is><t>x</t></is></c></row>'.repeat(64_000);
    const error = await refusal(() => readXlsx(workbookWith(sheetOf(xml))));
    expect(error.key).toBe('too_many_rows');
    expect(error.params).toEqual({ max: FILE_LIMITS.rows });
    // A row numbered far away is the same refusal, without padding up to it.
    const far = '<worksheet><sheetData><row r="9000000"/></sheetData></worksheet>';
    expect((await refusal(() => readXlsx(workbookWith(sheetOf(far))))).key).toBe('too_many_rows');
  });

  it('refuses a truncated or altered file, a zip that is no workbook, and a document type', async () => {
    const good = await collect(
      xlsxStream(
        ['a'],
        (async function* () {
          yield [['1'], ['2']];
        })(),
      ),
    );
    expect(await readXlsx(good)).toEqual([['a'], ['1'], ['2']]);
    expect((await refusal(() => readXlsx(good.subarray(0, good.length >> 1)))).key).toBe('bad_file');
    // Same length, one byte of the compressed sheet changed: the inflate or the CRC catches it.
    const altered = Buffer.from(good);
    const at = altered.indexOf('xl/worksheets/sheet1.xml') + 40;
    altered[at] = altered[at]! ^ 0xff;
    expect((await refusal(() => readXlsx(altered))).key).toBe('bad_file');

    const other = await collect(zipStream([{ name: 'notes.txt', data: Buffer.from('hello') }]));
    expect((await refusal(() => readXlsx(other))).key).toBe('bad_file');

    const doctype = '<!DOCTYPE w [<!ENTITY a "aaaa">]><worksheet><sheetData/></worksheet>';
    expect((await refusal(() => readXlsx(workbookWith(sheetOf(doctype))))).key).toBe('bad_file');
  });
});

describe('XLSX uploads that try to mislead', () => {
  it('refuses a part named twice (two different sheets under one name)', async () => {
    const twice = zipOf([
      xmlEntry('xl/workbook.xml', WORKBOOK),
      xmlEntry('xl/_rels/workbook.xml.rels', RELS),
      xmlEntry('xl/worksheets/sheet1.xml', '<worksheet><sheetData/></worksheet>'),
      xmlEntry(
        'xl/worksheets/sheet1.xml',
        '<worksheet><sheetData><row><c t="inlineStr"><is><t>x</t></is></c></row></sheetData></worksheet>',
      ),
    ]);
    expect((await refusal(() => readXlsx(twice))).key).toBe('bad_file');
  });

  it('refuses a directory that points outside the file', async () => {
    const good = workbookWith(sheetOf('<worksheet><sheetData/></worksheet>'));
    const end = good.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const far = Buffer.from(good);
    far.writeUInt32LE(good.length + 1000, end + 16);
    expect((await refusal(() => readXlsx(far))).key).toBe('bad_file');
  });
});

describe('CSV uploads', () => {
  it('reads BOM, any line ending and ragged rows the same in pieces as at once', async () => {
    const text = '\uFEFFa,b\r\n1\n"x\r\ny",3\r4,"5"';
    const rows = [['a', 'b'], ['1'], ['x\r\ny', '3'], ['4', '5']];
    expect(parseCsv(text)).toEqual(rows);
    expect(await readCsv(Buffer.from(text))).toEqual(rows);
  });

  it('refuses stray quotes instead of guessing, naming the line', async () => {
    for (const text of ['a,b\nx,y"z\n', 'a,b\n"open,1\n', 'a,b\n"ab"c,1\n']) {
      expect(await refusal(() => parseCsv(text))).toMatchObject({
        key: 'csv_bad_quote',
        params: { line: 2 },
      });
      await expect(readCsv(Buffer.from(text))).rejects.toMatchObject({ key: 'csv_bad_quote' });
    }
  });

  it('stops at the row, column and record limits', async () => {
    const rows = (n: number) => 'h\n' + 'x\n'.repeat(n);
    expect(parseCsv(rows(FILE_LIMITS.rows))).toHaveLength(FILE_LIMITS.rows + 1);
    expect(await refusal(() => parseCsv(rows(FILE_LIMITS.rows + 1)))).toMatchObject({
      key: 'too_many_rows',
      params: { max: FILE_LIMITS.rows },
    });
    await expect(readCsv(Buffer.from(rows(FILE_LIMITS.rows + 1)))).rejects.toMatchObject({
      key: 'too_many_rows',
    });
    expect(await refusal(() => parseCsv(','.repeat(FILE_LIMITS.columns)))).toMatchObject({
      key: 'too_many_columns',
    });
    const long = `a\n"${'x'.repeat(FILE_LIMITS.recordBytes + 10)}"\n`;
    expect(await refusal(() => parseCsv(long))).toMatchObject({ key: 'record_too_large' });
  });

  it('round-trips every text exactly while a spreadsheet sees no formula', () => {
    const values = ['=x', "'=x", "''=x", '-5', '+1', '@a', "'plain", '\tx', '\rx', "'", "x'", '-x', '=1+1'];
    const line = csvLine(values);
    // The cells a spreadsheet reads (plain RFC 4180, nothing taken off): none starts a formula.
    for (const cell of (parseRaw(line) as string[][])[0]!) expect(cell).toMatch(/^(?:-5$|[^=+\-@\t\r])/);
    expect(parseCsv(line)).toEqual([values]);
  });
});
