import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Cell } from './cells.ts';
import { CSV_BOM, csvLine, parseCsv } from './csv.ts';
import { runSteps } from './steps.ts';
import { readXlsx } from './xlsx-read.ts';
import { columnName, xlsxStream } from './xlsx.ts';
import { ZipReader, zipStream } from './zip.ts';

/** One entry of a zip, unpacked. */
function entry(zip: ZipReader, name: string): Buffer {
  const parts: Uint8Array[] = [];
  runSteps(zip.inflate(name, (bytes) => parts.push(bytes)));
  return Buffer.concat(parts);
}

async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function* batches(rows: Cell[][], size = 2): AsyncGenerator<Cell[][]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

const TRICKY: Cell[][] = [
  ['仙侠奇缘', 'quote " inside', 'comma, here', 'line\nbreak', '  padded  '],
  ['=SUM(A1)', '-5', 4.99, true, null],
  ['<tag> & "amp"', 'emoji 🐉', '', 'tab\there', 0],
];

const python = spawnSync('python3', ['--version']).status === 0;

describe('CSV', () => {
  it('quotes per RFC 4180 and reads back the same texts, BOM and CRLF included', () => {
    const text = CSV_BOM + TRICKY.map(csvLine).join('');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(csvLine(['a', 'b"c', 'd,e'])).toBe('a,"b""c","d,e"\r\n');
    const rows = parseCsv(text);
    expect(rows).toEqual([
      ['仙侠奇缘', 'quote " inside', 'comma, here', 'line\nbreak', '  padded  '],
      ['=SUM(A1)', '-5', '4.99', 'true', ''],
      ['<tag> & "amp"', 'emoji 🐉', '', 'tab\there', '0'],
    ]);
  });

  it('keeps formulas from running in a spreadsheet (CSV injection)', () => {
    expect(csvLine(['=1+1', '+cmd', '@x', '-5', '-x', "'q"])).toBe("'=1+1,'+cmd,'@x,-5,'-x,''q\r\n");
  });

  it('reads LF files and files without a final newline', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});

describe('XLSX', () => {
  it('streams a workbook that reads back cell for cell', async () => {
    const file = await collect(xlsxStream(['名称', 'b', 'c', 'd', 'e'], batches(TRICKY)));
    const rows = await readXlsx(file);
    expect(rows[0]).toEqual(['名称', 'b', 'c', 'd', 'e']);
    expect(rows[1]).toEqual(['仙侠奇缘', 'quote " inside', 'comma, here', 'line\nbreak', '  padded  ']);
    expect(rows[2]).toEqual(['=SUM(A1)', '-5', '4.99', 'true']);
    expect(rows[3]).toEqual(['<tag> & "amp"', 'emoji 🐉', '', 'tab\there', '0']);
    expect(entry(await ZipReader.open(file), 'xl/worksheets/sheet1.xml').toString()).toContain('<v>4.99</v>');
  });

  it('names columns like a spreadsheet', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it.skipIf(!python)('is a valid zip and well-formed XML for other readers (Python zipfile)', async () => {
    const rows: Cell[][] = Array.from({ length: 3000 }, (_, i) => [i, `道具 ${i}`, i % 3 === 0 ? '' : 'x']);
    const file = await collect(xlsxStream(['id', 'name', 'x'], batches(rows, 500)));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-'));
    const target = path.join(dir, 'export.xlsx');
    fs.writeFileSync(target, file);
    const check = spawnSync('python3', [
      '-c',
      [
        'import sys, zipfile, xml.dom.minidom',
        'z = zipfile.ZipFile(sys.argv[1])',
        'assert z.testzip() is None',
        'for n in z.namelist(): xml.dom.minidom.parseString(z.read(n))',
        'sheet = xml.dom.minidom.parseString(z.read("xl/worksheets/sheet1.xml"))',
        'print(len(sheet.getElementsByTagName("row")))',
      ].join('\n'),
      target,
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(check.stderr.toString()).toBe('');
    expect(check.stdout.toString().trim()).toBe('3001');
  });
});

describe('zip', () => {
  it('writes entries with data descriptors that its reader (and the CRCs) accept', async () => {
    const big = Buffer.alloc(200_000, 'abc');
    async function* pieces(): AsyncGenerator<Buffer> {
      for (let i = 0; i < 4; i++) yield big.subarray(i * 50_000, (i + 1) * 50_000);
    }
    const file = await collect(
      zipStream([
        { name: 'a.txt', data: Buffer.from('hello') },
        { name: '目录/big.txt', data: pieces() },
      ]),
    );
    const zip = await ZipReader.open(file);
    expect(entry(zip, 'a.txt').toString()).toBe('hello');
    expect(entry(zip, '目录/big.txt').equals(big)).toBe(true);
    expect(file.length).toBeLessThan(big.length / 10);
  });

  it('refuses what is not a zip, or unpacks too large', async () => {
    await expect(ZipReader.open(Buffer.from('not a zip at all, just text'))).rejects.toThrow();
    const file = await collect(zipStream([{ name: 'big', data: Buffer.alloc(1_000_000) }]));
    const small = await ZipReader.open(file, { total: 1000, entry: 1000 });
    expect(() => entry(small, 'big')).toThrow();
  });
});
